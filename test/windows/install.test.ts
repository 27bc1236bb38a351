// hookd install and uninstall run by node.exe under wine: a CRLF Claude Code settings file and a
// Codex hooks file in a folder with a space and non-ASCII letters, each entry written in its
// client's Windows form with the paths node.exe resolved (its own, and dist\bin.js), and every byte
// given back by uninstall. wine has no PowerShell (a stub) and no Git Bash, the shells these entries
// are written for: the program and options install wrote are run through cmd in the cmd form of
// the same entry (windows-entry.ts), giving the hook's own decision, and its fallback's where hookd
// is gone. The forms themselves are checked as text in test/install/windows-install.test.ts.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { windowsEntry, windowsFallback } from '../../src/settings/windows-entry.js';
import { NODE_EXE, runWindows, windowsPath } from './wine.js';

const BIN = windowsPath(path.join(ROOT, 'dist', 'bin.js'));
const DECIDE = windowsPath(path.join(ROOT, 'test', 'windows', 'fixtures', 'decide.cjs'));
// No space in either path: the same words run in PowerShell and in cmd.
const HOOK = `${windowsPath(NODE_EXE)} ${DECIDE}`;

afterEach(cleanupTempDirs);

const hookd = (args: string[]) => runWindows('node.exe', [BIN, ...args]);
const crlf = (lines: string[]) => lines.join('\r\n') + '\r\n';

/** Codex's PreToolUse for a shell command, CRLF line ends, from a working folder with non-ASCII letters. */
const preToolUse = (command: string) =>
  crlf([
    '{',
    '"session_id": "s-1", "hook_event_name": "PreToolUse", "tool_name": "Bash",',
    `"cwd": "C:\\\\Users\\\\J\u00fcrgen \u00d1", "tool_input": { "command": ${JSON.stringify(command)} }`,
    '}',
  ]);

// An entry run as a Node-based client runs a command on Windows: cmd /d /s /c "ENTRY".
const RUN_ENTRY =
  'const r=require("child_process").spawnSync(process.env.ENTRY,{shell:true,stdio:"inherit"});process.exit(r.status)';
const runEntry = (entry: string, input: string) =>
  runWindows('node.exe', ['-e', RUN_ENTRY], { input, env: { ENTRY: entry } });

describe('hookd install on Windows (node.exe under wine)', () => {
  it('writes each client its Windows form, runs the hook through cmd, and uninstall gives every byte back', async () => {
    const home = tempDir('hookd home J\u00fcrgen \u00d1 ');
    const state = windowsPath(path.join(home, 'st\u00e4te dir'));
    const claude = path.join(home, '.claude', 'settings.json');
    const codex = path.join(home, '.codex', 'hooks.json');
    mkdirSync(path.dirname(claude));
    mkdirSync(path.dirname(codex));
    const claudeText = crlf([
      '{',
      '  "hooks": {',
      '    "PreToolUse": [',
      `      { "matcher": "Bash", "hooks": [ { "type": "command", "command": "~/hooks/guard.sh %USERNAME% $env:USERNAME", "timeout": 5 } ] },`,
      `      { "matcher": "Bash", "hooks": [ { "type": "command", "shell": "powershell", "command": ${JSON.stringify(HOOK)}, "timeout": 5 } ] }`,
      '    ]',
      '  }',
      '}',
    ]);
    const codexText = crlf([
      '{',
      `  "hooks": { "PreToolUse": [ { "hooks": [ { "type": "command", "command": ${JSON.stringify(HOOK)}, "timeout": 30 } ] } ] }`,
      '}',
    ]);
    writeFileSync(claude, claudeText);
    writeFileSync(codex, codexText);

    for (const [file, client] of [
      [claude, 'claude'],
      [codex, 'codex'],
    ] as const) {
      const run = await hookd(['install', '--settings', windowsPath(file), '--client', client, '--state-dir', state]);
      expect(run.code, String(run.stderr) + run.wine).toBe(0);
    }
    const installed = readFileSync(claude, 'utf8');
    expect(installed.replaceAll('\r\n', '')).not.toContain('\n');
    const claudeHooks = (JSON.parse(installed) as { hooks: { PreToolUse: { hooks: { command: string }[] }[] } }).hooks
      .PreToolUse;
    // Git Bash's form, its paths with forward slashes; PowerShell's: the Node and bundle node.exe resolved, by path.
    expect(windowsFallback(claudeHooks[0]!.hooks[0]!.command)).toMatchObject({
      shell: 'bash',
      command: '~/hooks/guard.sh %USERNAME% $env:USERNAME',
      program: { node: windowsPath(NODE_EXE).replaceAll('\\', '/'), script: BIN.replaceAll('\\', '/') },
    });
    const powershell = windowsFallback(claudeHooks[1]!.hooks[0]!.command);
    expect(powershell).toMatchObject({ shell: 'powershell', command: HOOK, bridge: 'sync' });
    expect(powershell!.program).toEqual({ node: windowsPath(NODE_EXE), script: BIN });
    const written = (
      JSON.parse(readFileSync(codex, 'utf8')) as { hooks: { PreToolUse: { hooks: { command: string }[] }[] } }
    ).hooks.PreToolUse[0]!.hooks[0]!.command;
    const entry = windowsFallback(written)!;
    expect(entry).toMatchObject({ shell: 'powershell', command: HOOK, bridge: 'sync' });
    expect(entry.options).toEqual([
      '--state-dir',
      state,
      '--client',
      'codex',
      '--event',
      'PreToolUse',
      '--timeout',
      '30',
    ]);

    // What install wrote, run through cmd: the hook's own decision through hookd, then without it.
    const viaCmd = (script: string) =>
      windowsEntry('cmd', entry.bridge, entry.options, entry.command, { ...entry.program, script });
    const denied = await runEntry(viaCmd(entry.program.script), preToolUse('rm -rf /'));
    expect(denied.code, String(denied.stderr)).toBe(2);
    expect(String(denied.stderr)).toContain('decide.cjs: no rm -rf in C:\\Users\\J\u00fcrgen \u00d1 (HOOKD_SHELL=cmd)');
    const allowed = await runEntry(viaCmd(entry.program.script), preToolUse('git status'));
    expect(allowed.code, String(allowed.stderr)).toBe(0);
    const gone = windowsPath(path.join(home, 'uninstalled', 'dist', 'bin.js'));
    const fallback = await runEntry(viaCmd(gone), preToolUse('rm -rf /'));
    expect(fallback.code, String(fallback.stderr)).toBe(2);
    expect(String(fallback.stderr)).toContain(
      'decide.cjs: no rm -rf in C:\\Users\\J\u00fcrgen \u00d1 (HOOKD_SHELL=unset)',
    );

    for (const file of [claude, codex]) {
      const run = await hookd(['uninstall', '--settings', windowsPath(file), '--state-dir', state]);
      expect(run.code, String(run.stderr)).toBe(0);
    }
    expect(readFileSync(claude, 'utf8')).toBe(claudeText);
    expect(readFileSync(codex, 'utf8')).toBe(codexText);
  });

  it("finds each client's files under the Windows home folder (%USERPROFILE%)", async () => {
    const home = String((await runWindows('node.exe', ['-e', 'process.stdout.write(require("os").homedir())'])).stdout);
    expect(home).toMatch(/^[A-Z]:\\/);
    const state = windowsPath(tempDir('hookd-state-'));
    // A dry run names the file it would edit and writes nothing (wine's home folder is the prefix's).
    const run = await hookd(['install', '--client', 'claude,codex,gemini', '--dry-run', '--state-dir', state]);
    expect(run.code, String(run.stderr)).toBe(0);
    for (const file of ['.claude\\settings.json', '.codex\\hooks.json', '.gemini\\settings.json'])
      expect(String(run.stdout)).toContain(`${home}\\${file}`);
  });
});
