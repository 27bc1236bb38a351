// The executor seam: the one module that starts, watches and ends a hook. The rest of hookd (the
// daemon's runs, its runs in line, `hookd run`, the Node synchronous bridge) describes a run with
// a RunRequest, gets back an Outcome, and keeps what it must of a running hook as a HookHandle, a
// string only the executor reads: the inbox's journal stores one so that a restarted daemon can
// ask the executor to end what a crash left running. Nothing here names a process group or a
// signal number, so that implementations other than POSIX's (`sh -c` in a session of its own,
// SIGTERM then SIGKILL: the posix-*.ts files) fit behind it: a warm one (a handler the daemon keeps
// running), Windows (a Job Object per hook). platform.ts says which one runs hooks here.
import type { Outcome } from '../common/run-result.js';

/**
 * What names a started hook to the executor that started it, as one line of text without a newline
 * (POSIX: its process group, the start time of its `sh`, its run's mark). Opaque to everyone else.
 */
export type HookHandle = string;

/** One hook to run: its command, what it reads and where, how long it may take, and what is kept of what it says. */
export interface RunRequest {
  command: string;
  /** The shell a client runs this entry in on Windows (windows-shell.ts: Git Bash, else cmd, when undefined); POSIX runs `sh`. */
  shell?: 'bash' | 'powershell' | 'cmd';
  payload: Buffer;
  /** The working directory; the caller's own when undefined. */
  cwd?: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** Time between asking the hook to end (SIGTERM) and ending it (SIGKILL). */
  graceMs?: number;
  /** Bytes kept of stdout (and of stderr, unless stderrCap says). */
  outputCap?: number;
  stderrCap?: number;
  /**
   * Aborting ends the run now (daemon shutdown, a client that went away): the hook gets the signal
   * the abort's reason names (`'SIGINT'`), else SIGTERM, SIGKILL `interruptGraceMs` (else graceMs)
   * later, and the outcome is `interrupted`.
   */
  signal?: AbortSignal;
  interruptGraceMs?: number;
  /**
   * Called with the hook's handle once it has started, before its command may go on; the hook
   * waits for a promise it returns. When it throws (or rejects), the hook never runs its command
   * and the run rejects with that error. Not called for a hook that could not start.
   */
  onStart?: (handle: HookHandle) => void | Promise<void>;
  /** The gate (posix-start.ts): on unless false; without it onStart is only told. */
  gate?: boolean;
  /** Each chunk of stderr as it comes (the synchronous bridge passes it on to the client). */
  onStderr?: (chunk: Buffer) => void;
  /** Keep the output's bytes as they came (Captured.raw). */
  raw?: boolean;
  /** Past outputCap on stdout, end the hook at once and make the run a spawn_error saying this, rather than cut its answer. */
  endPastCap?: string;
  /** After the last signal, stop waiting for the hook after this long (a process stuck in the kernel must not hold a waiting client). */
  reapWaitMs?: number;
  /** How long output may drain after the hook's own process exits before its pipes are closed on a grandchild. */
  drainMs?: number;
  /**
   * Once a run that hookd ended (deadline, abort, cap) is over, end what is left of it at once rather
   * than when the grace runs out: for a caller that exits soon after (the Node bridge), whose timer
   * would not outlive it.
   */
  endRestWhenOver?: boolean;
}

export const DEFAULT_GRACE_MS = 2000;
export const DEFAULT_OUTPUT_CAP = 64 * 1024;

/** Starts, watches and ends hooks. */
export interface Executor {
  /** Run one hook to its end (outcome.ts says what each ending means). Rejects only when `onStart` fails. */
  run(request: RunRequest): Promise<Outcome>;
  /**
   * End what `handles` name, each only while it is still what its handle noted (a handle from a
   * crashed daemon's journal may name a process that is long gone, or an id reused since): asked to
   * end, then ended after `graceMs`. Resolves once none of them runs; returns the ones it ended.
   */
  end(handles: readonly HookHandle[], graceMs: number): Promise<HookHandle[]>;
}
