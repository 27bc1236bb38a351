// `hookd logs` (issue 23, item 3): the daemon keeps its log in its state directory, and the command
// prints it as JSON lines to a pipe and readable lines on a terminal (a real pty, through script(1)),
// follows it as it grows and across a rotation, and says plainly when there is none. The file is
// never written through a link planted at its path.
import { afterEach, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DaemonLogFile } from '../../src/daemon/log-file.js';
import { bridgeOnStop, stopPayload, stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { HOOKD } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const logs = (stateDir: string, args: string[] = []) =>
  execa(HOOKD, ['logs', '--state-dir', stateDir, ...args], { reject: false });
/** `hookd logs` on a terminal: script(1) gives it a pty; NO_COLOR keeps the text plain. */
const logsOnTerminal = (stateDir: string, args: string[] = []) =>
  execa('script', ['-qec', [HOOKD, 'logs', '--state-dir', stateDir, ...args].join(' '), '/dev/null'], {
    env: { NO_COLOR: '1', TZ: 'UTC' },
    reject: false,
  });

describe('hookd logs', () => {
  it("prints the daemon's lines: JSON lines to a pipe, readable lines on a terminal", async () => {
    const daemon = testDaemon(bridgeOnStop('true', 10));
    await daemon.start();
    await daemon.emit('true', stopPayload());
    await waitFor('the run in the log', async () =>
      (await logs(daemon.stateDir)).stdout.includes('"msg":"hook finished"'),
    );

    const piped = await logs(daemon.stateDir, ['--lines', '1000']);
    expect(piped.exitCode).toBe(0);
    const lines = piped.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string });
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['hookd daemon started', 'hook finished']));

    const shown = await logsOnTerminal(daemon.stateDir, ['--lines', '1000']);
    expect(shown.stdout).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC {2}INFO {3}hookd daemon started {2}stateDir=/m);
    expect(shown.stdout).toMatch(/INFO {3}hook finished {2}.*outcome=ok/);
    expect(shown.stdout).not.toMatch(/"msg":/);
    expect((await logsOnTerminal(daemon.stateDir, ['--json'])).stdout).toMatch(/^\{"level":30,/m);
  });

  it('--follow prints the lines the daemon writes from then on', async () => {
    const daemon = testDaemon({});
    await daemon.start();
    const follower = execa(HOOKD, ['logs', '--state-dir', daemon.stateDir, '--follow', '--lines', '1'], {
      reject: false,
      buffer: false,
    });
    let output = '';
    follower.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // The last line printed means the follower watches: it watches before it prints.
    await waitFor('the follower to print the last line', () => output.includes('"msg":"hookd daemon started"'));
    daemon.process!.kill('SIGHUP');
    await waitFor('the reload in the followed log', () => output.includes('"msg":"SIGHUP: reloading the settings"'));
    follower.kill();
    await follower;
    // The line of then, and the one written after: in that order.
    expect(output.indexOf('"msg":"hookd daemon started"')).toBeLessThan(
      output.indexOf('"msg":"SIGHUP: reloading the settings"'),
    );
  });

  it('keeps the log bounded by rotation, and reads and follows it across one', async () => {
    const state = tempDir();
    const file = path.join(state, 'daemon.log');
    const log = new DaemonLogFile(file, 1_000);
    log.write(`${JSON.stringify({ level: 30, time: Date.now(), msg: 'line 0' })}\n`);
    const follower = execa(HOOKD, ['logs', '--state-dir', state, '--follow', '--lines', '1'], {
      reject: false,
      buffer: false,
    });
    let output = '';
    follower.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // The last line printed means the follower watches: it watches before it prints.
    await waitFor('the follower to print the last line', () => output.includes('"msg":"line 0"'));
    for (let i = 1; i <= 40; i++) {
      log.write(`${JSON.stringify({ level: 30, time: Date.now(), msg: `line ${i}`, padding: 'x'.repeat(60) })}\n`);
      await waitFor(`line ${i} followed`, () => output.includes(`"msg":"line ${i}"`));
    }
    follower.kill();
    await follower;
    log.close();
    expect(readFileSync(file).length).toBeLessThanOrEqual(1_000);
    expect(existsSync(`${file}.1`)).toBe(true);
    const followed = output
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(followed).toEqual(Array.from({ length: 41 }, (_, i) => `line ${i}`));
    // What is kept is the last file and the one before it; --lines reads across both.
    const messages = (text: string) =>
      text
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { msg: string }).msg);
    const kept = [...messages(readFileSync(`${file}.1`, 'utf8')), ...messages(readFileSync(file, 'utf8'))];
    const last = messages((await logs(state, ['--lines', String(kept.length)])).stdout);
    expect(last).toEqual(kept);
    expect(last.at(-1)).toBe('line 40');
    expect(kept.length).toBeGreaterThan(messages(readFileSync(file, 'utf8')).length);
    expect(messages((await logs(state, ['--lines', '3'])).stdout)).toEqual(['line 38', 'line 39', 'line 40']);
  });

  it('says where it looked when there is no log, exit 1', async () => {
    const state = tempDir();
    const result = await logs(state);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe(
      `hookd: no daemon log at ${path.join(state, 'daemon.log')}: the daemon writes it while it runs (hookd daemon, or the service: hookd service install); is --state-dir or HOOKD_STATE_DIR the daemon's?`,
    );
  });

  it('never writes through a link planted at the log file', async () => {
    const daemon = testDaemon({});
    const elsewhere = path.join(tempDir(), 'target');
    writeFileSync(elsewhere, '');
    mkdirSync(daemon.stateDir, { mode: 0o700 });
    symlinkSync(elsewhere, path.join(daemon.stateDir, 'daemon.log'));
    await daemon.start();
    expect((await daemon.request('GET', '/health')).status).toBe(200);
    expect(readFileSync(elsewhere, 'utf8')).toBe('');
    expect(daemon.logs()).toContain('cannot write the log file in the state directory; logging to stderr only');
  });
});
