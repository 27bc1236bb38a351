// Follows the settings file with chokidar. The file's directory is watched rather than the file,
// which survives an editor's rename-on-save and a file deleted then created again. A directory
// that does not exist yet is waited for by watching its nearest existing ancestor until it appears.
// Bursts of writes are debounced into one call.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';

export interface SettingsWatcher {
  close(): Promise<void>;
}

function nearestExisting(dir: string): string {
  let current = dir;
  while (!existsSync(current) && path.dirname(current) !== current) current = path.dirname(current);
  return current;
}

/** Call `onChange` (debounced) whenever `file` may have changed: written, renamed over, deleted, created. */
export async function watchSettings(file: string, onChange: () => void, debounceMs = 100): Promise<SettingsWatcher> {
  const target = path.dirname(file);
  let watcher: FSWatcher | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(() => !closed && onChange(), debounceMs);
  };

  const arm = async (): Promise<void> => {
    await watcher?.close();
    if (closed) return;
    const dir = nearestExisting(target);
    const current = watch(dir, { ignoreInitial: true, depth: 0, ignorePermissionErrors: true });
    watcher = current;
    current.on('all', (event, changedPath) => {
      if (dir === target) {
        if (changedPath === file) changed();
        if (event === 'unlinkDir' && changedPath === dir) void rearm();
      } else if (event === 'addDir' && (target === changedPath || target.startsWith(changedPath + path.sep))) {
        void rearm();
      }
    });
    // A watcher error (the directory vanished, a permission change) means: find the way again.
    current.on('error', () => void rearm());
    await new Promise<void>((resolve) => current.once('ready', () => resolve()));
  };

  // Re-arming after the path changed shape; the file may have appeared meanwhile, so check it too.
  const rearm = async () => {
    await arm();
    changed();
  };

  await arm();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      await watcher?.close();
    },
  };
}
