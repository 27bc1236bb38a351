// Backups of the settings files install and uninstall edit. They go to the `backups/` folder of
// the state directory, never beside the file: a settings file symlinked into a dotfiles repository
// would collect them in the repository. Each is named by the file and the time, and only the
// newest few of each file are kept (every edit writes one: round trips would pile them up).
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** How many backups of one settings file are kept. */
export const KEPT_BACKUPS = 5;

/** Where the backups of the settings files are. */
export function backupsDir(stateDir: string): string {
  return path.join(stateDir, 'backups');
}

/** The start of the names of `target`'s backups: its base name, then a short hash of its whole path (two files named settings.json differ). */
function prefixOf(target: string): string {
  return `${path.basename(target)}.${createHash('sha256').update(target).digest('hex').slice(0, 8)}.`;
}

/** The time as `20260103-140500-123`: sorting the names sorts the backups by age. */
function stamp(now = new Date()): string {
  return `${now.toISOString().replace(/[-:]/g, '').replace('T', '-').replace(/\..*$/, '')}-${String(now.getMilliseconds()).padStart(3, '0')}`;
}

/** Write `text`, the content of `target` before an edit, as a new backup in `dir`; returns its path. */
export async function writeBackup(dir: string, target: string, text: string, mode: number): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `${prefixOf(target)}${stamp()}`);
  try {
    await writeFile(file, text, { flag: 'wx', mode });
    return file;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Two edits in the same millisecond: the second gets a suffix.
    const again = `${file}-${randomBytes(2).toString('hex')}`;
    await writeFile(again, text, { flag: 'wx', mode });
    return again;
  }
}

/** Remove all but the newest `keep` backups of `target` from `dir`. */
export async function pruneBackups(dir: string, target: string, keep = KEPT_BACKUPS): Promise<void> {
  const prefix = prefixOf(target);
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.startsWith(prefix)).sort();
  for (const name of names.slice(0, Math.max(0, names.length - keep)))
    await unlink(path.join(dir, name)).catch(() => undefined);
}

/** The line install and uninstall print about the backup they wrote. */
export function backupLine(file: string): string {
  return `backup: ${file} (the newest ${KEPT_BACKUPS} backups of each settings file are kept there)`;
}
