// End to end: the built daemon and the sh bridge, as the agent client runs them.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { testDaemon, stopPayload, type TestDaemon, bridgeOnStop, stopTestDaemons } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { HOOKD } from '../helpers/paths.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

/** A daemon whose settings run `command` (as a bridge entry) on Stop with `timeout` seconds. */
function daemonWith(command: string, timeout = 10): TestDaemon {
  return testDaemon(bridgeOnStop(command, timeout));
}

const files = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

describe('daemon and bridge', () => {
  it('runs the hook with the exact payload, its context, and the client project variables', async () => {
    const out = tempDir();
    const daemon = daemonWith(`cat > ${out}/payload; env > ${out}/env`);
    await daemon.start();
    const payload = `${stopPayload({ extra: { nested: ['kept'] } })}\n`;
    const bridge = await daemon.emit(`cat > ${out}/payload; env > ${out}/env`, payload, {
      AGENT_PROJECT_DIR: '/work/project',
      UNRELATED: 'x',
    });
    expect(bridge).toEqual({ exitCode: 0, stdout: '', stderr: '' });
    await waitFor(
      'the hook to write its env',
      () => existsSync(`${out}/env`) && readFileSync(`${out}/env`, 'utf8').includes('HOOKD_ATTEMPT'),
    );
    expect(readFileSync(`${out}/payload`, 'utf8')).toBe(payload);
    const env = readFileSync(`${out}/env`, 'utf8');
    expect(env).toMatch(/^HOOKD_EVENT=Stop$/m);
    expect(env).toMatch(/^HOOKD_ATTEMPT=1$/m);
    expect(env).toMatch(/^HOOKD_EVENT_ID=\d{20}-\d+$/m);
    expect(env).toContain(`HOOKD_SOCKET=${daemon.socket}`);
    expect(env).toMatch(/^AGENT_PROJECT_DIR=\/work\/project$/m);
    expect(env).not.toMatch(/^UNRELATED=/m);
    await waitFor('the outcome in the history', () => daemon.history().length === 1);
    expect(daemon.history()[0]).toMatchObject({
      event: 'Stop',
      session: 'sess-1',
      outcome: 'ok',
      exitCode: 0,
      attempt: 1,
    });
    // The record goes only after its history line: a moment later on a loaded machine.
    await waitFor(
      'the record to leave the inbox',
      () => files(path.join(daemon.stateDir, 'inbox', 'cur')).length === 0,
    );
  });

  it('returns from the bridge while a 5 s hook is still running', async () => {
    const out = tempDir();
    const command = `touch ${out}/started; sleep 5; touch ${out}/finished`;
    const daemon = daemonWith(command);
    await daemon.start();
    expect((await daemon.emit(command, stopPayload())).exitCode).toBe(0);
    await waitFor('the hook to start', () => existsSync(`${out}/started`));
    expect(existsSync(`${out}/finished`)).toBe(false);
    const status = await daemon.request('GET', '/status');
    expect(status.body).toMatchObject({ queue: { running: 1 } });
  });

  it('keeps events while the daemon is down and runs them when it starts', async () => {
    const out = tempDir();
    const command = `cat >> ${out}/seen; echo >> ${out}/seen`;
    const daemon = daemonWith(command);
    for (let i = 0; i < 3; i++) expect((await daemon.emit(command, stopPayload({ i }))).exitCode).toBe(0);
    const down = await execa(HOOKD, ['status'], { env: daemon.env, reject: false });
    expect(down.exitCode).toBe(1);
    expect(down.stderr).toMatch(/the daemon is not running .*; 3 event\(s\) wait in the inbox/);
    await daemon.start();
    await waitFor(
      'three runs',
      () => existsSync(`${out}/seen`) && readFileSync(`${out}/seen`, 'utf8').trim().split('\n').length === 3,
    );
    // One session, one command: they ran in the order they arrived.
    expect(
      readFileSync(`${out}/seen`, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).i),
    ).toEqual([0, 1, 2]);
  });

  it('runs a hook again after the daemon is killed with -9 during its run, telling it the attempt', async () => {
    const out = tempDir();
    const command = `echo $HOOKD_ATTEMPT >> ${out}/attempts; test $HOOKD_ATTEMPT -gt 1 || sleep 30`;
    const daemon = daemonWith(command, 60);
    await daemon.start();
    await daemon.emit(command, stopPayload());
    await waitFor('the first attempt to start', () => existsSync(`${out}/attempts`));
    await daemon.kill9();
    await daemon.start();
    await waitFor('the second attempt to finish', () => daemon.history().some((entry) => entry.outcome === 'ok'));
    expect(readFileSync(`${out}/attempts`, 'utf8')).toBe('1\n2\n');
    expect(daemon.history()).toHaveLength(1);
    expect(daemon.history()[0]).toMatchObject({ outcome: 'ok', attempt: 2 });
  });

  it('loses none and doubles none of 200 concurrent bridges', async () => {
    const out = tempDir();
    const command = `cat > ${out}/$HOOKD_EVENT_ID`;
    const daemon = daemonWith(command);
    await daemon.start();
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => daemon.emit(command, stopPayload({ i, session_id: `s${i % 7}` }))),
    );
    expect(results.every((r) => r.exitCode === 0 && r.stdout === '' && r.stderr === '')).toBe(true);
    await waitFor('200 outcomes', () => daemon.history().length >= 200, 60_000);
    const seen = files(out).map((name) => JSON.parse(readFileSync(path.join(out, name), 'utf8')).i as number);
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i));
    expect(daemon.history().filter((e) => e.outcome === 'ok')).toHaveLength(200);
  });

  it('runs a 1.1 MiB Stop payload (a long last_assistant_message) byte for byte, and shows why one over 32 MiB was rejected in hookd status', async () => {
    const out = tempDir();
    const command = `cat > ${out}/seen`;
    const daemon = daemonWith(command);
    await daemon.start();
    const long = Buffer.from(`${stopPayload({ last_assistant_message: 'x'.repeat(1.1 * 1024 * 1024) })}\n`);
    await daemon.emit(command, long);
    await waitFor('the long payload to run', () => daemon.history().some((entry) => entry.outcome === 'ok'));
    expect(readFileSync(`${out}/seen`)).toEqual(long);
    await daemon.emit(command, Buffer.alloc(33 * 1024 * 1024, 32));
    await waitFor('the rejection', () => daemon.history().some((entry) => entry.outcome === 'rejected'));
    const status = await execa(HOOKD, ['status'], { env: daemon.env });
    expect(status.stdout).toMatch(/rejected: the event is 34603\d+ bytes, over the 32 MiB limit for a payload/);
  });

  it('keeps every bad payload in rejected/ with its reason (one too big to keep: the reason alone) and goes on running good ones', async () => {
    const out = tempDir();
    const command = `cat > ${out}/good`;
    const daemon = daemonWith(command);
    await daemon.start();
    const bad: Array<[string | Buffer, RegExp]> = [
      ['', /empty/],
      ['{not json', /not valid JSON/],
      ['[1,2]', /got an array/],
      [Buffer.alloc(33 * 1024 * 1024, 32), /over the 32 MiB limit/],
      [JSON.stringify({ hook_event_name: 'Stop' }), /session_id: expected a string/],
    ];
    for (const [payload] of bad) expect((await daemon.emit(command, payload)).exitCode).toBe(0);
    await daemon.emit(command, stopPayload());
    await waitFor('the good event to run', () => existsSync(`${out}/good`));
    // Five reasons; four records (rejected/ does not keep the 33 MiB one, src/inbox/rejected-shelf.ts).
    await waitFor('five rejections', () => files(path.join(daemon.stateDir, 'inbox', 'rejected')).length === 9);
    const reasons = files(path.join(daemon.stateDir, 'inbox', 'rejected'))
      .filter((name) => name.endsWith('.reason'))
      .map((name) => readFileSync(path.join(daemon.stateDir, 'inbox', 'rejected', name), 'utf8'));
    for (const [, pattern] of bad)
      expect(
        reasons.some((reason) => pattern.test(reason)),
        String(pattern),
      ).toBe(true);
    expect((await daemon.request('GET', '/health')).status).toBe(200);
  });

  it('takes a record its bridge never committed (a crash between write and commit) and rejects a half-written one', async () => {
    const out = tempDir();
    const command = `cat > ${out}/recovered`;
    const daemon = daemonWith(command);
    const tmp = path.join(daemon.stateDir, 'inbox', 'tmp');
    await daemon.start();
    const old = new Date(Date.now() - 5 * 60_000);
    writeFileSync(
      path.join(tmp, '777'),
      Buffer.concat([Buffer.from(`hookd-record 1\n${command}\0\0`), Buffer.from(stopPayload())]),
    );
    writeFileSync(path.join(tmp, '778'), Buffer.from(`hookd-record 1\n${command}\0\0{"session_id": "s", "hook_eve`));
    utimesSync(path.join(tmp, '777'), old, old);
    utimesSync(path.join(tmp, '778'), old, old);
    await waitFor('the uncommitted complete record to run', () => existsSync(`${out}/recovered`));
    await waitFor('the half-written record to be rejected', () =>
      files(path.join(daemon.stateDir, 'inbox', 'rejected')).some((name) => name.endsWith('-778.reason')),
    );
    // The complete one ran with its payload whole; the half-written one never ran, recorded as rejected.
    await waitFor('both in the history', () => daemon.history().length === 2);
    expect(readFileSync(`${out}/recovered`, 'utf8')).toBe(stopPayload());
    const outcomes = Object.fromEntries(daemon.history().map((line) => [String(line.eventId).slice(-3), line.outcome]));
    expect(outcomes).toEqual({ '777': 'ok', '778': 'rejected' });
  });

  it('runs a command missing from the settings with the default timeout, and a duplicate delivery once', async () => {
    const out = tempDir();
    const daemon = daemonWith('true');
    await daemon.start();
    const payload = stopPayload();
    await daemon.emit(`echo run >> ${out}/runs`, payload);
    await daemon.emit(`echo run >> ${out}/runs`, payload);
    await waitFor('two outcomes', () => daemon.history().length === 2);
    expect(readFileSync(`${out}/runs`, 'utf8')).toBe('run\n');
    expect(
      daemon
        .history()
        .map((e) => e.outcome)
        .sort(),
    ).toEqual(['duplicate', 'ok']);
    expect(daemon.logs()).toMatch(/command not in the settings file/);
  });

  it('refuses a second daemon on the same state directory, and a stale lock does not block a restart', async () => {
    const daemon = daemonWith('true');
    await daemon.start();
    const second = await execa(HOOKD, ['daemon'], { env: daemon.env, reject: false, timeout: 10_000 });
    expect(second.exitCode).toBe(1);
    expect(second.stderr).toMatch(/another hookd daemon \(pid \d+\) is already running/);
    await daemon.kill9();
    await daemon.start();
    expect((await daemon.request('GET', '/health')).status).toBe(200);
  });

  it('lets exactly one of three daemons started together over a stale lock run', async () => {
    const daemon = daemonWith('true');
    mkdirSync(daemon.stateDir, { recursive: true, mode: 0o700 });
    // The lock of a daemon that died: no process has this pid.
    writeFileSync(path.join(daemon.stateDir, 'daemon.pid'), '4194303');
    const starts = Array.from({ length: 3 }, () =>
      execa(HOOKD, ['daemon'], { env: daemon.env, reject: false, all: true }),
    );
    try {
      await waitFor(
        'one daemon to answer',
        async () => (await daemon.request('GET', '/health').catch(() => ({ status: 0 }))).status === 200,
      );
      const ended = await waitFor('the two others to give up', () => {
        const done = starts.filter((start) => start.exitCode !== null);
        return done.length === 2 ? done : undefined;
      });
      for (const start of ended) {
        const result = await start;
        expect(result.exitCode).toBe(1);
        expect(String(result.all)).toMatch(/another hookd daemon \(pid \d+\) is already running/);
      }
      expect((await daemon.request('GET', '/health')).status).toBe(200);
    } finally {
      for (const start of starts) start.kill('SIGKILL');
      await Promise.all(starts);
    }
  });

  it('lets a running hook finish on SIGTERM, then stops', async () => {
    const out = tempDir();
    const command = `sleep 1; touch ${out}/finished`;
    const daemon = daemonWith(command);
    await daemon.start();
    await daemon.emit(command, stopPayload());
    await waitFor(
      'the run to start',
      async () => ((await daemon.request('GET', '/status')).body as { queue: { running: number } }).queue.running === 1,
    );
    await daemon.stop();
    expect(existsSync(`${out}/finished`)).toBe(true);
    expect(daemon.history()[0]).toMatchObject({ outcome: 'ok' });
    expect(existsSync(daemon.socket)).toBe(false);
  });

  it('interrupts a hook still running at the shutdown deadline and runs it again on the next start', async () => {
    const out = tempDir();
    const command = `echo $HOOKD_ATTEMPT >> ${out}/attempts; test $HOOKD_ATTEMPT -gt 1 || sleep 30`;
    const daemon = daemonWith(command, 60);
    await daemon.start(['--shutdown-deadline', '0.3']);
    await daemon.emit(command, stopPayload());
    await waitFor('the run to start', () => existsSync(`${out}/attempts`));
    await daemon.stop();
    expect(daemon.history().map((e) => e.outcome)).toEqual(['interrupted']);
    await daemon.start();
    await waitFor('the retry', () => daemon.history().length === 2);
    expect(daemon.history()[1]).toMatchObject({ outcome: 'ok', attempt: 2 });
  });
});

describe('losing the state directory', () => {
  it('stops with a clear error when the state directory is deleted, and a restart recreates it', async () => {
    const daemon = daemonWith('true');
    await daemon.start();
    rmSync(daemon.stateDir, { recursive: true, force: true });
    const result = await daemon.process!;
    daemon.process = undefined;
    expect(result.exitCode).toBe(1);
    expect(daemon.logs()).toContain(
      `hookd: ${daemon.stateDir} was deleted while the daemon ran; stopping (start it again to recreate it)`,
    );
    await daemon.start();
    expect((await daemon.request('GET', '/health')).status).toBe(200);
  });
});

describe('bridge failures never fail the agent', () => {
  it('exits 0 with one line on stderr when the inbox cannot be written', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'state'), 'a file where the state directory should be');
    const result = await execa('sh', ['-c', `${HOOKD} emit -- 'true'`], {
      env: { HOOKD_STATE_DIR: path.join(dir, 'state') },
      input: stopPayload(),
      reject: false,
    });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^hookd emit: /);
  });

  it('exits 0 with one line on stderr when the disk is full (a file-size limit) and leaves no half record', async () => {
    const state = path.join(tempDir(), 'state');
    const result = await execa('sh', ['-c', `ulimit -f 1; ${HOOKD} emit -- 'true'`], {
      env: { HOOKD_STATE_DIR: state },
      input: Buffer.alloc(64 * 1024, 'x'),
      reject: false,
    });
    expect(result).toMatchObject({ exitCode: 0, stdout: '' });
    expect(result.stderr).toMatch(/^hookd emit: could not store the event in .*; it was not delivered$/);
    expect(files(path.join(state, 'inbox', 'tmp'))).toEqual([]);
    expect(files(path.join(state, 'inbox', 'new'))).toEqual([]);
  });

  it('exits 0 and says what to write when no command is given', async () => {
    const result = await execa(HOOKD, ['emit', '--'], {
      env: { HOOKD_STATE_DIR: tempDir() },
      input: stopPayload(),
      reject: false,
    });
    expect(result).toMatchObject({
      exitCode: 0,
      stdout: '',
      stderr: 'hookd emit: no command given; write: hookd emit -- CMD',
    });
  });

  it('writes the same record through the Node path (HOOKD_BRIDGE_NODE=1) as through sh', async () => {
    const out = tempDir();
    const command = `cat > ${out}/$HOOKD_EVENT_ID`;
    const daemon = daemonWith(command);
    await daemon.start();
    await daemon.emit(command, stopPayload({ via: 'sh' }), { AGENT_PROJECT_DIR: '/p' });
    await daemon.emit(command, stopPayload({ via: 'node' }), { HOOKD_BRIDGE_NODE: '1', AGENT_PROJECT_DIR: '/p' });
    // Wait for the outcomes, not the files: a file exists as soon as `cat >` opens it.
    await waitFor('both runs', () => daemon.history().length === 2);
    const via = files(out)
      .map((name) => JSON.parse(readFileSync(path.join(out, name), 'utf8')).via)
      .sort();
    expect(via).toEqual(['node', 'sh']);
  });
});
