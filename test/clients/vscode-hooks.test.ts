// VS Code's agent hooks read Claude Code's files, which `hookd install` rewrites: an entry hookd
// wrapped must behave in VS Code as before. Its `windows`/`linux`/`osx` overrides stay, the `linux`
// one (what VS Code runs here) wrapped as the command is; uninstall gives the file back byte for
// byte; the synchronous bridge hands VS Code's answers through unchanged; the asynchronous bridge
// accepts its camelCase payloads (`sessionId`, `hookEventName`), delivering their bytes as sent.
// Payloads built from VS Code's hooks reference (test/fixtures/vscode/README.md); entries run as
// VS Code runs them on Linux, `linux` by sh. Real files and processes, the built hookd.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { vscode } from '../../src/clients/vscode.js';
import { claude } from '../../src/clients/claude/profile.js';
import { runHookd } from '../helpers/run-hookd.js';
import { ROOT } from '../helpers/paths.js';
import { stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { waitFor } from '../helpers/wait-for.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

afterEach(cleanupTempDirs);
afterAll(stopTestDaemons);

const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'vscode');
const PRE_TOOL_USE = readFileSync(path.join(FIXTURES, 'pre-tool-use.json'));
const STOP = readFileSync(path.join(FIXTURES, 'stop.json'));
const DENY =
  '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"Destructive command blocked by policy"}}';

function script(dir: string, name: string, body: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

describe("VS Code's agent hooks in the files hookd install rewrites", () => {
  it('keeps the per-system overrides, wraps linux with the command, and the wrapped entries answer VS Code as before', async () => {
    // Its contract is Claude Code's: the entry install writes with --client claude reads the same in VS Code.
    expect(vscode.contract).toEqual(claude.contract);
    const daemon = testDaemon();
    await daemon.start();
    const home = tempDir();
    const bin = tempDir();
    const out = tempDir();
    const guard = script(bin, 'guard-linux.sh', `cat > /dev/null; printf '%s' '${DENY}'`);
    const blocker = script(bin, 'block-linux.sh', 'cat > /dev/null; echo "no rm here" >&2; exit 2');
    const recorder = script(bin, 'record-linux.sh', `cat > '${out}/stop.json'`);
    const file = path.join(home, '.claude', 'settings.json');
    mkdirSync(path.dirname(file), { recursive: true });
    const hook = (linux: string, extra = {}) => ({
      type: 'command',
      command: './guard.sh',
      windows: 'powershell -File guard.ps1',
      osx: './guard-mac.sh',
      linux,
      ...extra,
    });
    const text = `${JSON.stringify(
      {
        hooks: {
          PreToolUse: [{ matcher: 'runInTerminal', hooks: [hook(guard, { timeout: 10 }), hook(blocker)] }],
          SessionEnd: [{ hooks: [hook(recorder)] }],
        },
      },
      null,
      2,
    )}\n`;
    writeFileSync(file, text);
    const env = { HOME: home, HOOKD_STATE_DIR: daemon.stateDir };

    const install = await runHookd(['install', '--client', 'claude'], { env });
    expect(install.exitCode, install.stderr + install.stdout).toBe(0);
    const written = JSON.parse(readFileSync(file, 'utf8')).hooks;
    const [first, second] = written.PreToolUse[0].hooks;
    for (const entry of [first, second, written.SessionEnd[0].hooks[0]]) {
      expect([entry.windows, entry.osx]).toEqual(['powershell -File guard.ps1', './guard-mac.sh']);
      expect(entry.command).toMatch(/hookd (sync|emit) (.* )?-- '\.\/guard\.sh'; \.\/guard\.sh$/);
    }
    expect(first.linux).toMatch(/exec hookd sync --client claude --event PreToolUse --timeout 10 -- /);
    expect(written.SessionEnd[0].hooks[0].linux).toMatch(/exec hookd emit -- /);

    // As VS Code runs the linux entry: sh, the payload on stdin.
    const run = (command: string, input: Buffer) =>
      execa('sh', ['-c', command], {
        env: { ...env, PATH: `${path.join(ROOT, 'bin')}:${process.env.PATH}` },
        input,
        reject: false,
      });
    const denied = await run(first.linux, PRE_TOOL_USE);
    expect([denied.exitCode, denied.stdout]).toEqual([0, DENY]);
    const blocked = await run(second.linux, PRE_TOOL_USE);
    expect([blocked.exitCode, blocked.stderr]).toEqual([2, 'no rm here']);
    // The asynchronous bridge takes VS Code's camelCase payload (here a Stop one on a SessionEnd entry: the event is the payload's).
    const emitted = await run(written.SessionEnd[0].hooks[0].linux, STOP);
    expect(emitted.exitCode, emitted.stderr).toBe(0);
    await waitFor(
      'the daemon to run the emitted hook',
      () => existsSync(path.join(out, 'stop.json')) && daemon.history().some((entry) => entry.event === 'Stop'),
    );
    expect(readFileSync(path.join(out, 'stop.json'))).toEqual(STOP);
    expect(daemon.history().find((entry) => entry.event === 'Stop')).toMatchObject({
      outcome: 'ok',
      session: 'session-identifier',
    });

    const uninstall = await runHookd(['uninstall', '--client', 'claude'], { env });
    expect(uninstall.exitCode, uninstall.stderr + uninstall.stdout).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});
