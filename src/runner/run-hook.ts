// Runs one hook: `sh -c CMD` with the payload on stdin, under a deadline. On timeout the whole
// process group gets SIGTERM, then SIGKILL after a grace period. The run is over when the hook's
// own process exits, even if a grandchild still holds stdout.
import { execa } from 'execa';
import { captureOutput, type Captured } from './capture-output.js';
import { killGroup } from './kill-group.js';

export type OutcomeStatus = 'ok' | 'failed' | 'timed_out' | 'spawn_error' | 'interrupted';

export interface Outcome {
  status: OutcomeStatus;
  exitCode: number | null;
  signal: string | null;
  durationMs: number;
  stdout: Captured;
  stderr: Captured;
  /** Why a spawn failed, or what ended the run early. */
  error?: string;
}

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

/** Run one hook and describe how it ended. Never throws. */
export async function runHook(request: RunRequest): Promise<Outcome> {
  const started = performance.now();
  const graceMs = request.graceMs ?? DEFAULT_GRACE_MS;
  const cap = request.outputCap ?? DEFAULT_OUTPUT_CAP;
  const subprocess = execa('sh', ['-c', request.command], {
    input: request.payload,
    cwd: request.cwd,
    env: request.env,
    extendEnv: false,
    // Its own process group, so a timeout can reach every process the hook started.
    detached: true,
    cleanup: false,
    buffer: false,
    reject: false,
    encoding: 'buffer',
    stripFinalNewline: false,
  });
  const stdout = captureOutput(subprocess.stdout, cap);
  const stderr = captureOutput(subprocess.stderr, cap);

  let ended: 'timed_out' | 'interrupted' | undefined;
  let killTimer: NodeJS.Timeout | undefined;
  const stop = (why: 'timed_out' | 'interrupted') => {
    if (ended) return;
    ended = why;
    killGroup(subprocess.pid, 'SIGTERM');
    // Unref'd: the SIGKILL still reaches a group that outlives `sh`, without holding the process open.
    killTimer = setTimeout(() => killGroup(subprocess.pid, 'SIGKILL'), graceMs);
    killTimer.unref();
  };
  const deadline = setTimeout(() => stop('timed_out'), request.timeoutMs);
  const onAbort = () => stop('interrupted');
  if (request.signal?.aborted) onAbort();
  request.signal?.addEventListener('abort', onAbort);

  subprocess.on('exit', () => {
    clearTimeout(deadline);
    setTimeout(() => {
      subprocess.stdout?.destroy();
      subprocess.stderr?.destroy();
    }, DRAIN_MS).unref();
  });

  const result = await subprocess;
  clearTimeout(deadline);
  request.signal?.removeEventListener('abort', onAbort);
  const durationMs = Math.round(performance.now() - started);
  const common = { durationMs, stdout: stdout(), stderr: stderr() };
  const exitCode = result.exitCode ?? null;
  const signal = result.signal ?? null;

  if (exitCode === null && signal === null) {
    clearTimeout(killTimer);
    const cause = result.cause as NodeJS.ErrnoException | undefined;
    return { status: 'spawn_error', exitCode, signal, ...common, error: cause?.message ?? result.shortMessage };
  }
  if (ended) return { status: ended, exitCode, signal, ...common };
  return { status: exitCode === 0 ? 'ok' : 'failed', exitCode, signal, ...common };
}
