// The inbox's folders under the state directory (Maildir-style).
//   tmp/       records being written by the bridge (and their data until the daemon claims them)
//   new/       commit markers: an empty file new/<id> says tmp/<id> is complete
//   cur/       records the daemon has claimed, named <arrival-time>-<id> so names sort by arrival
//   rejected/  records that could not be run, each beside a <name>.reason file
import path from 'node:path';
import { makeDirs } from '../common/make-dirs.js';

export interface InboxDirs {
  root: string;
  tmp: string;
  new: string;
  cur: string;
  rejected: string;
}

/** The inbox folders of a state directory. */
export function inboxDirs(stateDir: string): InboxDirs {
  const root = path.join(stateDir, 'inbox');
  return {
    root,
    tmp: path.join(root, 'tmp'),
    new: path.join(root, 'new'),
    cur: path.join(root, 'cur'),
    rejected: path.join(root, 'rejected'),
  };
}

/** Create the inbox folders, private to the user (bounded: makeDirs says why not Node's recursive mkdir). */
export function ensureInboxDirs(dirs: InboxDirs): void {
  for (const dir of [dirs.tmp, dirs.new, dirs.cur, dirs.rejected]) makeDirs(dir, 0o700);
}
