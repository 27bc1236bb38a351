// Which executor runs hooks on this system: the one module that names an implementation, so that
// the rest of hookd asks for "the executor" and never for POSIX's. Windows (the client's shell, the
// hook's tree ended at its deadline: windows-executor.ts) is chosen here by process.platform; a warm
// executor wraps these.
import { posixExecutor, posixLaunchingExecutor } from './posix-executor.js';
import { windowsExecutor } from './windows-executor.js';
import type { Executor } from './executor.js';

const WINDOWS = process.platform === 'win32';

/** Runs a hook from this process: the bridges, `hookd run`, a run the agent waits on. */
export const inProcessExecutor: Executor = WINDOWS ? windowsExecutor : posixExecutor;

/** Runs the daemon's queued hooks, where starting one from the daemon itself costs more. */
export const daemonExecutor: Executor = WINDOWS ? windowsExecutor : posixLaunchingExecutor;

/** The daemon's warm handlers (hooks kept running, asked over JSON lines): POSIX sessions today. */
export { WarmPool, warmBounds, type WarmPoolOptions } from './warm-pool.js';
