// Each client's file read by its own rules: shape, timeout unit and default, deciding events,
// hook types hookd leaves to the client; and the bad inputs of the real-clients issue.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseSettingsText } from '../../src/settings/load.js';
import { lintAcrossFiles, lintConfig, notesFor } from '../../src/settings/lint.js';
import { clientById, clientForPath, clientFromEnv } from '../../src/clients/registry.js';
import { isInEffect, userSources } from '../../src/clients/find-sources.js';
import { projectSources } from '../../src/clients/project-sources.js';
import { indexDaemonHooks, timeoutOf } from '../../src/settings/daemon-hooks.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import type { ClientProfile } from '../../src/clients/profile.js';

afterEach(cleanupTempDirs);

const client = (id: string) => clientById(id)!;
function load(text: string, profile: ClientProfile, file = 'f.json') {
  const result = parseSettingsText(text, file, profile);
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return result;
}

describe('client profiles', () => {
  it('Claude Code: deciding Stop, fire-and-forget Notification, prompt/http/agent hooks kept and skipped, default 600 s', () => {
    const text = JSON.stringify({
      hooks: {
        Stop: [
          {
            hooks: [
              { type: 'command', command: 'npm test || exit 2' },
              { type: 'prompt', prompt: 'Is the task done?' },
            ],
          },
        ],
        Notification: [
          {
            hooks: [
              { type: 'command', command: 'notify-send hi', timeout: 5 },
              { type: 'http', url: 'http://127.0.0.1:9/x' },
            ],
          },
        ],
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              { type: 'mcp_tool', server: 's', tool: 't' },
              { type: 'agent', prompt: 'check' },
            ],
          },
        ],
      },
    });
    const { config } = load(text, client('claude'));
    const [gate, prompt, notify, http] = config.entries;
    expect(gate).toMatchObject({ kind: 'plain', decides: true, timeoutMs: 600_000 });
    expect(prompt).toMatchObject({ kind: 'other', type: 'prompt', decides: true });
    expect(notify).toMatchObject({ kind: 'plain', decides: false, timeoutMs: 5000 });
    expect(http).toMatchObject({ kind: 'other', type: 'http' });
    expect(notesFor(config, 'settings.json').join('\n')).toMatch(
      /note: settings\.json: hooks\.Stop\[0\]\.hooks\[1\]\.type: "prompt" is a Claude Code hook type; hookd keeps it/,
    );
    expect(lintConfig(config, 'settings.json')).toEqual([]);
  });

  it('Gemini CLI: timeouts in milliseconds, AfterAgent decides, a timeout of 5 is flagged as the wrong unit', () => {
    const text =
      '{\n  // comments are fine in Gemini settings\n  "general": {"vimMode": true},\n  "hooks": {"AfterAgent": [{"hooks": [{"type": "command", "command": "say done", "timeout": 5}]}],\n    "SessionEnd": [{"hooks": [{"type": "command", "command": "log", "timeout": 30000}]}],}\n}\n';
    const { config, features } = load(text, client('gemini'));
    expect(features.comments).toBe(true);
    expect(config.entries.map((entry) => [entry.event, entry.timeoutMs, entry.decides])).toEqual([
      ['AfterAgent', 5, true],
      ['SessionEnd', 30_000, false],
    ]);
    const warnings = lintConfig(config, 'settings.json', features).join('\n');
    expect(warnings).toMatch(/timeout: 5 ms; Gemini CLI reads timeout in milliseconds: did you mean 5000\?/);
    expect(warnings).not.toMatch(/expects plain JSON/);
  });

  it('Cursor: hooks straight in the event list, conversation_id sessions, stop decides, sessionEnd does not', () => {
    const text = JSON.stringify({
      version: 1,
      hooks: {
        stop: [{ command: './hooks/stop.sh', loop_limit: 3 }],
        sessionEnd: [{ command: 'hookd emit -- ./log.sh' }],
      },
    });
    const { config } = load(text, client('cursor'));
    expect(config.entries).toMatchObject([
      { event: 'stop', kind: 'plain', decides: true, location: 'hooks.stop[0]' },
      { event: 'sessionEnd', kind: 'bridge', run: './log.sh', decides: false, location: 'hooks.sessionEnd[0]' },
    ]);
  });

  it('Codex and Droid: seconds, their own events; a comment in a Codex file is read but warned about', () => {
    const codex = load(
      '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x", "timeout": 3}]}]}, // trailing\n}',
      client('codex'),
    );
    expect(codex.config.entries[0]).toMatchObject({ timeoutMs: 3000, decides: true });
    expect(lintConfig(codex.config, 'hooks.json', codex.features).join('\n')).toMatch(
      /Codex CLI expects plain JSON and may refuse the file/,
    );
    const droid = load(
      '// Factory CLI Settings\n{"hooks": {"SubagentStop": [{"hooks": [{"type": "command", "command": "x"}]}]}}',
      client('droid'),
    );
    expect(droid.config.entries[0]).toMatchObject({ timeoutMs: 60_000, decides: true });
  });

  it('names the client from the path of its file and from the variables it gives its hooks', () => {
    expect(clientForPath('/home/u/.factory/settings.json')?.id).toBe('droid');
    expect(clientForPath('/home/u/.claude/settings.local.json')?.id).toBe('claude');
    expect(clientForPath('/home/u/.claude/plugins/cache/m/p/1.0.0/hooks/hooks.json')?.id).toBe('claude');
    expect(clientForPath('/home/u/.gemini/settings.json')?.id).toBe('gemini');
    expect(clientForPath('/home/u/.cursor/hooks.json')?.id).toBe('cursor');
    expect(clientForPath('/etc/other.json')).toBeUndefined();
    // Gemini sets CLAUDE_PROJECT_DIR too; its own variables win.
    expect(clientFromEnv({ CLAUDE_PROJECT_DIR: '/p', GEMINI_PROJECT_DIR: '/p' })?.id).toBe('gemini');
    expect(clientFromEnv({ CLAUDECODE: '1', CLAUDE_PROJECT_DIR: '/p' })?.id).toBe('claude');
    expect(clientFromEnv({ FACTORY_PROJECT_DIR: '/p' })?.id).toBe('droid');
  });

  it('Droid follows hooks.json (else the older hooks/hooks.json) and settings.json both (hooks.json replaces events, rules in droid-rules.test.ts); Claude Code its two project files', () => {
    const home = tempDir();
    mkdirSync(path.join(home, '.factory'));
    writeFileSync(path.join(home, '.factory', 'settings.json'), '{}');
    const [hooksFile, olderFile, settingsFile] = userSources([client('droid')], home);
    mkdirSync(path.join(home, '.factory', 'hooks'));
    writeFileSync(olderFile!.file, '{}');
    expect([isInEffect(hooksFile!), isInEffect(olderFile!), isInEffect(settingsFile!)]).toEqual([false, true, true]);
    writeFileSync(path.join(home, '.factory', 'hooks.json'), '{}');
    expect([isInEffect(hooksFile!), isInEffect(olderFile!), isInEffect(settingsFile!)]).toEqual([true, false, true]);
    expect(settingsFile!.overriddenBy).toEqual([hooksFile!.file, olderFile!.file]);
    expect([hooksFile!.bareMapOnly, olderFile!.bareMapOnly]).toEqual([true, true]);
    expect(projectSources('/p', [client('claude')]).map((source) => source.file)).toEqual([
      '/p/.claude/settings.json',
      '/p/.claude/settings.local.json',
    ]);
  });
});

describe('bad input in real files', () => {
  it('a BOM, CRLF, an empty file, a file that is an array, a negative timeout, a huge one', () => {
    const claude = client('claude');
    expect(load('\uFEFF{"hooks": {}}\r\n', claude).config.entries).toEqual([]);
    expect(load('', claude).config.entries).toEqual([]);
    const array = parseSettingsText('[1, 2]', 'x.json', claude);
    expect(array.ok || array.errors).toEqual(['x.json: expected a JSON object at the top level']);
    const negative = parseSettingsText(
      '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x", "timeout": -1}]}]}}',
      'x.json',
      claude,
    );
    expect(negative.ok || negative.errors[0]).toMatch(
      /^x\.json: hooks\.Stop\[0\]\.hooks\[0\]\.timeout: expected a positive number/,
    );
    const huge = load(
      '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x", "timeout": 1e308}]}]}}',
      claude,
    );
    expect(huge.config.entries[0]!.timeoutMs).toBe(2 ** 31 - 1);
    expect(lintConfig(huge.config, 'x.json').join('\n')).toMatch(/past the longest timer/);
  });

  it('nothing valid is refused because something else in the file is new: unknown types, unknown events, unknown keys', () => {
    const text = JSON.stringify({
      hooks: {
        FutureEvent: [{ hooks: [{ type: 'telepathy', intensity: 3 }] }],
        Notification: [{ hooks: [{ type: 'command', command: 'ok', newKey: true }] }],
      },
    });
    const { config } = load(text, client('claude'));
    expect(config.entries.map((entry) => entry.kind)).toEqual(['other', 'plain']);
    expect(lintConfig(config, 's.json').join('\n')).toMatch(
      /unknown event "FutureEvent": not an event of Claude Code; hookd keeps it/,
    );
  });

  it("two clients' files name one command with different timeouts: a warning, and the sending client's timeout", () => {
    const claude = load(
      '{"hooks": {"Notification": [{"hooks": [{"type": "command", "command": "hookd emit -- n", "timeout": 10}]}]}}',
      client('claude'),
      'c.json',
    );
    const droid = load(
      '{"hooks": {"Notification": [{"hooks": [{"type": "command", "command": "hookd emit -- n", "timeout": 30}]}]}}',
      client('droid'),
      'd.json',
    );
    expect(lintAcrossFiles([claude.config, droid.config]).join('\n')).toMatch(
      /same Notification command is in c\.json with another timeout \(10 s vs 30 s\)/,
    );
    const hooks = indexDaemonHooks({ shape: 'settings', entries: [...claude.config.entries, ...droid.config.entries] });
    expect(timeoutOf(hooks.entriesFor('Notification', 'n', client('claude')))).toBe(10_000);
    expect(timeoutOf(hooks.entriesFor('Notification', 'n', client('droid')))).toBe(30_000);
    expect(timeoutOf(hooks.entriesFor('Notification', 'n'))).toBe(30_000);
  });
});
