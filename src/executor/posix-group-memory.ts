// How much memory a warm handler holds: the resident set of every process of its session (Linux:
// /proc/<pid>/stat for the session, /proc/<pid>/status for VmRSS). Elsewhere it cannot be read, and
// the bound is not enforced (undefined).
import { readdirSync, readFileSync } from 'node:fs';

// The session of process `pid` (field 6 of its stat line, the 4th after the command name).
function sessionOf(pid: string): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3]);
  } catch {
    return undefined;
  }
}

function residentBytes(pid: string): number {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0; // gone meanwhile
  }
}

/** The resident bytes of session `sid` (a hook's sh and what it started), or undefined without /proc. */
export function groupMemory(sid: number): number | undefined {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  let total = 0;
  for (const pid of pids) if (sessionOf(pid) === sid) total += residentBytes(pid);
  return total;
}
