// A hook's process group, as noted when it starts, and ending the groups a crashed daemon left
// running. A group is ended only while it is still the one noted: its leader alive with the start
// time noted (Linux: /proc/<pid>/stat, field 22, so a reused pid never matches), or its leader gone
// while the group lives on (POSIX keeps a group's id from being reused while the group exists).
import { readdirSync, readFileSync } from 'node:fs';
import { killGroup } from './kill-group.js';

/** A hook's process group: its id (the pid of its `sh`) and that process's start time ('-' where unknown). */
export interface HookGroup {
  pgid: number;
  start: string;
}

// The fields after the command name, which may itself hold spaces and parentheses.
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** When process `pid` started, in clock ticks since boot (Linux); undefined where it cannot be read. */
export function startTimeOf(pid: number): string | undefined {
  // Field 22 of the stat line is the 20th after the command name.
  return statFields(pid)?.[19];
}

/**
 * Whether process `pid` (our child) has exited and only waits to be reaped: its state is Z (Linux).
 * A daemon stopped (SIGSTOP) past a hook's deadline wakes with the deadline's timer due before it
 * has read the exit that came meanwhile; the kernel's word settles which came first.
 */
export function hasExited(pid: number): boolean {
  return statFields(pid)?.[0] === 'Z';
}

/** The group a hook started as process `pid` leads. */
export function groupOf(pid: number): HookGroup {
  return { pgid: pid, start: startTimeOf(pid) ?? '-' };
}

// 'foreign': it exists but belongs to another user, so it is no hook of this daemon's.
function exists(pid: number): 'yes' | 'no' | 'foreign' {
  try {
    process.kill(pid, 0);
    return 'yes';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? 'foreign' : 'no';
  }
}

const hasProc = () => statFields(process.pid) !== undefined;

// Whether a member of the group still runs. A zombie does not count: where PID 1 does not reap
// orphans (containers), a killed hook lingers as one.
function live(pgid: number): boolean {
  if (!hasProc()) return exists(-pgid) === 'yes';
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const fields = statFields(Number(name));
    if (fields && fields[2] === String(pgid) && fields[0] !== 'Z') return true;
  }
  return false;
}

/** Whether `group` is still the one noted: 'ours', 'gone', or 'other' (a reused or unverifiable id: left alone). */
export function identify(group: HookGroup): 'ours' | 'gone' | 'other' {
  const members = exists(-group.pgid);
  if (members === 'no' || !live(group.pgid)) return 'gone';
  if (members === 'foreign') return 'other';
  if (exists(group.pgid) === 'no') return 'ours';
  if (!hasProc() || group.start === '-') return 'other';
  return startTimeOf(group.pgid) === group.start ? 'ours' : 'other';
}

async function allGone(pgids: number[], ms: number): Promise<number[]> {
  const end = Date.now() + ms;
  let left = pgids.filter(live);
  while (left.length > 0 && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    left = left.filter(live);
  }
  return left;
}

/**
 * End the groups among `groups` that are still ours: SIGTERM, then SIGKILL after `graceMs`.
 * Resolves once none of them runs (or a second after the SIGKILL); returns the ones it ended.
 */
export async function endGroups(groups: readonly HookGroup[], graceMs: number): Promise<HookGroup[]> {
  const ours = groups.filter((group) => identify(group) === 'ours');
  for (const group of ours) killGroup(group.pgid, 'SIGTERM');
  const stubborn = await allGone(
    ours.map((group) => group.pgid),
    graceMs,
  );
  for (const pgid of stubborn) killGroup(pgid, 'SIGKILL');
  await allGone(stubborn, 1000);
  return ours;
}
