// hookd install for Windows, planned here with the platform named (install/windows-install.ts's
// seam): each client's entries in the form the shell it runs them in reads (docs/clients.md,
// "Windows"), read back as hookd's by the settings reader, and uninstall giving every byte back, a
// CRLF file staying CRLF. The commands hold what Windows users write: %VAR%, $env:VAR, quoted paths
// with spaces and non-ASCII letters. Run under wine: test/windows/install.test.ts.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { runInstall } from '../../src/commands/install.js';
import { runUninstall } from '../../src/commands/uninstall.js';
import { parseSettingsText } from '../../src/settings/load.js';
import { clientById } from '../../src/clients/registry.js';
import { classifyCommand } from '../../src/settings/classify-command.js';
import { windowsEntry, windowsFallback, windowsProgram } from '../../src/settings/windows-entry.js';

let home: string;
let stateDir: string;

beforeEach(() => {
  home = tempDir('hookd-home-');
  process.env.HOME = home;
  process.env.XDG_STATE_HOME = home;
  // A state folder with a space and a non-ASCII letter: written into each entry as --state-dir.
  stateDir = path.join(home, 'st\u00e4te dir');
});
afterEach(cleanupTempDirs);

const PROGRAM = windowsProgram();
const GUARD = '& "C:\\Users\\J\u00fcrgen \u00d1\\hooks\\guard.ps1" -User $env:USERNAME';
const CMD_GUARD = 'python "C:\\Users\\J\u00fcrgen \u00d1\\hooks\\check.py" %USERPROFILE%';
const NOTIFY = 'msg * "done"';
const crlf = (lines: string[]) => lines.join('\r\n') + '\r\n';

/** Install for Windows into `text` as `client`'s file, check it, uninstall, and give back the text installed. */
async function roundTrip(client: string, name: string, text: string): Promise<string> {
  const file = path.join(home, name);
  writeFileSync(file, text);
  const out = await runInstall({ settings: file, client, stateDir, platform: 'win32' });
  // Nothing it wrapped is said to be left to the client (PowerShell is hookd's to run on Windows).
  expect(out).not.toMatch(/left alone|PowerShell/);
  const installed = readFileSync(file, 'utf8');
  // Run again, it finds every hook through hookd already: nothing changes.
  expect(await runInstall({ settings: file, client, stateDir, platform: 'win32' })).toMatch(/nothing to change/);
  expect(readFileSync(file, 'utf8')).toBe(installed);
  // Every line end stays CRLF: no bare LF came in.
  expect(installed.replaceAll('\r\n', '')).not.toContain('\n');
  await runUninstall({ settings: file, client, stateDir });
  expect(readFileSync(file, 'utf8')).toBe(text);
  return installed;
}

/** What the settings reader makes of the file: each entry's kind and the command that runs. */
function readBack(client: string, text: string) {
  const parsed = parseSettingsText(text, 'file.json', clientById(client)!);
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return parsed.config.entries.map(({ event, kind, run, unrunnable }) => ({ event, kind, run, unrunnable }));
}

const state = () => ['--state-dir', stateDir];
const sync = (client: string, event: string, timeout: number) => [
  ...state(),
  '--client',
  client,
  '--event',
  event,
  '--timeout',
  String(timeout),
];
const json = (value: string) => JSON.stringify(value);

describe('hookd install on Windows, per client', () => {
  it('Claude Code: Git Bash form by default, PowerShell for "shell": "powershell", a VS Code windows override too', async () => {
    const text = crlf([
      '{',
      '  "hooks": {',
      '    "PreToolUse": [',
      `      { "matcher": "Bash", "hooks": [ { "type": "command", "command": ${json('C:/Users/J\u00fcrgen \u00d1/hooks/guard.sh')}, "timeout": 5 } ] },`,
      `      { "matcher": "Bash", "hooks": [ { "type": "command", "shell": "powershell", "command": ${json(GUARD)}, "timeout": 5 } ] },`,
      `      { "matcher": "Bash", "hooks": [ { "type": "command", "command": "guard.sh", "windows": ${json(CMD_GUARD)}, "timeout": 5 } ] }`,
      '    ],',
      `    "Notification": [ { "hooks": [ { "type": "command", "shell": "powershell", "command": ${json(NOTIFY)} } ] } ]`,
      '  }',
      '}',
    ]);
    const installed = await roundTrip('claude', 'settings.json', text);
    const data = JSON.parse(installed) as { hooks: Record<string, { hooks: Record<string, string>[] }[]> };
    const [bash, ps, vscode] = data.hooks.PreToolUse!.map((group) => group.hooks[0]!);
    expect(bash!.command).toBe(
      windowsEntry(
        'bash',
        'sync',
        sync('claude', 'PreToolUse', 5),
        'C:/Users/J\u00fcrgen \u00d1/hooks/guard.sh',
        PROGRAM,
      ),
    );
    expect(windowsFallback(bash!.command!)).toMatchObject({ shell: 'bash', bridge: 'sync' });
    expect(ps!.command).toBe(windowsEntry('powershell', 'sync', sync('claude', 'PreToolUse', 5), GUARD, PROGRAM));
    expect(windowsFallback(vscode!.command!)).toMatchObject({ shell: 'bash', command: 'guard.sh' });
    expect(vscode!.windows).toBe(
      windowsEntry('powershell', 'sync', sync('claude', 'PreToolUse', 5), CMD_GUARD, PROGRAM),
    );
    const notify = data.hooks.Notification![0]!.hooks[0]!;
    expect(notify.command).toBe(windowsEntry('powershell', 'emit', state(), NOTIFY, PROGRAM));
    // Read back, each is hookd's and runs the hook as written: status, doctor and export see it.
    expect(readBack('claude', installed)).toEqual([
      { event: 'PreToolUse', kind: 'sync', run: 'C:/Users/J\u00fcrgen \u00d1/hooks/guard.sh', unrunnable: undefined },
      { event: 'PreToolUse', kind: 'sync', run: GUARD, unrunnable: undefined },
      { event: 'PreToolUse', kind: 'sync', run: CMD_GUARD, unrunnable: undefined },
      { event: 'Notification', kind: 'bridge', run: NOTIFY, unrunnable: undefined },
    ]);
  });

  it('Codex: commandWindows where the entry has it, else the command, in the PowerShell form', async () => {
    const text = crlf([
      '{',
      '  "hooks": {',
      `    "PreToolUse": [ { "hooks": [ { "type": "command", "command": "./guard.sh", "commandWindows": ${json(GUARD)}, "timeout": 10 } ] } ],`,
      `    "Stop": [ { "hooks": [ { "type": "command", "command": ${json(CMD_GUARD)} } ] } ]`,
      '  }',
      '}',
    ]);
    const installed = await roundTrip('codex', 'hooks.json', text);
    const data = JSON.parse(installed) as { hooks: Record<string, { hooks: Record<string, string>[] }[]> };
    const pre = data.hooks.PreToolUse![0]!.hooks[0]!;
    expect(pre.command).toBe('./guard.sh');
    expect(pre.commandWindows).toBe(
      windowsEntry('powershell', 'sync', sync('codex', 'PreToolUse', 10), GUARD, PROGRAM),
    );
    const stop = data.hooks.Stop![0]!.hooks[0]!.command!;
    expect(classifyCommand(stop)).toMatchObject({ kind: 'sync', inner: CMD_GUARD, fallback: true });
    expect(stop).toMatch(/^if \(\(Test-Path -LiteralPath '/);
    expect(readBack('codex', installed).map(({ kind, run }) => [kind, run])).toEqual([
      ['sync', GUARD],
      ['sync', CMD_GUARD],
    ]);
  });

  it('Codex: --async moves a Windows entry behind hookd emit, in the same form, and uninstall still gives it back', async () => {
    const file = path.join(home, 'hooks.json');
    const text = crlf([
      `{ "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": ${json(CMD_GUARD)} } ] } ] } }`,
    ]);
    writeFileSync(file, text);
    await runInstall({ settings: file, client: 'codex', stateDir, platform: 'win32' });
    expect(readBack('codex', readFileSync(file, 'utf8')).map(({ kind }) => kind)).toEqual(['sync']);
    await runInstall({ settings: file, client: 'codex', stateDir, platform: 'win32', async: [CMD_GUARD] });
    expect(readFileSync(file, 'utf8')).toContain(json(windowsEntry('powershell', 'emit', state(), CMD_GUARD, PROGRAM)));
    await runUninstall({ settings: file, client: 'codex', stateDir });
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('Copilot CLI: powershell beside bash, an entry with bash alone left as it is', async () => {
    const text = crlf([
      '{',
      '  "version": 1,',
      '  "hooks": {',
      '    "preToolUse": [',
      `      { "type": "command", "bash": "./guard.sh", "powershell": ${json(GUARD)}, "timeoutSec": 10 },`,
      '      { "type": "command", "bash": "./other.sh" }',
      '    ],',
      `    "sessionEnd": [ { "type": "command", "powershell": ${json(NOTIFY)} } ]`,
      '  }',
      '}',
    ]);
    const installed = await roundTrip('copilot', 'hooks.json', text);
    const data = JSON.parse(installed) as { hooks: Record<string, Record<string, string>[]> };
    const [both, bashOnly] = data.hooks.preToolUse!;
    expect(both!.bash).toBe('./guard.sh');
    expect(both!.powershell).toBe(
      windowsEntry('powershell', 'sync', sync('copilot', 'preToolUse', 10), GUARD, PROGRAM),
    );
    expect(bashOnly!.bash).toBe('./other.sh');
    expect(data.hooks.sessionEnd![0]!.powershell).toBe(
      windowsEntry('powershell', 'emit', [...state(), '--event', 'sessionEnd'], NOTIFY, PROGRAM),
    );
  });

  it.each([
    ['gemini', 'BeforeTool', 'Notification'],
    ['qwen', 'PreToolUse', 'Notification'],
  ])('%s: the PowerShell form in the command', async (client, deciding, notifying) => {
    const text = crlf([
      '{',
      '  "hooks": {',
      `    ${json(deciding)}: [ { "hooks": [ { "type": "command", "command": ${json(CMD_GUARD)} } ] } ],`,
      `    ${json(notifying)}: [ { "hooks": [ { "type": "command", "command": ${json(NOTIFY)} } ] } ]`,
      '  }',
      '}',
    ]);
    const installed = await roundTrip(client, 'settings.json', text);
    expect(readBack(client, installed).map(({ kind, run }) => [kind, run])).toEqual([
      ['sync', CMD_GUARD],
      ['bridge', NOTIFY],
    ]);
    expect(installed).toContain(json(windowsEntry('powershell', 'emit', state(), NOTIFY, PROGRAM)));
  });

  it.each([
    ['cursor', '{ "version": 1, "hooks": { "stop": [ { "command": "x.cmd" } ] } }'],
    ['droid', '{ "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "x.cmd" } ] } ] } }'],
  ])('%s: left alone, its way on Windows not being known', async (client, body) => {
    const text = crlf([body]);
    const file = path.join(home, 'hooks.json');
    writeFileSync(file, text);
    const out = await runInstall({ settings: file, client, stateDir, platform: 'win32' });
    expect(out).toMatch(/left alone: how .* runs a hook on Windows is not known/);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('refuses the examples and a manifest on Windows (commands for sh), changing nothing', async () => {
    const file = path.join(home, 'settings.json');
    const text = crlf(['{}']);
    writeFileSync(file, text);
    await expect(
      runInstall({ settings: file, client: 'claude', stateDir, platform: 'win32', add: ['notify'] }),
    ).rejects.toThrow(/--add: on Windows hookd install wraps the hooks your clients have/);
    await expect(
      runInstall({ settings: file, client: 'claude', stateDir, platform: 'win32', hooks: file }),
    ).rejects.toThrow(/--hooks: on Windows/);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('OpenCode: no shim written, its file left alone', async () => {
    const file = path.join(home, 'opencode.json');
    const text = crlf(['{ "hooks": { "session.idle": [ { "command": "x.cmd" } ] } }']);
    writeFileSync(file, text);
    const out = await runInstall({ settings: file, client: 'opencode', stateDir, platform: 'win32' });
    expect(out).toMatch(/left alone: how OpenCode runs a hook on Windows is not known/);
    expect(readdirSync(home)).toEqual(['opencode.json']);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it.each(['cline', 'crush'])('%s: left alone too', async (client) => {
    const file = path.join(home, 'crush.json');
    const text = crlf(['{ "hooks": { "PreToolUse": [ { "command": "x.cmd" } ] } }']);
    writeFileSync(file, text);
    const out = await runInstall({ settings: file, client, stateDir, platform: 'win32' });
    expect(out).toMatch(/left alone: how .* runs a hook on Windows is not known/);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('writes POSIX entries when the platform is not Windows (the default here)', async () => {
    const file = path.join(home, 'settings.json');
    writeFileSync(file, `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x.sh"}]}]}}`);
    await runInstall({ settings: file, client: 'claude', stateDir });
    expect(readFileSync(file, 'utf8')).not.toContain('Test-Path');
  });
});
