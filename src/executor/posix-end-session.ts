// Ending a hook the POSIX executor started in a session of its own (Node's `detached` spawn is
// setsid; native/end-hook.c ends a hook in C): its process group, its sh by pid while it is not
// reaped (in case it left the group), and on Linux every process of its session (a hook with job
// control puts its jobs in groups of their own) and every process that carries its run's mark (one
// that started a session of its own: posix-mark.ts).
import { killGroup } from './posix-kill-group.js';
import { allPids, carries } from './posix-mark.js';
import { readFileSync } from 'node:fs';

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

/**
 * Send `name` to the whole session `sid` (a hook's sh) and to every process marked `mark`;
 * `leaderReaped`: its pid may be another process's now.
 */
export function endSession(sid: number, name: NodeJS.Signals, leaderReaped: boolean, mark?: string): void {
  killGroup(sid, name);
  if (!leaderReaped) signal(sid, name);
  // No /proc: the group and the sh were signalled.
  for (const pid of allPids()) {
    if (pid !== sid && (sessionOf(pid) === sid || (mark !== undefined && carries(pid, mark)))) signal(pid, name);
  }
}
