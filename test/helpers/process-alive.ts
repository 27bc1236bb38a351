// Whether a process still runs. A zombie does not count: where PID 1 is slow to reap orphans
// (containers), a killed grandchild lingers as a zombie that kill(pid, 0) still reaches.
import { readFileSync } from 'node:fs';
import { waitFor } from './wait-for.js';

/** True when `pid` exists and is not a zombie. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/** Wait up to `ms` for `pid` to be gone; true when it is. */
export function waitGone(pid: number, ms = 2000): Promise<boolean> {
  return waitFor(`pid ${pid} to be gone`, () => !processAlive(pid), ms).then(
    () => true,
    () => false,
  );
}
