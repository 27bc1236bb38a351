// What the daemon and its launcher (posix-launcher.ts) say to each other over the IPC channel, one
// run at a time by its id: run it, the hook started (its handle to note), let it go on or not, stop
// it, and how it ended.
import type { Outcome } from '../common/run-result.js';
import type { HookHandle, RunRequest } from './executor.js';

/** From the daemon. */
export type ToLauncher =
  | { type: 'run'; id: number; request: Omit<RunRequest, 'signal' | 'onStart'> }
  | { type: 'open'; id: number }
  | { type: 'shut'; id: number; error: string }
  | { type: 'abort'; id: number };

/** From the launcher. */
export type FromLauncher =
  | { type: 'started'; id: number; handle: HookHandle }
  | { type: 'over'; id: number; outcome: Outcome }
  | { type: 'refused'; id: number; error: string };
