// Runs one hook: `sh -c CMD` with the payload on stdin, under a deadline. On timeout the whole
// process group gets SIGTERM, then SIGKILL after a grace period. The run is over when the hook's
// own process exits, even if a grandchild still holds stdout.
//
// The gate: `sh` first reads one newline from stdin, which is written only after `onSpawn` has
// noted the hook's process group (the daemon notes it in the attempts journal), and only then runs
// CMD. A daemon killed before the note closes the pipe: `read` sees EOF and the hook never runs, so
// no hook runs that a restarted daemon cannot find and end. The payload follows the newline in the
// same write; HOOKD_PAYLOAD_BYTES says its length, so a hook can tell a payload cut short (the
// daemon killed mid-write) from a whole one (a cut JSON object also never parses).
//
// node:child_process rather than execa: this is the daemon's hottest path, and execa's extra
// machinery per subprocess halved the hooks per second the daemon could start (bench/bridge.mjs).
// What execa would add here (buffering, encoding, line splitting) the runner does not use.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { captureOutput } from './capture-output.js';
import { killGroup } from './kill-group.js';
import { hasExited } from './process-groups.js';
import { exitOutcome, type Outcome } from '../runs/outcome.js';

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
  /**
   * Called with the pid of the hook's `sh` (its process group) before the hook may go on; the hook
   * waits for a promise it returns. When it throws (or rejects), the hook never runs its command
   * and runHook rejects with that error. Not sent to the launcher: it asks the daemon (launch-hook.ts).
   */
  onSpawn?: (pid: number) => void | Promise<void>;
}

// Read by `sh` before CMD, on the same line so that CMD's line numbers stay as they were.
const GATE = 'read -r _ || exit 0; ';

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

const NEWLINE = Buffer.from('\n');

// The outcome of a hook that could not be started at all.
function notStarted(error: Error, started: number): Outcome {
  const nothing = { text: '', bytes: 0, truncated: false };
  return { status: 'spawn_error', exitCode: null, signal: null, durationMs: Math.round(performance.now() - started), stdout: nothing, stderr: nothing, error: error.message };
}

// Start `sh` behind the gate; an outcome instead when it cannot start at all.
function spawnHook(request: RunRequest, started: number): ChildProcessWithoutNullStreams | Promise<Outcome> {
  const env = { ...request.env, HOOKD_PAYLOAD_BYTES: String(request.payload.length) };
  let child: ChildProcessWithoutNullStreams;
  try {
    // Its own process group (detached), so a timeout can reach every process the hook started.
    child = spawn('sh', ['-c', GATE + request.command], { cwd: request.cwd, env, detached: true, stdio: 'pipe' });
  } catch (error) {
    // Some start failures (E2BIG: a command over the argument limit) throw rather than emit 'error'.
    return Promise.resolve(notStarted(error as Error, started));
  }
  // EMFILE, ENFILE: no pipes could be made; the 'error' event that follows says which.
  if (!child.stdin || !child.stdout || !child.stderr) return new Promise((resolve) => child.once('error', (error) => resolve(notStarted(error, started))));
  return child;
}

// Let the hook's command run: note its group (at once, or once `onSpawn`'s promise resolves: a
// launcher asks the daemon), then write the newline and the payload. When the note
// fails, the gate stays shut (`sh` reads EOF and exits) and `refused` hears why.
function openGate(child: ChildProcessWithoutNullStreams, request: RunRequest, refused: (error: Error) => void): void {
  // A hook may exit without reading its stdin: the broken pipe is its business, not an error.
  child.stdin.on('error', () => undefined);
  const open = () => void child.stdin.end(Buffer.concat([NEWLINE, request.payload]));
  const shut = (error: unknown) => {
    child.stdin.end();
    refused(error as Error);
  };
  if (child.pid === undefined || !request.onSpawn) return open();
  let noted: void | Promise<void>;
  try {
    noted = request.onSpawn(child.pid);
  } catch (error) {
    return shut(error);
  }
  if (noted instanceof Promise) noted.then(open, shut);
  else open();
}

/** Run one hook and say how it ended (outcome.ts says what that means). Rejects only when `onSpawn` fails. */
export function runHook(request: RunRequest): Promise<Outcome> {
  const started = performance.now();
  const graceMs = request.graceMs ?? DEFAULT_GRACE_MS;
  const cap = request.outputCap ?? DEFAULT_OUTPUT_CAP;
  const child = spawnHook(request, started);
  if (child instanceof Promise) return child;
  return new Promise((resolve, reject) => {
    const stdout = captureOutput(child.stdout, cap);
    const stderr = captureOutput(child.stderr, cap);
    let ended: 'timed_out' | 'interrupted' | undefined;
    const stop = (why: 'timed_out' | 'interrupted') => {
      if (ended) return;
      ended = why;
      killGroup(child.pid, 'SIGTERM');
      // Unref'd: the SIGKILL still reaches a group that outlives `sh`, without holding the process open.
      setTimeout(() => killGroup(child.pid, 'SIGKILL'), graceMs).unref();
    };
    // The deadline is a timer on the monotonic clock, which runs on while the daemon itself is
    // stopped (SIGSTOP, a suspended laptop's daemon): it may fire late, after the hook has ended.
    // So when it fires, the hook's own state decides (hasExited), and the check waits one turn
    // (setImmediate, after the poll phase) for an exit the daemon has not read yet.
    const deadline = setTimeout(() => setImmediate(() => child.exitCode === null && child.signalCode === null && !hasExited(child.pid!) && stop('timed_out')), request.timeoutMs);
    const onAbort = () => stop('interrupted');
    if (request.signal?.aborted) onAbort();
    request.signal?.addEventListener('abort', onAbort);

    let spawnError: Error | undefined;
    child.on('error', (error) => {
      spawnError = error;
      clearTimeout(deadline);
    });
    child.on('exit', () => clearTimeout(deadline));
    openGate(child, request, (error) => {
      clearTimeout(deadline);
      request.signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    whenOver(child, (exitCode, signal) => {
      clearTimeout(deadline);
      request.signal?.removeEventListener('abort', onAbort);
      const common = { exitCode, signal, durationMs: Math.round(performance.now() - started), stdout: stdout(), stderr: stderr() };
      // A process that never started closes with a negative errno as its "exit code".
      if (spawnError && child.pid === undefined) resolve({ status: 'spawn_error', ...common, exitCode: null, error: spawnError.message });
      else if (ended) resolve({ status: ended, ...common });
      else {
        // sh's 126 and 127 are a command that could not start (outcome.ts).
        const { status, detail } = exitOutcome(exitCode, common.stderr.text);
        resolve({ status, ...common, ...(detail !== undefined && { error: detail }) });
      }
    });
  });
}
