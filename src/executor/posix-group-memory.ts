// How much memory a warm handler holds: the resident set of every process of its session (Linux:
// /proc/<pid>/stat for the session, /proc/<pid>/status for VmRSS). Without /proc it cannot be read,
// and the bound is not enforced (undefined).
import { existsSync, readFileSync } from 'node:fs';
import { sessionOf } from './posix-end-session.js';
import { allPids } from './posix-mark.js';

function residentBytes(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0; // gone meanwhile
  }
}

/** The resident bytes of session `sid` (a hook's sh and what it started), or undefined without /proc. */
export function groupMemory(sid: number): number | undefined {
  if (!existsSync('/proc/self/status')) return undefined;
  let total = 0;
  for (const pid of allPids()) if (sessionOf(pid) === sid) total += residentBytes(pid);
  return total;
}
