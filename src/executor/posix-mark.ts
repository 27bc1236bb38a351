// A run's mark: a variable with a value of its own in the environment of each hook the POSIX
// executor starts, which every process the hook starts inherits. A process that left the hook's
// group and session (a double fork into `setsid`: a daemon the hook meant to leave behind) is no
// longer found by either, nor is it a child of ours once its parent exits; it still carries the
// mark, and on Linux /proc/PID/environ shows it (to its own user only). So hookd ends what it
// ended in every way the native bridge does (native/end-hook.c: its subreaper finds every process
// the hook started), except a process that cleared its environment on purpose (`env -i`). Read
// only when hookd ends a hook, never on a run that ends by itself. Where there is no /proc (macOS),
// the group and the hook's sh are what is signalled, as in C.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

/** The variable that carries a run's mark; a hook started by a hook gets its own. */
export const MARK_VARIABLE = 'HOOKD_RUN_MARK';

/** A new run's mark: 16 hex digits, unguessable, so that no process carries it by chance. */
export function newMark(): string {
  return randomBytes(8).toString('hex');
}

/** Whether process `pid` was started with `mark` in its environment (false where it cannot be read: another user's, gone, no /proc). */
export function carries(pid: number, mark: string): boolean {
  try {
    const environ = readFileSync(`/proc/${pid}/environ`);
    const entry = `${MARK_VARIABLE}=${mark}\0`;
    return environ.subarray(0, entry.length).toString() === entry || environ.includes(`\0${entry}`);
  } catch {
    return false;
  }
}

/** The pids of /proc, none where there is no /proc. */
export function allPids(): number[] {
  try {
    return readdirSync('/proc')
      .map(Number)
      .filter((pid) => Number.isInteger(pid) && pid > 1);
  } catch {
    return [];
  }
}
