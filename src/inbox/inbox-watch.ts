// What the intake hears from the file system instead of asking it on a clock: a watch on new/
// reports arrivals, one on tmp/ records being written (one whose bridge dies before committing it
// is taken once it is old enough), and one on the inbox folder reports one of its folders (or
// attempts.log) deleted or made, or the inbox itself deleted or moved. The rules for damage (a
// watched folder's own events, a watch's error, settling before a repair) are common/watch-folders.ts's.
import path from 'node:path';
import { settle, watchFolders, type FolderWatches } from '../common/watch-folders.js';
import type { InboxDirs } from './inbox-dirs.js';

const DAMAGE_SETTLE_MS = 500;

/** What a watch reports: a record committed (or something else in new/), one being written, or the inbox damaged. */
export interface InboxSignals {
  arrived: () => void;
  written: () => void;
  damaged: () => void;
}

/** The intake's watches on one inbox. */
export class InboxWatch {
  private watches: FolderWatches | undefined;
  // One wait for every arming: a repair's own events put the signal off, never double it.
  private readonly damaged: () => void;

  constructor(
    private readonly dirs: InboxDirs,
    private readonly signals: InboxSignals,
  ) {
    this.damaged = settle(() => this.signals.damaged(), DAMAGE_SETTLE_MS);
  }

  /** Whether every watch is up. */
  get armed(): boolean {
    return this.watches?.armed ?? false;
  }

  /** Watch the inbox afresh (after it was made or repaired); throws when a folder cannot be watched. */
  arm(): void {
    this.close();
    const { root, tmp, cur, rejected } = this.dirs;
    const damage = new Set(
      [tmp, this.dirs.new, cur, rejected, path.join(root, 'attempts.log')].map((file) => path.basename(file)),
    );
    this.watches = watchFolders(
      [
        { dir: this.dirs.new, heard: this.signals.arrived },
        { dir: tmp, heard: this.signals.written },
        { dir: root, heard: (name, kind) => kind === 'rename' && damage.has(name) && this.damaged() },
      ],
      { damaged: this.damaged, strict: true },
    );
  }

  /** Stop watching. */
  close(): void {
    this.watches?.close();
  }
}
