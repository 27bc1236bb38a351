// The Windows executor: each hook in its client's shell, its tree ended at its deadline
// (windows-run.ts). One way to start a run, from the process that asks (Windows has no fork to
// save on, so no launcher). Handles from a crashed daemon's journal are not ended: Node cannot tell
// a process from one that reused its id since (the native bridge's Job Object can), and ending a
// stranger is worse than leaving a hook to finish.
import { runWindowsHook } from './windows-run.js';
import type { Executor, HookHandle } from './executor.js';

export const windowsExecutor: Executor = {
  run: runWindowsHook,
  end: async (_handles: readonly HookHandle[]) => [],
};
