// A hook's handle on POSIX (its process group, the start time of its sh, its run's mark), as noted
// when it starts, and ending what the handles a crashed daemon left in its journal name. A group
// is ended only while it is still the one noted: its leader alive with the start time noted
// (Linux: /proc/<pid>/stat, field 22, so a reused pid never matches), or its leader gone while the
// group lives on (POSIX keeps a group's id from being reused while the group exists). A process
// that carries the run's mark is the run's whatever its group (posix-mark.ts).
import { readFileSync } from 'node:fs';
import { killGroup } from './posix-kill-group.js';
import { allPids, carries } from './posix-mark.js';
import type { HookHandle } from './executor.js';

/** What a POSIX handle says: the group's id (the pid of its `sh`), that process's start time ('-' where unknown), the run's mark. */
export interface HookGroup {
  pgid: number;
  start: string;
  mark?: string;
}

// `<pgid> <start>`, and ` <mark>` from this version on; a journal of an earlier version has no mark.
const HANDLE = /^(\d+) (\d+|-)(?: ([0-9a-f]+))?$/;

/** The handle of `group`, one line of text. */
export function handleOf(group: HookGroup): HookHandle {
  return `${group.pgid} ${group.start}${group.mark ? ` ${group.mark}` : ''}`;
}

/** The group a handle names; undefined for one that is not a POSIX handle (left alone). */
export function groupOfHandle(handle: HookHandle): HookGroup | undefined {
  const [, pgid, start, mark] = HANDLE.exec(handle) ?? [];
  if (!pgid || !start || !(Number(pgid) > 1)) return undefined;
  return { pgid: Number(pgid), start, ...(mark && { mark }) };
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

/** The group a hook started as process `pid` leads, with its run's mark. */
export function groupOf(pid: number, mark?: string): HookGroup {
  return { pgid: pid, start: startTimeOf(pid) ?? '-', ...(mark && { mark }) };
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
  for (const pid of allPids()) {
    const fields = statFields(pid);
    if (fields && fields[2] === String(pgid) && fields[0] !== 'Z') return true;
  }
  return false;
}

// The live processes that carry `mark` (none without one).
function marked(mark: string | undefined): number[] {
  if (mark === undefined) return [];
  return allPids().filter((pid) => statFields(pid)?.[0] !== 'Z' && carries(pid, mark));
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

// Signal what of `group` is ours: the group while it is the one noted, and what carries its mark.
function signalRun(group: HookGroup, name: NodeJS.Signals): void {
  if (identify(group) === 'ours') killGroup(group.pgid, name);
  for (const pid of marked(group.mark)) {
    try {
      process.kill(pid, name);
    } catch {
      // Gone meanwhile.
    }
  }
}

const running = (group: HookGroup) => identify(group) === 'ours' || marked(group.mark).length > 0;

async function allGone(groups: HookGroup[], ms: number): Promise<HookGroup[]> {
  const end = Date.now() + ms;
  let left = groups.filter(running);
  while (left.length > 0 && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    left = left.filter(running);
  }
  return left;
}

/**
 * End what `handles` name that is still ours: SIGTERM, then SIGKILL after `graceMs`. Resolves once
 * none of them runs (or a second after the SIGKILL); returns the handles it ended.
 */
export async function endHandles(handles: readonly HookHandle[], graceMs: number): Promise<HookHandle[]> {
  const ours = handles.flatMap((handle) => {
    const group = groupOfHandle(handle);
    return group && running(group) ? [{ handle, group }] : [];
  });
  for (const { group } of ours) signalRun(group, 'SIGTERM');
  const stubborn = await allGone(
    ours.map(({ group }) => group),
    graceMs,
  );
  for (const group of stubborn) signalRun(group, 'SIGKILL');
  await allGone(stubborn, 1000);
  return ours.map(({ handle }) => handle);
}
