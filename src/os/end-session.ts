// Ending a hook the synchronous bridge started in a session of its own (Node's `detached` spawn is
// setsid; native/end-hook.c does the same in C): its process group, its sh by pid while it is
// not reaped (in case it left the group), and on Linux every process of its session (a hook with
// job control puts its jobs in groups of their own). A hook that starts a session of its own has
// left on purpose: it no longer holds the agent, whose wait ends with the hook's sh.
import { readdirSync, readFileSync } from 'node:fs';
import { killGroup } from './kill-group.js';

// The session of process `pid` (Linux: field 6 of /proc/<pid>/stat, the 4th after the command name).
function sessionOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3]);
  } catch {
    return undefined;
  }
}

// A process that is gone, or changed its user, leaves nothing to do.
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // ESRCH or EPERM
  }
}

/** Send `name` to the whole session `sid` (a hook's sh); `leaderReaped`: its pid may be another process's now. */
export function endSession(sid: number, name: NodeJS.Signals, leaderReaped: boolean): void {
  killGroup(sid, name);
  if (!leaderReaped) signal(sid, name);
  let pids: string[];
  try {
    pids = readdirSync('/proc');
  } catch {
    return; // no /proc: the group and the sh were signalled
  }
  for (const entry of pids) {
    const pid = Number(entry);
    if (Number.isInteger(pid) && pid > 1 && pid !== sid && sessionOf(pid) === sid) signal(pid, name);
  }
}
