// The POSIX executor: `/bin/sh -c CMD` in a session of its own (posix-shell.ts), watched and ended
// by posix-run.ts (SIGTERM to what the hook started, SIGKILL after the grace, the sh reaped), its
// handle its process group, the start time of its sh and its run's mark (posix-groups.ts). Two
// ways to start the same run: in this process, and from the launcher, a small process of the
// daemon's own whose forks cost less (posix-launch.ts says why).
import { runHook } from './posix-run.js';
import { launchHook } from './posix-launch.js';
import { endHandles } from './posix-groups.js';
import type { Executor } from './executor.js';

/** Starts each hook from this process. */
export const posixExecutor: Executor = { run: runHook, end: endHandles };

/** Starts each hook from the launcher: the daemon's queued runs. */
export const posixLaunchingExecutor: Executor = { run: launchHook, end: endHandles };
