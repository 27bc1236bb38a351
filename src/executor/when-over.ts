// When a hook's run is over, on every system: its own process (sh, cmd, bash.exe, powershell.exe)
// has exited and its output has been read, or a grandchild holds its pipes past the drain.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';

// How long output may still drain after the hook exits before its pipes are closed on a grandchild.
export const DRAIN_MS = 100;

/**
 * Call `over` when the run is over: the hook's shell has exited and both pipes have ended (all output read; a
 * turn of the event loop sooner than 'close', which also waits for the pipes' handles to close),
 * or 'close' came first (the pipes destroyed `drainMs` after the exit because a grandchild holds
 * them, or a hook that could not start). 'close' calls it again: runHook takes the first call.
 */
export function whenOver(
  child: ChildProcessWithoutNullStreams,
  drainMs: number,
  over: (exitCode: number | null, signal: NodeJS.Signals | null) => void,
): void {
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  let open = 2;
  const maybeOver = () => {
    if (exit && open === 0 && child.pid !== undefined) over(exit.code, exit.signal);
  };
  for (const stream of [child.stdout, child.stderr]) stream.on('end', () => (open--, maybeOver()));
  child.on('exit', (code, signal) => {
    exit = { code, signal };
    if (open === 0) return maybeOver();
    const destroy = () => {
      child.stdout.destroy();
      child.stderr.destroy();
    };
    // drainMs 0: what the pipes already hold is still read, in this turn's poll phase (setImmediate
    // runs after it; a 0 ms timer runs before it and would drop the last bytes: a cut answer).
    if (drainMs > 0) setTimeout(destroy, drainMs).unref();
    else setImmediate(destroy);
  });
  child.on('close', over);
}
