// Watching folders for what matters in them, with the rules the inbox's watch found it needs (one
// helper for the intake's inbox, the daemon's holdings and `hookd logs --follow`):
// - an event on a watched folder itself comes with the folder's own name: the folder was deleted,
//   moved or changed, which is damage, never an entry's news;
// - a watch that ends in an error is damage too, and every watch closes with it (one of them lost
//   means the picture is partial);
// - damage is acted on once the file system has been quiet for a moment (`settle`: repairing in
//   the middle of an `rm -r` would put folders back under it, and make it fail, "directory not
//   empty"); a caller whose reaction is only a check may act at once.
import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';

/** One folder to watch, and what to do with an event on an entry of it. */
export interface WatchedFolder {
  dir: string;
  heard: (name: string, kind: string) => void;
}

export interface WatchOptions {
  /** Called on each report of damage (wrap it in `settle` to act once it is quiet). */
  damaged: () => void;
  /** Throw when a folder cannot be watched (else it is left out, and `complete` says so). */
  strict?: boolean;
}

/** Watches on some folders: whether every one is up, and how to stop. */
export interface FolderWatches {
  readonly complete: boolean;
  readonly armed: boolean;
  close(): void;
}

/** `action`, called `ms` after the last of a burst of calls; the wait outlives the watches that started it. */
export function settle(action: () => void, ms: number): () => void {
  let waiting: NodeJS.Timeout | undefined;
  return () => {
    clearTimeout(waiting);
    waiting = setTimeout(action, ms);
  };
}

/** Watch `folders` under the rules above. */
export function watchFolders(folders: readonly WatchedFolder[], options: WatchOptions): FolderWatches {
  const watchers: FSWatcher[] = [];
  let complete = true;
  const close = () => {
    for (const watcher of watchers.splice(0)) watcher.close();
  };
  const damage = options.damaged;
  for (const { dir, heard } of folders) {
    const own = path.basename(dir);
    try {
      const watcher = watch(dir, (kind, name) => {
        const entry = String(name ?? '');
        if (entry === own) damage();
        else heard(entry, kind);
      });
      watcher.on('error', () => {
        close();
        damage();
      });
      watchers.push(watcher);
    } catch (error) {
      if (options.strict) {
        close();
        throw error;
      }
      complete = false;
    }
  }
  return {
    get complete() {
      return complete;
    },
    get armed() {
      return complete && watchers.length === folders.length;
    },
    close,
  };
}
