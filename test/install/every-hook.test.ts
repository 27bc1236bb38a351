// `hookd install` puts every command hook through hookd (issue 19, item 7), on the real client
// files of test/fixtures/settings: fire-and-forget hooks behind hookd emit, deciding hooks behind
// hookd sync with the entry's timeout in seconds, the entries' own `timeout` untouched; hook types
// hookd does not run stay the client's, with the reason; `--async-only` keeps the old behaviour;
// `--async CMD` moves one deciding hook behind hookd emit; uninstall gives every byte back.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { FIXTURES, HOOKD } from '../helpers/paths.js';
import { runHookdWithEnv } from '../helpers/run-hookd.js';
import { runInstall } from '../../src/commands/install.js';
import { runUninstall } from '../../src/commands/uninstall.js';
import { parseSettingsText } from '../../src/settings/load.js';
import { notesFor } from '../../src/settings/lint.js';
import { clientById } from '../../src/clients/registry.js';
import { UsageError } from '../../src/common/errors.js';
import type { HookEntry } from '../../src/settings/config.js';

let home: string;
let stateDir: string;

beforeEach(() => {
  home = tempDir('hookd-home-');
  process.env.HOME = home;
  process.env.XDG_STATE_HOME = home;
  stateDir = path.join(home, 'hookd');
});
afterEach(cleanupTempDirs);

/** A copy of the fixture `name` in a fresh folder, and its bytes. */
function fixture(name: string): { file: string; bytes: Buffer } {
  const bytes = readFileSync(path.join(FIXTURES, 'settings', name));
  const file = path.join(tempDir(), name);
  writeFileSync(file, bytes);
  return { file, bytes };
}

function entries(file: string, client: string): HookEntry[] {
  const parsed = parseSettingsText(readFileSync(file, 'utf8'), file, clientById(client));
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return parsed.config.entries;
}

const byLocation = (list: HookEntry[]) => Object.fromEntries(list.map((entry) => [entry.location, entry]));

describe('hookd install: every command hook through hookd', () => {
  const cases: [string, string, Record<string, Partial<HookEntry>>, string[]][] = [
    [
      'claude-settings.json',
      'claude',
      {
        'hooks.PreToolUse[0].hooks[0]': {
          kind: 'sync',
          run: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/check-bash.sh',
          timeoutWritten: 10,
          sync: { client: 'claude', event: 'PreToolUse', timeoutSec: 10 },
        },
        // `async: true`: Claude Code never waits on it nor reads it, so it goes behind hookd emit.
        'hooks.PostToolUse[0].hooks[0]': {
          kind: 'bridge',
          run: "jq -r '.tool_input.file_path' | xargs npx prettier --write",
        },
        'hooks.Notification[0].hooks[0]': { kind: 'bridge' },
        'hooks.Notification[0].hooks[1]': { kind: 'other', type: 'http' },
        'hooks.Stop[0].hooks[0]': {
          kind: 'sync',
          run: '~/.claude/hooks/require-tests.sh',
          timeoutWritten: 120,
          sync: { client: 'claude', event: 'Stop', timeoutSec: 120 },
        },
        'hooks.Stop[0].hooks[1]': { kind: 'other', type: 'prompt' },
        'hooks.SessionEnd[0].hooks[0]': { kind: 'bridge' },
      },
      [
        'left alone: hooks.Notification[0].hooks[1] (http): an "http" hook to another server, which Claude Code sends itself',
        'left alone: hooks.Stop[0].hooks[1] (prompt): a "prompt" hook, which Claude Code runs itself',
      ],
    ],
    [
      'gemini-settings.json',
      'gemini',
      {
        // 5000 ms in Gemini CLI's unit is 5 s for hookd sync; the entry keeps its 5000.
        'hooks.BeforeTool[0].hooks[0]': {
          kind: 'sync',
          timeoutWritten: 5000,
          sync: { client: 'gemini', event: 'BeforeTool', timeoutSec: 5 },
        },
        'hooks.Notification[0].hooks[0]': { kind: 'bridge', timeoutWritten: 3000 },
        'hooks.SessionEnd[0].hooks[0]': { kind: 'bridge', timeoutWritten: 10000 },
      },
      [],
    ],
  ];

  for (const [name, client, expected, leftAlone] of cases) {
    it(`${name}: deciding hooks behind hookd sync, the others behind hookd emit, the rest listed; uninstall gives the bytes back`, async () => {
      const { file, bytes } = fixture(name);
      const out = await runInstall({ settings: file, client, stateDir });
      for (const line of leftAlone) expect(out).toContain(line);
      const after = byLocation(entries(file, client));
      for (const [location, fields] of Object.entries(expected))
        expect(after[location], location).toMatchObject(fields);
      // Only command literals changed: every other byte of the file is as it was.
      const before = byLocation(entries(path.join(FIXTURES, 'settings', name), client));
      let rebuilt = readFileSync(file, 'utf8');
      for (const [location, entry] of Object.entries(after))
        rebuilt = rebuilt.replace(JSON.stringify(entry.command), JSON.stringify(before[location]!.command));
      expect(rebuilt).toBe(bytes.toString('utf8'));
      // hookd validate has nothing to say of the result: no deciding hook behind hookd emit, no sync entry on an event the client ignores.
      const parsed = parseSettingsText(readFileSync(file, 'utf8'), file, clientById(client));
      if (parsed.ok)
        expect(notesFor(parsed.config, file).filter((note) => !/"(http|prompt)" is a/.test(note))).toEqual([]);
      // Run again: nothing to change.
      expect(await runInstall({ settings: file, client, stateDir })).toMatch(
        /nothing to change: every hook already runs through hookd|nothing to change: no hook hookd can run is left to wrap/,
      );
      await runUninstall({ settings: file, client, stateDir });
      expect(readFileSync(file)).toEqual(bytes);
    });
  }

  it("droid-settings-hooks.json, a file with comments: Droid reads none of its hooks' answers there but Stop's; byte for byte back", async () => {
    const { file, bytes } = fixture('droid-settings-hooks.json');
    await runInstall({ settings: file, client: 'droid', stateDir });
    const after = entries(file, 'droid');
    for (const entry of after.filter((one) => one.type === 'command')) {
      expect(entry.kind, entry.location).toBe(
        clientById('droid')!.fireAndForget.includes(entry.event) ? 'bridge' : 'sync',
      );
    }
    expect(readFileSync(file, 'utf8')).toMatch(/^\/\/ Factory CLI Settings\n/);
    await runUninstall({ settings: file, client: 'droid', stateDir });
    expect(readFileSync(file)).toEqual(bytes);
  });

  it('--async-only keeps the behaviour before issue 19: only fire-and-forget hooks wrapped, the deciding ones left alone with the reason', async () => {
    const { file, bytes } = fixture('claude-settings.json');
    const out = await runInstall({ settings: file, client: 'claude', stateDir, asyncOnly: true });
    const after = byLocation(entries(file, 'claude'));
    expect(after['hooks.PreToolUse[0].hooks[0]']).toMatchObject({ kind: 'plain' });
    expect(after['hooks.Stop[0].hooks[0]']).toMatchObject({ kind: 'plain' });
    expect(after['hooks.Notification[0].hooks[0]']).toMatchObject({ kind: 'bridge' });
    expect(after['hooks.SessionEnd[0].hooks[0]']).toMatchObject({ kind: 'bridge' });
    expect(out).toMatch(
      /left alone: hooks\.PreToolUse\[0\]\.hooks\[0\] \(.*check-bash\.sh\): Claude Code reads the result of PreToolUse hooks; without --async-only/,
    );
    expect(out).not.toMatch(/in line \(hookd sync\):/);
    // Then the default: the deciding hooks join; uninstall undoes both runs at once.
    await runInstall({ settings: file, client: 'claude', stateDir });
    expect(byLocation(entries(file, 'claude'))['hooks.Stop[0].hooks[0]']).toMatchObject({ kind: 'sync' });
    await runUninstall({ settings: file, client: 'claude', stateDir });
    expect(readFileSync(file)).toEqual(bytes);
  });

  it('--async CMD moves one deciding hook behind hookd emit, by name only, with a warning; uninstall still gives back the original bytes', async () => {
    const { file, bytes } = fixture('claude-settings.json');
    await runInstall({ settings: file, client: 'claude', stateDir });
    const gate = '~/.claude/hooks/require-tests.sh';
    const out = await runInstall({ settings: file, client: 'claude', stateDir, async: [gate] });
    expect(out).toContain(`move hooks.Stop[0].hooks[0] behind hookd emit, as asked: ${gate}`);
    expect(out).toMatch(
      /warning: hooks\.Stop\[0\]\.hooks\[0\] \(~\/\.claude\/hooks\/require-tests\.sh\) goes behind hookd emit as asked: Claude Code reads the answer of Stop hooks/,
    );
    const after = byLocation(entries(file, 'claude'));
    expect(after['hooks.Stop[0].hooks[0]']).toMatchObject({ kind: 'bridge', run: gate, timeoutWritten: 120 });
    // The other deciding hook stays in line.
    expect(after['hooks.PreToolUse[0].hooks[0]']).toMatchObject({ kind: 'sync' });
    expect(await runInstall({ settings: file, client: 'claude', stateDir, async: [gate] })).toMatch(
      /nothing to change/,
    );
    await runUninstall({ settings: file, client: 'claude', stateDir });
    expect(readFileSync(file)).toEqual(bytes);
  });

  it('--async with a command no deciding hook runs is refused, naming those that do, and changes nothing', async () => {
    const { file, bytes } = fixture('claude-settings.json');
    const refused = await runInstall({
      settings: file,
      client: 'claude',
      stateDir,
      async: ['~/.claude/hooks/require-test.sh'],
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UsageError);
    expect((refused as Error).message).toBe(
      '--async: no hook the client waits on runs "~/.claude/hooks/require-test.sh"; those that do: "\\"$CLAUDE_PROJECT_DIR\\"/.claude/hooks/check-bash.sh", "~/.claude/hooks/require-tests.sh"',
    );
    expect(readFileSync(file)).toEqual(bytes);
  });

  it('leaves a hook that runs without a shell ("args") or under PowerShell to the client, with the reason', async () => {
    const text = `${JSON.stringify(
      {
        hooks: {
          PreToolUse: [
            {
              hooks: [
                { type: 'command', command: '/usr/bin/guard', args: ['--strict'] },
                { type: 'command', command: 'Write-Host hi', shell: 'powershell' },
                { type: 'command', command: 'guard.sh', shell: 'bash' },
              ],
            },
          ],
        },
      },
      null,
      2,
    )}\n`;
    const file = path.join(tempDir(), 'settings.json');
    writeFileSync(file, text);
    const out = await runInstall({ settings: file, client: 'claude', stateDir });
    expect(out).toContain(
      'left alone: hooks.PreToolUse[0].hooks[0] (/usr/bin/guard): Claude Code runs it as a program with "args", without a shell',
    );
    expect(out).toContain(
      'left alone: hooks.PreToolUse[0].hooks[1] (Write-Host hi): runs under PowerShell ("shell": "powershell"); hookd runs hooks with sh, so it leaves this one to the client',
    );
    expect(out).toContain('wrap hooks.PreToolUse[0].hooks[2] in line (hookd sync): guard.sh');
    await runUninstall({ settings: file, client: 'claude', stateDir });
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});

describe('what install writes is what the synchronous bridge runs', () => {
  it('the built hookd installs, the client runs the sync entry with sh -c: the hook gets the event and the client its answer unchanged', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'settings.json');
    const seen = path.join(dir, 'seen.json');
    const guard = `cat > '${seen}'; echo "no, not that: it's dangerous" >&2; exit 2`;
    writeFileSync(
      file,
      `${JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: guard, timeout: 7 }] }] } }, null, 2)}\n`,
    );
    const env = {
      HOME: home,
      HOOKD_STATE_DIR: path.join(dir, 'state'),
      PATH: `${path.dirname(HOOKD)}:${process.env.PATH}`,
    };
    const install = await runHookdWithEnv(['install', '--settings', file, '--client', 'claude'], env);
    expect(install.exitCode, install.stderr).toBe(0);
    const written = (
      JSON.parse(readFileSync(file, 'utf8')) as {
        hooks: { PreToolUse: { hooks: { command: string; timeout: number }[] }[] };
      }
    ).hooks.PreToolUse[0]!.hooks[0]!;
    expect(written).toEqual({
      type: 'command',
      command: `command -v hookd >/dev/null 2>&1 && exec hookd sync --client claude --event PreToolUse --timeout 7 -- ${`'${guard.replace(/'/g, `'\\''`)}'`}; ${guard}`,
      timeout: 7,
    });
    const payload = `${JSON.stringify({ session_id: 's', cwd: dir, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf /' } })}\n`;
    // As Claude Code runs a command hook: sh -c with the event on stdin.
    const ran = await execa('sh', ['-c', written.command], { env, input: payload, reject: false, timeout: 20_000 });
    expect({ exitCode: ran.exitCode, stdout: ran.stdout, stderr: ran.stderr }).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: "no, not that: it's dangerous",
    });
    expect(readFileSync(seen, 'utf8')).toBe(payload);
  });
});
