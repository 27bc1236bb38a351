// Each client's own rules, as the real binaries showed them (issue 20): Droid's hooks.json read
// only as a bare map and merged per event over settings.json, its matchers and its payload
// variables; Copilot CLI's folder of files and bash/powershell entries; Qwen Code's timeout units;
// Claude Code's args and shell entries; payloads that do not name their event.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseSettingsText } from '../../src/settings/load.js';
import { combine, loadSources } from '../../src/settings/load-sources.js';
import { lintConfig, notesFor } from '../../src/settings/lint.js';
import { selectHooks } from '../../src/settings/select-hooks.js';
import { hookEnv, payloadVariables } from '../../src/runner/hook-env.js';
import { parsePayload } from '../../src/payload/parse-payload.js';
import { clientById, clientFromEnv } from '../../src/clients/registry.js';
import { clientsOnMachine, userSources } from '../../src/clients/find-sources.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

afterEach(cleanupTempDirs);

const client = (id: string) => clientById(id)!;
const write = (file: string, value: unknown) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
};
const group = (command: string, matcher?: string) => ({
  ...(matcher !== undefined ? { matcher } : {}),
  hooks: [{ type: 'command', command }],
});

describe('Droid, as the real binary reads its files', () => {
  it('hooks.json shaped {"hooks": …} is ignored, as Droid ignores it, with the reason; settings.json still runs', async () => {
    const home = tempDir();
    write(
      path.join(home, '.factory', 'settings.json'),
      '// Factory CLI Settings\n{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "from-settings"}]}]}}',
    );
    write(path.join(home, '.factory', 'hooks.json'), { hooks: { Stop: [group('from-wrapped-hooks-json')] } });
    const [hooksJson, , settings] = await loadSources(userSources([client('droid')], home));
    expect(hooksJson!.ignored).toMatch(
      /^Droid reads this file only as a bare event map \(\{"Stop": \[\.\.\.\]\}\) and ignores one shaped \{"hooks": \{\.\.\.\}\}: move the events to the top level$/,
    );
    expect(settings!.ignored).toBeUndefined();
    const runs = combine(
      [hooksJson!, settings!].flatMap(({ result }) => (result.ok ? [result.config] : [])),
    ).entries.map((entry) => entry.run);
    expect(runs).toEqual(['from-settings']);
  });

  it("an event of hooks.json replaces that event of settings.json; settings.json's other events still run", async () => {
    const home = tempDir();
    write(path.join(home, '.factory', 'settings.json'), {
      hooks: { Stop: [group('settings-stop')], SessionStart: [group('settings-start')] },
    });
    write(path.join(home, '.factory', 'hooks.json'), { Stop: [group('hooks-json-stop')] });
    const loaded = await loadSources(userSources([client('droid')], home));
    const config = combine(loaded.flatMap(({ result }) => (result.ok ? [result.config] : [])));
    expect(config.entries.map((entry) => `${entry.event} ${entry.run}`).sort()).toEqual([
      'SessionStart settings-start',
      'Stop hooks-json-stop',
    ]);
  });

  it('matchers apply to PreToolUse, PostToolUse and SessionStart only, as an unanchored regular expression; every group of other events runs', () => {
    const text = JSON.stringify({
      hooks: {
        PreToolUse: [group('exec-hook', 'Exec'), group('read-hook', 'Read')],
        SubagentStop: [group('only-if-agent-type', 'general-purpose')],
      },
    });
    const parsed = parseSettingsText(text, 'settings.json', client('droid'));
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    expect(selectHooks(parsed.config, 'PreToolUse', { tool_name: 'Execute' }).map((entry) => entry.run)).toEqual([
      'exec-hook',
    ]);
    // Droid's SubagentStop has no agent_type: the group runs all the same.
    expect(selectHooks(parsed.config, 'SubagentStop', { task_name: 't' }).map((entry) => entry.run)).toEqual([
      'only-if-agent-type',
    ]);
    expect(notesFor(parsed.config, 'settings.json')).toContain(
      'note: settings.json: hooks.SubagentStop[0].matcher: Droid applies no matcher to SubagentStop: the group runs on every SubagentStop, and so does hookd',
    );
    // Claude Code reads the same name as exact.
    const claude = parseSettingsText(text, 'settings.json', client('claude'));
    if (!claude.ok) throw new Error(claude.errors.join('\n'));
    expect(selectHooks(claude.config, 'PreToolUse', { tool_name: 'Execute' })).toEqual([]);
  });

  it('each top-level string, number and boolean of the payload reaches the hook as a variable of its name, as Droid gives it; nothing else', () => {
    const payload = Buffer.from(
      JSON.stringify({
        session_id: 's1',
        hook_event_name: 'SessionEnd',
        reason: 'other',
        session_duration_ms: 278.247802734375,
        stop_hook_active: false,
        CLAUDE_ENV_FILE: '/h/.factory/temp/env/x.sh',
        nested: { a: 1 },
        list: [1],
        PATH: '/evil',
        LD_PRELOAD: '/evil.so',
        HOOKD_API_KEY: 'k',
      }),
    );
    expect(payloadVariables(client('droid'), payload)).toEqual({
      session_id: 's1',
      hook_event_name: 'SessionEnd',
      reason: 'other',
      session_duration_ms: '278.247802734375',
      stop_hook_active: 'false',
      CLAUDE_ENV_FILE: '/h/.factory/temp/env/x.sh',
    });
    expect(payloadVariables(client('claude'), payload)).toEqual({});
    // Behind the bridge, the client is known from the variables it carried.
    const env = hookEnv(
      { eventId: 'e', event: 'SessionEnd', attempt: 1, clientEnv: { FACTORY_PROJECT_DIR: '/p' }, payload },
      { PATH: '/usr/bin' },
    );
    expect(env).toMatchObject({ session_id: 's1', reason: 'other', PATH: '/usr/bin', FACTORY_PROJECT_DIR: '/p' });
    expect(env.LD_PRELOAD).toBeUndefined();
  });
});

describe('GitHub Copilot CLI: a folder of files, bash and powershell entries', () => {
  it('reads every *.json of ~/.copilot/hooks: a broken file is named, the good ones load; a powershell-only entry is left to the client with the reason', async () => {
    const home = tempDir();
    const dir = path.join(home, '.copilot', 'hooks');
    write(path.join(dir, 'a.json'), {
      version: 1,
      hooks: {
        agentStop: [{ type: 'command', bash: "hookd emit --event agentStop -- 'notify-send done'", timeoutSec: 5 }],
      },
    });
    write(path.join(dir, 'b.json'), '{"version": 1, "hooks": {"sessionEnd": [ {"type": "command", "bash": "log.sh"} ');
    write(path.join(dir, 'c.json'), {
      version: 1,
      hooks: {
        preToolUse: [
          { type: 'command', powershell: 'Write-Host hi' },
          { type: 'command', bash: './gate.sh', powershell: 'gate.ps1' },
        ],
      },
    });
    const loaded = await loadSources(userSources([client('copilot')], home));
    expect(loaded.map(({ source }) => path.basename(source.file))).toEqual([
      'a.json',
      'b.json',
      'c.json',
      'hookd.json',
      'settings.json',
    ]);
    const [a, b, c] = loaded;
    expect(b!.result.ok || b!.result.errors.join()).toMatch(
      /b\.json: not valid JSON: line 1 column \d+: expected a closing \]/,
    );
    if (!a!.result.ok || !c!.result.ok) throw new Error('the good files did not load');
    expect(a!.result.config.entries[0]).toMatchObject({
      event: 'agentStop',
      kind: 'bridge',
      run: 'notify-send done',
      timeoutMs: 5000,
      decides: true,
    });
    expect(c!.result.config.entries.map((entry) => [entry.kind, entry.run, entry.timeoutMs])).toEqual([
      ['other', '', 30_000],
      ['plain', './gate.sh', 30_000],
    ]);
    expect(notesFor(c!.result.config, 'c.json')).toEqual([
      'note: c.json: hooks.preToolUse[0]: has only "powershell", a command for Windows; hookd runs hooks with sh here, so it leaves this one to the client',
    ]);
  });

  it('$COPILOT_HOME moves the folder: its hooks/*.json are read instead, and the client is found there', () => {
    const home = tempDir();
    const moved = tempDir();
    write(path.join(moved, 'hooks', 'team.json'), { version: 1, hooks: {} });
    const before = process.env.COPILOT_HOME;
    process.env.COPILOT_HOME = moved;
    try {
      expect(userSources([client('copilot')], home).map((source) => source.file)).toEqual([
        path.join(moved, 'hooks', 'team.json'),
        path.join(moved, 'hooks', 'hookd.json'),
        path.join(moved, 'settings.json'),
      ]);
      expect(clientsOnMachine(home).map((profile) => profile.id)).toEqual(['copilot']);
    } finally {
      if (before === undefined) delete process.env.COPILOT_HOME;
      else process.env.COPILOT_HOME = before;
    }
  });

  // Copilot CLI 1.0.102 runs VS Code's `command` too, and runs the other entries beside one with no command at all (issue 30).
  it('an entry with only `command` runs; one with no command anywhere is skipped alone, with a warning located in the file', () => {
    const parsed = parseSettingsText(
      JSON.stringify({ version: 1, hooks: { agentStop: [{ type: 'command', command: 'x' }, { type: 'command' }] } }),
      'h.json',
      client('copilot'),
    );
    expect(parsed.ok && parsed.config.entries.map((entry) => entry.command)).toEqual(['x']);
    expect(parsed.ok && parsed.config.dropped?.map((part) => part.message)).toEqual([
      'h.json: hooks.agentStop[1]: GitHub Copilot CLI skips this hook and runs the rest of the file; so does hookd, which neither runs nor wraps it (bash: expected a command under "bash" (or "powershell" for Windows, or "command"))',
    ]);
  });

  it('a camelCase payload without hook_event_name is the event its bridge entry names; with no name it is still delivered', () => {
    const bytes = Buffer.from(
      JSON.stringify({ sessionId: 's1', timestamp: 1795632159621, cwd: '/p', stopReason: 'end_turn' }),
    );
    const named = parsePayload(bytes, 'payload', 'agentStop');
    expect(named.ok && [named.payload.event, named.payload.sessionId, named.payload.cwd]).toEqual([
      'agentStop',
      's1',
      '/p',
    ]);
    const unnamed = parsePayload(bytes, 'payload');
    expect(unnamed.ok && unnamed.payload.event).toBe('');
    // A payload that names its event keeps its own name.
    const own = parsePayload(
      Buffer.from(JSON.stringify({ hook_event_name: 'Stop', session_id: 's1' })),
      'payload',
      'agentStop',
    );
    expect(own.ok && own.payload.event).toBe('Stop');
  });

  it('the client that ran a bridge is named by its own variables, before the client whose variables it borrows', () => {
    expect(clientFromEnv({ COPILOT_CLI: '1', COPILOT_PROJECT_DIR: '/p', CLAUDE_PROJECT_DIR: '/p' })?.id).toBe(
      'copilot',
    );
    expect(
      clientFromEnv({
        QWEN_PROJECT_DIR: '/p',
        GEMINI_PROJECT_DIR: '/p',
        CLAUDE_PROJECT_DIR: '/p',
        QWEN_CODE_SESSION_ID: 's',
      })?.id,
    ).toBe('qwen');
    expect(clientFromEnv({ FACTORY_PROJECT_DIR: '/p', DROID_PROJECT_DIR: '/p', CLAUDE_PROJECT_DIR: '/p' })?.id).toBe(
      'droid',
    );
    expect(clientFromEnv({ CURSOR_TRACE_ID: 't', CLAUDE_PROJECT_DIR: '/p' })?.id).toBe('cursor');
  });
});

describe("Qwen Code's timeouts, Codex's default, Claude Code's args and shell", () => {
  it("an entry's env (Qwen Code's, Copilot CLI's) reaches the hook as written, over the client's variables; never a HOOKD_ one", () => {
    // A HOOKD_ name, a bad name or value is refused at load (test/reliability/entry-env.test.ts); the runner still never passes one.
    const text = JSON.stringify({
      hooks: {
        Stop: [{ hooks: [{ type: 'command', command: 'hookd emit -- x', env: { TEAM: 'blue', WHERE: '$HOME/x' } }] }],
      },
    });
    const parsed = parseSettingsText(text, 'settings.json', client('qwen'));
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    const entry = parsed.config.entries[0]!;
    expect(entry.env).toEqual({ TEAM: 'blue', WHERE: '$HOME/x' });
    const env = hookEnv(
      {
        eventId: 'e',
        event: 'Stop',
        attempt: 1,
        clientEnv: { QWEN_PROJECT_DIR: '/p', TEAM: 'red' },
        command: 'x $TEAM',
        entryEnv: { ...entry.env, HOOKD_API_KEY: 'no' },
      },
      { HOME: '/h' },
    );
    expect([env.TEAM, env.WHERE, env.HOOKD_API_KEY]).toEqual(['blue', '$HOME/x', undefined]);
  });

  it('Qwen Code: 5 is 5 s, 5000 is read as milliseconds (5 s) and said so', () => {
    const text = JSON.stringify({
      hooks: {
        Stop: [
          {
            hooks: [
              { type: 'command', command: 'a', timeout: 5 },
              { type: 'command', command: 'b', timeout: 5000 },
            ],
          },
        ],
      },
    });
    const parsed = parseSettingsText(text, 'settings.json', client('qwen'));
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    expect(parsed.config.entries.map((entry) => entry.timeoutMs)).toEqual([5000, 5000]);
    expect(lintConfig(parsed.config, 'settings.json')).toEqual([
      'settings.json: hooks.Stop[0].hooks[1].timeout: Qwen Code reads a timeout of 1000 or more as milliseconds: 5000 is 5 s, and hookd reads it so too; write 5 for seconds',
    ]);
  });

  it("Codex: a hook with no timeout has Codex's 600 s", () => {
    const parsed = parseSettingsText(
      JSON.stringify({ hooks: { PostCompact: [group('x')] } }),
      'hooks.json',
      client('codex'),
    );
    expect(parsed.ok && [parsed.config.entries[0]!.timeoutMs, lintConfig(parsed.config, 'hooks.json')]).toEqual([
      600_000,
      [],
    ]);
  });

  it("Codex: config.toml's [hooks] tables read as hooks.json's, its comments no matter, [hooks.state] no event; bad TOML located", () => {
    const toml = [
      '# my settings',
      'model = "gpt-5" # the default',
      '',
      '[[hooks.Stop]]',
      '[[hooks.Stop.hooks]]',
      'type = "command"',
      `command = "hookd emit -- 'notify-send done'" # notify`,
      'timeout = 30',
      '',
      '[[hooks.PreToolUse]]',
      'matcher = "Bash"',
      '[[hooks.PreToolUse.hooks]]',
      'type = "command"',
      'command = "./gate.sh"',
      '',
      '[hooks.state]',
      '"abc123" = { trusted = true }',
      '',
    ].join('\n');
    const parsed = parseSettingsText(toml, '/h/.codex/config.toml', client('codex'));
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    expect(
      parsed.config.entries.map((entry) => [entry.event, entry.kind, entry.run, entry.matcher, entry.timeoutMs]),
    ).toEqual([
      ['Stop', 'bridge', 'notify-send done', undefined, 30_000],
      ['PreToolUse', 'plain', './gate.sh', 'Bash', 600_000],
    ]);
    expect(lintConfig(parsed.config, 'config.toml', parsed.features)).toEqual([]);
    const bad = parseSettingsText('[hooks\nStop = 1\n', 'config.toml', client('codex'));
    expect(bad.ok || bad.errors[0]).toMatch(/^config\.toml: not valid TOML: line 1 column \d+: /);
    expect(parseSettingsText('model = "x"\n', 'config.toml', client('codex'))).toMatchObject({
      ok: true,
      config: { entries: [] },
    });
  });

  it("Claude Code: `args` run as the program's own words; a powershell entry is left to the client with the reason; new events known", () => {
    const text = JSON.stringify({
      hooks: {
        TaskCreated: [{ hooks: [{ type: 'command', command: 'node', args: ['scripts/log task.mjs', '--x'] }] }],
        CwdChanged: [
          {
            hooks: [
              { type: 'command', command: 'Write-Host hi', shell: 'powershell' },
              { type: 'command', command: 'echo hi', shell: 'bash' },
            ],
          },
        ],
      },
    });
    const parsed = parseSettingsText(text, 'settings.json', client('claude'));
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    expect(parsed.config.entries.map((entry) => [entry.kind, entry.run])).toEqual([
      ['plain', "node 'scripts/log task.mjs' --x"],
      ['other', 'Write-Host hi'],
      ['plain', 'echo hi'],
    ]);
    expect(lintConfig(parsed.config, 's.json')).toEqual([]);
    expect(notesFor(parsed.config, 's.json')).toEqual([
      'note: s.json: hooks.TaskCreated[0].hooks[0]: runs "command" as a program with "args", without a shell (exec form): hookd runs the same words quoted for sh, and install leaves it without a bridge, which would change how its arguments are read',
      'note: s.json: hooks.CwdChanged[0].hooks[0]: runs under PowerShell ("shell": "powershell"); hookd runs hooks with sh, so it leaves this one to the client',
    ]);
  });
});

describe("Gemini CLI's settings beside the events under hooks", () => {
  // Its hook registry skips `enabled`, `disabled` and `notifications` under `hooks` (HOOKS_CONFIG_FIELDS): no events, nothing skipped.
  it('are neither events nor entries it skips', () => {
    const text = JSON.stringify({
      hooks: {
        enabled: true,
        disabled: ['fmt'],
        notifications: true,
        AfterAgent: [{ hooks: [{ type: 'command', command: 'true' }] }],
      },
    });
    const parsed = parseSettingsText(text, '/h/.gemini/settings.json', client('gemini'));
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    expect(parsed.config.entries.map((entry) => entry.event)).toEqual(['AfterAgent']);
    expect(parsed.config.events).toEqual(['AfterAgent']);
    expect(parsed.config.dropped).toBeUndefined();
  });
});
