// Runs one hook: `sh -c CMD` with the payload on stdin, under a deadline. On timeout the whole
// process group gets SIGTERM, then SIGKILL after a grace period. The run is over when the hook's
// own process exits, even if a grandchild still holds stdout.
//
// node:child_process rather than execa: this is the daemon's hottest path, and execa's extra
// machinery per subprocess halved the hooks per second the daemon could start (bench/bridge.mjs).
// What execa would add here (buffering, encoding, line splitting) the runner does not use.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { captureOutput } from './capture-output.js';
import { killGroup } from './kill-group.js';
import type { Outcome } from './outcome.js';

export interface RunRequest {
  command: string;
  payload: Buffer;
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  /** Time between SIGTERM and SIGKILL. */
  graceMs?: number;
  /** Bytes kept of each of stdout and stderr. */
  outputCap?: number;
  /** Aborting ends the run now (daemon shutdown): the group is killed and the outcome is `interrupted`. */
  signal?: AbortSignal;
}

export const DEFAULT_GRACE_MS = 2000;
export const DEFAULT_OUTPUT_CAP = 64 * 1024;
// How long output may still drain after the hook exits before its pipes are closed on a grandchild.
const DRAIN_MS = 100;

/**
 * Call `over` once, when the run is over: `sh` has exited and both pipes have ended (all output
 * read; a turn of the event loop sooner than 'close', which also waits for the pipes' handles to
 * close), or 'close' came first (the pipes destroyed DRAIN_MS after the exit because a grandchild
 * holds them, or a hook that could not start).
 */
function whenOver(child: ChildProcessWithoutNullStreams, over: (exitCode: number | null, signal: NodeJS.Signals | null) => void): void {
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  let open = 2;
  let drain: NodeJS.Timeout | undefined;
  let done = false;
  const finish = (code: number | null, signal: NodeJS.Signals | null) => {
    if (done) return;
    done = true;
    clearTimeout(drain);
    over(code, signal);
  };
  const maybeOver = () => {
    if (exit && open === 0 && child.pid !== undefined) finish(exit.code, exit.signal);
  };
  for (const stream of [child.stdout, child.stderr]) stream.on('end', () => (open--, maybeOver()));
  child.on('exit', (code, signal) => {
    exit = { code, signal };
    maybeOver();
    if (done) return;
    drain = setTimeout(() => {
      child.stdout.destroy();
      child.stderr.destroy();
    }, DRAIN_MS).unref();
  });
  child.on('close', finish);
}

/** Run one hook and say how it ended (outcome.ts says what that means). Never throws. */
export function runHook(request: RunRequest): Promise<Outcome> {
  const started = performance.now();
  const graceMs = request.graceMs ?? DEFAULT_GRACE_MS;
  const cap = request.outputCap ?? DEFAULT_OUTPUT_CAP;
  return new Promise((resolve) => {
    // Its own process group (detached), so a timeout can reach every process the hook started.
    const child = spawn('sh', ['-c', request.command], { cwd: request.cwd, env: request.env, detached: true, stdio: 'pipe' });
    const stdout = captureOutput(child.stdout, cap);
    const stderr = captureOutput(child.stderr, cap);
    // A hook may exit without reading its stdin: the broken pipe is its business, not an error.
    child.stdin.on('error', () => undefined);
    child.stdin.end(request.payload);

    let ended: 'timed_out' | 'interrupted' | undefined;
    const stop = (why: 'timed_out' | 'interrupted') => {
      if (ended) return;
      ended = why;
      killGroup(child.pid, 'SIGTERM');
      // Unref'd: the SIGKILL still reaches a group that outlives `sh`, without holding the process open.
      setTimeout(() => killGroup(child.pid, 'SIGKILL'), graceMs).unref();
    };
    const deadline = setTimeout(() => stop('timed_out'), request.timeoutMs);
    const onAbort = () => stop('interrupted');
    if (request.signal?.aborted) onAbort();
    request.signal?.addEventListener('abort', onAbort);

    let spawnError: Error | undefined;
    child.on('error', (error) => {
      spawnError = error;
      clearTimeout(deadline);
    });
    child.on('exit', () => clearTimeout(deadline));
    whenOver(child, (exitCode, signal) => {
      clearTimeout(deadline);
      request.signal?.removeEventListener('abort', onAbort);
      const common = { exitCode, signal, durationMs: Math.round(performance.now() - started), stdout: stdout(), stderr: stderr() };
      // A process that never started closes with a negative errno as its "exit code".
      if (spawnError && child.pid === undefined) resolve({ status: 'spawn_error', ...common, exitCode: null, error: spawnError.message });
      else if (ended) resolve({ status: ended, ...common });
      else resolve({ status: exitCode === 0 ? 'ok' : 'failed', ...common });
    });
  });
}
