// Entries of the synchronous bridge as hookd reads them (issue 19): `hookd sync [options] -- 'CMD'`
// is its own kind, followed by the daemon but never run by it nor through the hook endpoint; hookd
// validate lints it like an emit entry (quoting), and says when its options disagree with its entry.
import { afterEach, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { classifyCommand } from '../../src/settings/classify-command.js';
import { syncCommand } from '../../src/install/quote-command.js';
import { echoHookdPath } from '../helpers/echo-hookd.js';
import { cleanupTempDirs } from '../helpers/temp-dir.js';
import { parseSettingsText } from '../../src/settings/load.js';
import { lintConfig, notesFor } from '../../src/settings/lint.js';
import { indexDaemonHooks } from '../../src/settings/daemon-hooks.js';
import { claude } from '../../src/clients/claude/profile.js';
import type { HookConfig } from '../../src/settings/config.js';

const config = (hooks: object): HookConfig => {
  const parsed = parseSettingsText(JSON.stringify({ hooks }), '/home/u/.claude/settings.json', claude);
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return parsed.config;
};
const command = (text: string, timeout?: number) => ({
  hooks: [{ type: 'command', command: text, ...(timeout !== undefined && { timeout }) }],
});

afterEach(cleanupTempDirs);

describe('hookd sync entries', () => {
  it('are classified with their options and their CMD, however the shell would split them', async () => {
    expect(
      classifyCommand(`hookd sync --client claude --event Stop --timeout 1.5 -- 'notify-send "A" "$(jq -r .message)"'`),
    ).toMatchObject({
      kind: 'sync',
      inner: 'notify-send "A" "$(jq -r .message)"',
      unquotedShellSyntax: false,
      sync: { client: 'claude', event: 'Stop', timeoutSec: 1.5 },
    });
    expect(classifyCommand(`/opt/hookd/bin/hookd sync --state-dir '/tmp/my state' -- echo hi`)).toMatchObject({
      kind: 'sync',
      inner: 'echo hi',
      stateDir: '/tmp/my state',
      sync: {},
    });
    // A word the bridge cannot read, with why (it runs nothing: issue 41, 8); `--opt=value` is read.
    expect(classifyCommand('hookd sync --wait 3 -- x')).toMatchObject({
      kind: 'sync',
      badOption: 'unknown option --wait',
    });
    expect(classifyCommand('hookd sync --timeout=3 -- x')).toMatchObject({ kind: 'sync', inner: 'x' });
    expect(classifyCommand('hookd sync --timeout=3 -- x')).not.toHaveProperty('badOption');
    expect(classifyCommand('hookd sync -- echo $(date) | tee x')).toMatchObject({
      kind: 'sync',
      unquotedShellSyntax: true,
    });
    expect(classifyCommand('echo hookd sync')).toEqual({ kind: 'plain' });
    // What install writes comes back as what it wrapped, and the client's shell hands the bridge exactly that word.
    const tricky = `echo 'it'"'"'s' && printf '%s\\n' "$HOME" | cat`;
    const written = syncCommand(tricky, { client: 'claude', event: 'Stop', timeoutSec: 30 });
    expect(classifyCommand(written)).toMatchObject({
      kind: 'sync',
      inner: tricky,
      sync: { client: 'claude', event: 'Stop', timeoutSec: 30 },
    });
    const seen = await execa('/bin/sh', ['-c', written], { env: { PATH: echoHookdPath() } });
    expect(seen.stdout).toBe(tricky);
  });

  it('are followed by the daemon but never run on an event, nor let through the hook endpoint', () => {
    const hooks = indexDaemonHooks(
      config({
        Stop: [command(`hookd sync --client claude --timeout 30 -- 'gate'`, 30), command(`hookd emit -- 'notify'`)],
      }),
    );
    expect(hooks.forEvent('Stop', {}).map((entry) => entry.run)).toEqual(['notify']);
    expect(hooks.entriesFor('Stop', 'gate', claude)).toMatchObject([{ kind: 'sync', timeoutMs: 30_000 }]);
    expect(hooks.entriesFor('Stop', 'gate', undefined, 'http')).toEqual([]);
    // Counted with the hooks hookd handles (`hookd status`), as the daemon records their runs.
    expect(hooks.count).toBe(2);
  });

  it('hookd validate lints them as it lints emit entries, and says when their options disagree with the entry', () => {
    const file = '/home/u/.claude/settings.json';
    const loaded = config({
      Stop: [
        command(`hookd sync --client claude --timeout 5 -- notify-send "$(jq -r .message)"`, 5),
        command(`hookd sync --client claude --timeout 120 -- 'gate'`, 30),
      ],
      PreToolUse: [
        command(`hookd sync --client droid --timeout 10 -- 'guard'`, 10),
        command('hookd sync --timeout 10'),
        command(`hookd sync --event Stop --timeout 10 -- 'guard'`, 10),
      ],
      Notification: [command(`hookd sync --client claude --timeout 5 -- 'notify'`, 5)],
    });
    const warnings = lintConfig(loaded, file).join('\n');
    expect(warnings).toContain(
      `hooks.Stop[0].hooks[0].command: the command after "hookd sync --" holds shell syntax outside single quotes, so the client's shell runs it first; wrap it in single quotes: hookd sync -- '...'`,
    );
    expect(warnings).toContain(
      "hooks.Stop[1].hooks[0].command: hookd sync --timeout 120 is longer than the entry's timeout (30 s): Claude Code ends the hook first, and hookd records no answer; give --timeout 30",
    );
    expect(warnings).toContain('hooks.PreToolUse[0].hooks[0].command: hookd sync --client droid in a Claude Code file');
    expect(warnings).toContain('hooks.PreToolUse[1].hooks[0].command: "hookd sync" with no command to run');
    expect(warnings).toContain(
      "hooks.PreToolUse[2].hooks[0].command: hookd sync --event Stop under PreToolUse: the bridge would read the hook's answer as a Stop hook's; write --event PreToolUse",
    );
    expect(notesFor(loaded, file).join('\n')).toContain(
      'hooks.Notification[0].hooks[0].command: Claude Code ignores the result of Notification hooks, so hookd sync holds the agent for nothing',
    );
    // A well-formed entry has nothing to say.
    expect(
      lintConfig(
        config({ Stop: [command(syncCommand('gate', { client: 'claude', event: 'Stop', timeoutSec: 30 }), 30)] }),
        file,
      ),
    ).toEqual([]);
  });
});
