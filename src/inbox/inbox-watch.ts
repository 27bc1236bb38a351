// What the intake hears from the file system instead of asking it on a clock: a watch on new/
// reports arrivals, one on tmp/ records being written (one whose bridge dies before committing it
// is taken once it is old enough), and one on the inbox folder reports one of its folders (or
// attempts.log) deleted or made, or the inbox itself deleted or moved. A watch ending in an error
// reports damage too. Events on a watched folder itself come with the folder's own name. Damage is
// reported once the file system has been quiet for a moment: repairing in the middle of an `rm -r`
// would put folders back under it (and make it fail, "directory not empty").
import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type { InboxDirs } from './inbox-dirs.js';

const DAMAGE_SETTLE_MS = 500;

/** What a watch reports: a record committed (or something else in new/), one being written, or the inbox damaged. */
export interface InboxSignals {
  arrived(): void;
  written(): void;
  damaged(): void;
}

/** The intake's watches on one inbox. */
export class InboxWatch {
  private watchers: FSWatcher[] = [];
  private settling: NodeJS.Timeout | undefined;

  constructor(
    private readonly dirs: InboxDirs,
    private readonly signals: InboxSignals,
  ) {}

  /** Whether both watches are up. */
  get armed(): boolean {
    return this.watchers.length === 3;
  }

  /** Watch the inbox afresh (after it was made or repaired); throws when a folder cannot be watched. */
  arm(): void {
    this.close();
    const { root, tmp, cur, rejected } = this.dirs;
    const [newName, tmpName] = [path.basename(this.dirs.new), path.basename(tmp)];
    const damage = new Set([root, tmp, this.dirs.new, cur, rejected, path.join(root, 'attempts.log')].map((file) => path.basename(file)));
    try {
      this.add(this.dirs.new, (name) => (name === newName ? this.damaged() : this.signals.arrived()));
      this.add(tmp, (name) => (name === tmpName ? this.damaged() : this.signals.written()));
      this.add(root, (name, kind) => kind === 'rename' && damage.has(name) && this.damaged());
    } catch (error) {
      this.close();
      throw error;
    }
  }

  /** Stop watching. */
  close(): void {
    for (const watcher of this.watchers.splice(0)) watcher.close();
  }

  // Each report of damage puts the signal off again; it outlives the watches that reported it.
  private damaged(): void {
    clearTimeout(this.settling);
    this.settling = setTimeout(() => this.signals.damaged(), DAMAGE_SETTLE_MS);
  }

  private add(dir: string, heard: (name: string, kind: string) => void): void {
    const watcher = watch(dir, (kind, name) => heard(String(name ?? ''), kind));
    watcher.on('error', () => {
      this.close();
      this.damaged();
    });
    this.watchers.push(watcher);
  }
}
