// Signals a whole process group: a hook's `sh` and everything it started.

/** Send `signal` to the process group led by `pid`; a group that is already gone is fine. */
export function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (!pid) return;
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
