// Reproductions of issue 23's "exit codes and messages" and "reading the output": what a newcomer
// met in their first hour, each run as they ran it (the built hookd, a real daemon, real files).
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { execa } from 'execa';
import path from 'node:path';
import { runHookd, runHookdWithEnv } from '../helpers/run-hookd.js';
import { testDaemon, stopPayload, stopTestDaemons, type TestDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { HOOKD } from '../helpers/paths.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const hook = (command: string) => ({ hooks: [{ type: 'command', command }] });
// A Node program that cannot start: Node's first stderr line is `node:internal/modules/…`.
const NODE_FAILS = 'node /nonexistent-hookd-test/no-such-script.js';

async function emitAndWait(
  daemon: TestDaemon,
  command: string,
  payload: string | Buffer,
  env: Record<string, string> = {},
): Promise<void> {
  const before = daemon.history().length;
  await daemon.emit(command, payload, env);
  await waitFor(`the run of ${command}`, () => daemon.history().length > before);
}

describe('issue 23: exit codes and messages', () => {
  it("runs the user's valid hooks when a project file is invalid, names the bad file, and exits 1", async () => {
    const home = tempDir();
    const project = path.join(home, 'project');
    mkdirSync(path.join(home, '.claude'));
    mkdirSync(path.join(project, '.claude'), { recursive: true });
    writeFileSync(
      path.join(home, '.claude', 'settings.json'),
      JSON.stringify({ hooks: { Stop: [hook('echo user-hook-ran')] } }),
    );
    const bad = path.join(project, '.claude', 'settings.json');
    writeFileSync(bad, JSON.stringify({ hooks: { Stop: [hook(5 as unknown as string)] } }));
    const result = await runHookd(['run', 'Stop'], { env: { HOME: home }, cwd: project });
    expect(result.exitCode).toBe(1);
    // Which client and which file the hook came from, then its row.
    expect(result.stdout).toMatch(
      new RegExp(
        `^Claude Code: ${home}/\\.claude/settings\\.json\\n {2}✓ {2}ok .*hooks\\.Stop\\[0\\]\\.hooks\\[0\\] {2}echo user-hook-ran$`,
      ),
    );
    expect(result.stderr).toContain(`hookd: ${bad}: hooks.Stop[0].hooks[0].command: expected a string, got 5`);
    expect(result.stderr).toContain(
      `hookd: skipped ${bad} (Claude Code): it has the errors above, so its hooks did not run; the other files' did (--settings FILE runs one file only)`,
    );
    const json = await runHookd(['run', 'Stop', '--json'], { env: { HOME: home }, cwd: project });
    expect(json.exitCode).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      hooks: [{ command: 'echo user-hook-ran', client: 'claude', status: 'ok' }],
      skipped: [{ file: bad, client: 'claude', errors: [expect.stringContaining('expected a string, got 5')] }],
    });

    // With no valid file at all, nothing can run: bad input, and what to do.
    writeFileSync(path.join(home, '.claude', 'settings.json'), '{"hooks": ');
    const none = await runHookd(['run', 'Stop'], { env: { HOME: home }, cwd: project });
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toMatch(
      /\nhookd: no valid hook file to run: fix the errors above \(hookd validate lists them\), or name one file with --settings FILE$/,
    );
  });

  it("shows a failed Node hook's Error line, not node:internal, in run, status and history", async () => {
    const file = path.join(tempDir(), 'settings.json');
    writeFileSync(file, JSON.stringify({ hooks: { Stop: [hook(NODE_FAILS)] } }));
    const run = await runHookd(['run', 'Stop', '--settings', file]);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/failed \(exit 1\) .* — Error: Cannot find module '.*no-such-script\.js'$/m);
    expect(run.stdout).not.toContain('node:internal');

    const daemon = testDaemon();
    await daemon.start();
    await emitAndWait(daemon, NODE_FAILS, stopPayload());
    expect(String(daemon.history()[0]!.stderr)).toMatch(/^node:internal/);
    const status = await runHookdWithEnv(['status'], daemon.env);
    expect(status.stdout).toMatch(/last failures .*\n.*failed \(exit 1\).*\n {6}Error: Cannot find module/);
    // The lines from the Error on (its stack may follow), never Node's own first line.
    expect(status.stdout).not.toMatch(/^\s*node:internal/m);
    const [listed] = JSON.parse((await runHookdWithEnv(['history', '--json'], daemon.env)).stdout) as {
      stderrHead: string;
    }[];
    expect(listed!.stderrHead).toMatch(/^Error: Cannot find module/);
  });

  it('uninstall of a file install changed and the user deleted since: says so, drops its record, exit 0', async () => {
    const home = tempDir();
    const file = path.join(home, 'settings.json');
    writeFileSync(file, JSON.stringify({ hooks: { Notification: [hook('notify-send hi')] } }));
    const env = { HOME: home, HOOKD_STATE_DIR: path.join(home, 'state') };
    expect((await runHookd(['install', '--settings', file], { env })).exitCode).toBe(0);
    rmSync(file);
    const first = await runHookd(['uninstall'], { env });
    expect(first).toMatchObject({
      exitCode: 0,
      stderr: '',
      stdout: `${file}: deleted since hookd install changed it; nothing to undo there (its record is dropped)`,
    });
    await expect(runHookd(['uninstall'], { env })).resolves.toMatchObject({
      exitCode: 0,
      stdout: expect.stringMatching(/^hookd install has changed no file/),
    });
    // Named with --settings, a file that is not there is bad input, as --help says.
    await expect(runHookd(['uninstall', '--settings', file], { env })).resolves.toMatchObject({
      exitCode: 2,
      stderr: `hookd: ${file}: no such file (named with --settings)`,
    });
  });

  it('says which port the emulator cannot take and what to do', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    try {
      const result = await runHookd(['api', 'emulator', '--port', String(port)]);
      expect(result).toMatchObject({ exitCode: 1, stdout: '' });
      expect(result.stderr).toBe(
        `hookd: port ${port} on 127.0.0.1 is taken: another program listens there (another hookd api emulator?); choose another with --port N, or --port 0 for a free one. \`ss -ltnp 'sport = :${port}'\` shows which`,
      );
    } finally {
      taken.close();
    }
  });

  it("says that sessions list went through the daemon, which ignores this shell's HOOKD_API_URL", async () => {
    const daemon = testDaemon();
    await daemon.start();
    const result = await runHookdWithEnv(['api', 'sessions', 'list'], {
      ...daemon.env,
      HOOKD_API_URL: 'http://127.0.0.1:9',
    });
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toMatch(
      new RegExp(
        `^hookd: note: no API key in this shell, so this goes through the hookd daemon at ${daemon.socket}, which calls its own HOOKD_API_URL, not this shell's http://127\\.0\\.0\\.1:9; set HOOKD_API_KEY here to call that directly\\n`,
      ),
    );
  });
});

describe('issue 23: reading the output', () => {
  it('aligns columns whatever the width of a cell: a long event name, a long rejection', async () => {
    const daemon = testDaemon();
    await daemon.start();
    await emitAndWait(daemon, 'true', stopPayload({ hook_event_name: 'AVeryLongEventNameThatNoClientSends' }));
    await emitAndWait(daemon, 'echo short', 'not json at all');
    await emitAndWait(daemon, 'exit 3', stopPayload(), { CLAUDECODE: '1' });
    for (const args of [['history'], ['status']]) {
      const { stdout } = await runHookdWithEnv(args, daemon.env);
      const rows = stdout
        .split('\n')
        .filter((line) => /^(?: {2})?\d{4}-\d\d-\d\d \d\d:\d\d:\d\d /.test(line))
        .slice(0, 3);
      expect(rows, args.join(' ')).toHaveLength(3);
      // The command column starts at one place in every row, with two spaces before it.
      const starts = rows.map((row) => row.search(/ {2}(true|echo short|exit 3)\b/));
      expect(new Set(starts).size, `${args.join(' ')}:\n${rows.join('\n')}`).toBe(1);
      const rejected = rows.find((row) => row.includes('rejected'))!;
      expect(rejected).toMatch(/rejected: .* {2,}.*echo short/);
      expect(rows.find((row) => row.includes('exit 3'))).toMatch(/ {2}claude {2}/);
    }
  });

  it('colours outcomes on a terminal (a real pty, through script(1)), and not with NO_COLOR', async () => {
    const file = path.join(tempDir(), 'settings.json');
    writeFileSync(file, JSON.stringify({ hooks: { Stop: [hook('true'), hook('exit 3')] } }));
    const onTerminal = (env: Record<string, string>) =>
      execa('script', ['-qec', `${HOOKD} run Stop --settings ${file}`, '/dev/null'], {
        env: { PATH: process.env.PATH ?? '', HOME: tempDir(), TERM: 'xterm-256color', ...env },
        extendEnv: false,
        reject: false,
      });
    const coloured = await onTerminal({});
    expect(coloured.stdout).toContain('\x1b[32mok\x1b[39m');
    expect(coloured.stdout).toContain('\x1b[31mfailed (exit 3)\x1b[39m');
    const plain = await onTerminal({ NO_COLOR: '1' });
    expect(plain.stdout).toMatch(/ {2}failed \(exit 3\) {2}/);
    expect(plain.stdout).not.toContain('\x1b[');
  });

  it('colours outcomes when asked (FORCE_COLOR) and never with NO_COLOR or on a pipe', async () => {
    const daemon = testDaemon();
    await daemon.start();
    await emitAndWait(daemon, 'true', stopPayload());
    const forced = await runHookdWithEnv(['history'], { ...daemon.env, FORCE_COLOR: '1' });
    expect(forced.stdout).toContain('\x1b[32mok\x1b[39m');
    for (const env of [{ FORCE_COLOR: '1', NO_COLOR: '1' }, {}] as Record<string, string>[]) {
      const plain = await runHookdWithEnv(['history'], { ...daemon.env, ...env });
      expect(plain.stdout).toMatch(/ {2}ok {2}/);
      expect(plain.stdout).not.toContain('\x1b');
    }
  });
});
