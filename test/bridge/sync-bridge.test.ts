// The synchronous bridge as a client runs it: `sh -c "hookd sync -- 'CMD'"`, the event on stdin,
// the answer read from stdout, stderr and the exit code. Every case runs against the native bridge
// (through bin/hookd's script, and as the front door installs put in its place) and against the Node
// bridge (HOOKD_BRIDGE_NODE=1): they must answer alike.
// Runs through the binary: src/cli/main.ts, src/bridge/sync.ts, src/bridge/run-hook-in-line.ts,
// src/bridge/record-run.ts (the Node bridge), native/ (the C bridge).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FRONT_DOOR, HOOKD, ROOT } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { processAlive } from '../helpers/process-alive.js';
import { waitFor } from '../helpers/wait-for.js';
import { parseRecord } from '../../src/inbox/record-format.js';
import { INTERNAL_ERROR_EXIT, STDOUT_HELD_MAX } from '../../src/bridge/bridge-limits.js';

afterEach(cleanupTempDirs);

interface Answer {
  code: number | null;
  signal: string | null;
  stdout: Buffer;
  stderr: string;
}

/**
 * Run the bridge as a client does: `keepStdinOpen` writes the event and never closes stdin;
 * `clientTimeoutMs` kills the bridge as a client does when its own timeout fires (then `signal`).
 */
function runClient(
  command: string,
  payload: string | Buffer,
  options: {
    node: boolean;
    state: string;
    args?: string[];
    keepStdinOpen?: boolean;
    clientTimeoutMs?: number;
    hookd?: string;
  },
): Promise<Answer> {
  const words = ['sync', ...(options.args ?? []), '--', command]
    .map((word) => `'${word.replaceAll("'", `'\\''`)}'`)
    .join(' ');
  const env = { ...process.env, HOOKD_STATE_DIR: options.state, ...(options.node ? { HOOKD_BRIDGE_NODE: '1' } : {}) };
  if (!options.node) delete env.HOOKD_BRIDGE_NODE;
  const child = spawn('sh', ['-c', `exec ${options.hookd ?? HOOKD} ${words}`], { env, stdio: 'pipe' });
  const clientTimeout = options.clientTimeoutMs
    ? setTimeout(() => child.kill('SIGKILL'), options.clientTimeoutMs)
    : undefined;
  const out: Buffer[] = [];
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  child.stdin.on('error', () => undefined);
  if (options.keepStdinOpen) child.stdin.write(payload);
  else child.stdin.end(payload);
  return new Promise((resolve) =>
    child.on('exit', (code, signal) =>
      setImmediate(() => {
        clearTimeout(clientTimeout);
        child.stdin.destroy();
        resolve({ code, signal, stdout: Buffer.concat(out), stderr: err });
      }),
    ),
  );
}

/** The run records the bridge left in the inbox, parsed. */
function runs(state: string) {
  const tmp = path.join(state, 'inbox', 'tmp');
  if (!existsSync(tmp)) return [];
  return readdirSync(tmp).map((name) => {
    const parsed = parseRecord(readFileSync(path.join(tmp, name)));
    if (!parsed.ok || !parsed.content.run) throw new Error(`not a run record: ${name}`);
    return { ...parsed.content.run, command: parsed.content.command, payload: parsed.content.payload };
  });
}

const STOP = '{"session_id":"s1","hook_event_name":"Stop","stop_hook_active":false}\n';

describe.each([
  { impl: 'native', node: false, hookd: HOOKD },
  { impl: 'native front door', node: false, hookd: FRONT_DOOR },
  { impl: 'node', node: true, hookd: HOOKD },
])('hookd sync ($impl)', ({ node, hookd }) => {
  const client: typeof runClient = (command, payload, options) => runClient(command, payload, { ...options, hookd });
  // Else bin/hookd would quietly run the Node bridge and the native cases would test nothing new.
  if (!node)
    it('was built (scripts/build-native.mjs, run by npm run build)', () =>
      expect(existsSync(path.join(ROOT, 'dist', 'hookd-bridge'))).toBe(true));

  it('hands the client exactly what the hook said: stdout bytes, stderr, exit code', async () => {
    const state = tempDir();
    const answer = await client(`cat; printf '\\377\\000x'; echo 'keep going' >&2; exit 2`, STOP, { node, state });
    expect(answer.code).toBe(2);
    expect(answer.stdout).toEqual(Buffer.concat([Buffer.from(STOP), Buffer.from([0xff, 0x00, 0x78])]));
    expect(answer.stderr).toBe('keep going\n');
    const [run] = runs(state);
    expect(run).toMatchObject({ event: 'Stop', outcome: { status: 'failed', exitCode: 2 } });
    expect(run!.payload.toString()).toBe(STOP);
  });

  it("prints Codex's empty answer for a silent Stop hook, and nothing for Claude Code's", async () => {
    const state = tempDir();
    const codex = await client('cat >/dev/null', STOP, { node, state, args: ['--client', 'codex'] });
    expect([codex.code, codex.stdout.toString()]).toEqual([0, '{}']);
    const claude = await client('cat >/dev/null', STOP, { node, state, args: ['--client', 'claude'] });
    expect([claude.code, claude.stdout.toString()]).toEqual([0, '']);
  });

  it('does not wait for a client that leaves stdin open: the hook gets the event and EOF', async () => {
    const state = tempDir();
    const answer = await client('cat', STOP, { node, state, keepStdinOpen: true });
    expect(answer.code).toBe(0);
    expect(answer.stdout.toString()).toBe(STOP);
  });

  it('ends the whole process group at its deadline, before the client’s own timeout, and answers as the client reads a timeout', async () => {
    const state = tempDir();
    const pidFile = path.join(state, 'child.pid');
    // The client's own timeout would fire at 3 s; its guard here is later, so that a loaded machine
    // (the Node bridge's start-up) does not fail the test: the answer and its note say hookd ended it.
    const answer = await client(`sleep 300 & echo $! > ${pidFile}; sleep 300`, STOP, {
      node,
      state,
      args: ['--timeout', '3', '--client', 'claude'],
      clientTimeoutMs: 10_000,
    });
    expect([answer.signal, answer.code]).toEqual([null, 1]);
    expect(answer.stderr).toMatch(/timed out after 2\.7 s; hookd ended it/);
    await waitFor('the child the hook left to be ended', () => !processAlive(Number(readFileSync(pidFile, 'utf8'))));
    expect(runs(state)[0]).toMatchObject({ outcome: { status: 'timed_out' } });
  });

  it('is over when the hook exits, though a child it left holds stdout open', async () => {
    const state = tempDir();
    const answer = await client(
      `(sleep 20; echo late) & echo '{"decision":"block","reason":"tests fail"}'; exit 0`,
      STOP,
      { node, state, args: ['--timeout', '10'], clientTimeoutMs: 9000 },
    );
    expect([answer.signal, answer.code]).toEqual([null, 0]);
    expect(answer.stdout.toString()).toBe('{"decision":"block","reason":"tests fail"}\n');
  });

  it('survives a hook that never reads a 32 MiB event, and one that prints 100 MiB (past the stdout bound: it fails loudly)', async () => {
    const state = tempDir();
    const big = `{"hook_event_name":"Stop","session_id":"s2","pad":"${'x'.repeat(32 * 1024 * 1024)}"}`;
    const ignored = await client('exit 0', big, { node, state, args: ['--timeout', '20'] });
    expect(ignored.code).toBe(0);
    const loud = await client('head -c 104857600 /dev/zero', STOP, { node, state, args: ['--timeout', '20'] });
    expect([loud.code, loud.stdout.length]).toEqual([INTERNAL_ERROR_EXIT, 0]);
    expect(loud.stderr).toMatch(new RegExp(`more than ${STDOUT_HELD_MAX} bytes to stdout`));
    const recorded = runs(state).find((run) => run.outcome.status === 'spawn_error');
    expect(recorded?.outcome.stdout.raw?.length).toBe(STDOUT_HELD_MAX);
    expect(runs(state).find((run) => run.payload.length === big.length)).toBeDefined();
  });

  it('passes on a hook killed by a signal as the shell would, and a command that cannot start as sh says it', async () => {
    const state = tempDir();
    const killed = await client('kill -9 $$', STOP, { node, state });
    expect(killed.code).toBe(137);
    const missing = await client('/nonexistent/guard.py', STOP, { node, state });
    expect(missing.code).toBe(127);
    expect(missing.stderr).toMatch(/not found/);
    expect(
      runs(state)
        .map((run) => String(run.outcome.signal ?? run.outcome.exitCode))
        .sort(),
    ).toEqual(['127', 'SIGKILL']);
  });

  it('ends the hook when the client ends the bridge (its own timeout, Ctrl-C), though the hook has a process group of its own', async () => {
    const state = tempDir();
    const pidFile = path.join(state, 'hook.pid');
    const env: Record<string, string | undefined> = {
      ...process.env,
      HOOKD_STATE_DIR: state,
      HOOKD_BRIDGE_NODE: node ? '1' : undefined,
    };
    const bridge = spawn(hookd, ['sync', '--', `echo $$ > ${pidFile}; sleep 300 & wait`], {
      env,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    bridge.stdin.end(STOP);
    const pid = await waitFor('the hook to start', () =>
      existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) || undefined : undefined,
    );
    const ended = new Promise<string | null>((resolve) => bridge.on('exit', (_code, signal) => resolve(signal)));
    bridge.kill('SIGTERM');
    expect(await ended).toBe('SIGTERM');
    await waitFor('the hook to be ended', () => !processAlive(pid));
    expect(runs(state)).toEqual([expect.objectContaining({ outcome: expect.objectContaining({ signal: 'SIGTERM' }) })]);
  });

  it("runs the hook whatever --timeout and --client say: a bad timeout is the client's default, a huge one a day, an unknown client the generic contract", async () => {
    const state = tempDir();
    const cases: Array<[string[], number]> = [
      [['--client', 'claude', '--timeout', 'ten'], 600_000],
      [['--client', 'claude', '--timeout', '-3'], 600_000],
      [['--client', 'claude', '--timeout', '1e999'], 86_400_000],
      [['--client', 'no-such-client', '--timeout', '0'], 60_000],
    ];
    for (const [args] of cases)
      expect(await client('echo answered', STOP, { node, state, args })).toMatchObject({
        code: 0,
        stdout: Buffer.from('answered\n'),
      });
    expect(
      runs(state)
        .map((run) => run.timeoutMs)
        .sort((a, b) => a - b),
    ).toEqual(cases.map(([, ms]) => ms).sort((a, b) => a - b));
  });

  it('answers two deciding events of one session at once, each with its own answer', async () => {
    const state = tempDir();
    const [a, b] = await Promise.all([
      client(`sleep 0.3; echo a; exit 2`, STOP, { node, state }),
      client(`echo b`, STOP, { node, state }),
    ]);
    expect([a.code, a.stdout.toString(), b.code, b.stdout.toString()]).toEqual([2, 'a\n', 0, 'b\n']);
    expect(runs(state)).toHaveLength(2);
  });
});
