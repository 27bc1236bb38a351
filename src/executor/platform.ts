// Which executor runs hooks on this system: the one module that names an implementation, so that
// the rest of hookd asks for "the executor" and never for POSIX's. Windows (a Job Object per hook,
// a later issue) is chosen here by process.platform; a warm executor wraps these.
import { posixExecutor, posixLaunchingExecutor } from './posix-executor.js';
import type { Executor } from './executor.js';

/** Runs a hook from this process: the bridges, `hookd run`, a run the agent waits on. */
export const inProcessExecutor: Executor = posixExecutor;

/** Runs the daemon's queued hooks, where starting one from the daemon itself costs more. */
export const daemonExecutor: Executor = posixLaunchingExecutor;

/** The daemon's warm handlers (hooks kept running, asked over JSON lines): POSIX sessions today. */
export { WarmPool, warmBounds, type WarmPoolOptions } from './warm-pool.js';
