// When to check the daemon's holdings (lifeline.ts) without a clock: watches on the state directory
// (its socket or lock deleted or replaced, the directory itself deleted, moved or its mode changed:
// a watched folder reports those under its own name), on the socket's folder when it lives
// elsewhere, and on the folder of each symlink on the state directory's path (a link repointed,
// as `ln -sfn` or a rename over it does). A change elsewhere on the path (a parent renamed) is
// seen by the lifeline's slow periodic check only. The watching rules are common/watch-folders.ts's;
// damage is suspected at once, not settled: the reaction is only a check of the holdings.
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { watchFolders } from '../common/watch-folders.js';
import type { Holdings } from './lifeline.js';

/** The folders to watch, each with the names in it that matter. */
function watchedNames({ given, used, lock }: Holdings): Map<string, Set<string>> {
  const folders = new Map<string, Set<string>>();
  const add = (file: string) => {
    const dir = path.dirname(file);
    folders.set(dir, (folders.get(dir) ?? new Set()).add(path.basename(file)));
  };
  folders.set(used.stateDir, new Set([path.basename(used.stateDir)]));
  add(used.socket);
  add(lock.file);
  for (let part = given.stateDir; part !== path.dirname(part); part = path.dirname(part)) {
    if (isSymlink(part)) add(part);
  }
  return folders;
}

function isSymlink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * Call `suspect` whenever what the daemon holds may have changed. Returns whether every watch is
 * up (else the caller must check often) and how to stop watching.
 */
export function watchHoldings(holdings: Holdings, suspect: () => void): { complete: boolean; close: () => void } {
  // An event naming no entry ('') may be any of them.
  const folders = [...watchedNames(holdings)].map(([dir, names]) => ({
    dir,
    heard: (name: string) => void ((name === '' || names.has(name)) && suspect()),
  }));
  const watches = watchFolders(folders, { damaged: suspect });
  return { complete: watches.complete, close: () => watches.close() };
}
