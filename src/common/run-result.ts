// The shape of a run's result, at the bottom of the layout so every folder can name it without
// importing upward: the runner makes it (executor/posix-run.ts), the synchronous bridge's record is
// its serialised form (inbox/run-record.ts), and runs/outcome.ts says what each status means.

/** What was captured of one of a hook's output streams. */
export interface Captured {
  text: string;
  bytes: number;
  truncated: boolean;
  /** The kept bytes as they came, when asked for (the synchronous bridge hands them on unchanged, and its record keeps them). */
  raw?: Buffer;
}

/** How a run of a hook ended. */
export type RunStatus = 'ok' | 'failed' | 'timed_out' | 'spawn_error' | 'interrupted';

/** What a run of a hook produced (executor/posix-run.ts). */
export interface Outcome {
  status: RunStatus;
  exitCode: number | null;
  signal: string | null;
  durationMs: number;
  stdout: Captured;
  stderr: Captured;
  /** Why a spawn failed, or what ended the run early. */
  error?: string;
}

/** The outcome of a run whose hook never ran (it could not start, the event came past the deadline), `durationMs` after its start. */
export function notRun(status: RunStatus, error?: string, durationMs = 0): Outcome {
  const nothing = { text: '', bytes: 0, truncated: false };
  return {
    status,
    exitCode: null,
    signal: null,
    durationMs,
    stdout: nothing,
    stderr: nothing,
    ...(error !== undefined && { error }),
  };
}

// `sh -c CMD` exits 126 when it found CMD but could not execute it, 127 when it found no CMD
// (POSIX, "Command Search and Execution"): the hook never ran. A guard that fails to start must read
// as one that could not start, on every path (queued, in line, `hookd run`), not as one that ran and
// failed, and never as one that approved. A hook that exits 126 or 127 itself reads the same: the
// line sh wrote, kept as the detail, tells them apart.
const CANNOT_START = new Set([126, 127]);

/**
 * How a hook whose `sh` exited with `exitCode` (null: ended by a signal) ended: `ok` on 0,
 * `spawn_error` when sh could not start its command (with why: the last line of `stderr`, where sh says it), else
 * `failed`. A client's reading of the code (a blocking exit is a decision) is its caller's.
 */
export function exitOutcome(exitCode: number | null, stderr: string): { status: RunStatus; detail?: string } {
  if (exitCode === 0) return { status: 'ok' };
  if (exitCode === null || !CANNOT_START.has(exitCode)) return { status: 'failed' };
  const said = stderr.trimEnd().split('\n').at(-1)!.trim().slice(0, 500);
  return { status: 'spawn_error', detail: said || `sh exited ${exitCode}` };
}
