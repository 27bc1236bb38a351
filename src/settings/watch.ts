// Follows the settings file with chokidar. The file's directory is watched rather than the file,
// which survives an editor's rename-on-save and a file deleted then created again. A directory
// that does not exist yet is waited for by watching its nearest existing ancestor until it appears.
// A settings file that is a symlink (a dotfiles repository) is followed to its target's directory
// too. Bursts of writes are debounced into one call. With `folder`, every `*.json` beside the file
// counts (Copilot CLI loads each file of its hooks/ folder): one added or removed is a change too.
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { serialized } from '../common/serialized.js';

export interface SettingsWatcher {
  close(): Promise<void>;
}

function nearestExisting(dir: string): string {
  let current = dir;
  while (!existsSync(current) && path.dirname(current) !== current) current = path.dirname(current);
  return current;
}

function targetOf(file: string): string | undefined {
  try {
    const real = realpathSync(file);
    return real !== file ? real : undefined;
  } catch {
    return undefined;
  }
}

/** Call `onChange` (debounced) whenever `file` may have changed: written, renamed over, deleted, created. */
export async function watchSettings(
  file: string,
  onChange: () => void,
  debounceMs = 100,
  options: { folder?: boolean } = {},
): Promise<SettingsWatcher> {
  let watchers: FSWatcher[] = [];
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(() => !closed && onChange(), debounceMs);
  };

  // Watch the directory of `target` (or its nearest existing ancestor, until it appears).
  const watchDirOf = async (target: string, onTarget: () => void, folder = false): Promise<FSWatcher> => {
    const wanted = path.dirname(target);
    const dir = nearestExisting(wanted);
    const watcher = watch(dir, { ignoreInitial: true, depth: 0, ignorePermissionErrors: true });
    watcher.on('all', (event, changedPath) => {
      if (dir === wanted) {
        if (changedPath === target) onTarget();
        else if (folder && changedPath.endsWith('.json') && path.dirname(changedPath) === dir) changed();
        if (event === 'unlinkDir' && changedPath === dir) void rearm();
      } else if (event === 'addDir' && (wanted === changedPath || wanted.startsWith(changedPath + path.sep))) {
        void rearm();
      }
    });
    // A watcher error (the directory vanished, a permission change) means: find the way again.
    watcher.on('error', () => void rearm());
    await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
    return watcher;
  };

  const arm = async (): Promise<void> => {
    await Promise.all(watchers.map((watcher) => watcher.close()));
    watchers = [];
    if (closed) return;
    const target = targetOf(file);
    // An event on the path itself is a change; if it is (or becomes) a symlink to somewhere else,
    // the watch on the old target is stale, so look again.
    watchers.push(await watchDirOf(file, () => (targetOf(file) === target ? changed() : void rearm()), options.folder));
    if (target) watchers.push(await watchDirOf(target, changed));
  };

  // Re-arming after the path changed shape; the file may have appeared meanwhile, so check it too.
  // Serialized: two overlapping re-arms would each leave watchers behind.
  const rearm = serialized(async () => {
    await arm();
    changed();
  });

  await arm();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      await Promise.all(watchers.map((watcher) => watcher.close()));
    },
  };
}
