// Reads the settings file for an edit and writes the edit safely: a symlink is followed (the
// target is edited, the link kept), a backup is written first (in the state directory:
// backups.ts), the new text goes to a temp file beside the target and is renamed over it, a change
// made by someone else since the read stops the edit, and the result is read back and checked.
import { lstatSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { chmod, copyFile, mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { CLIENT_FOLDER_MODE } from '../common/make-dirs.js';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pruneBackups, writeBackup } from './backups.js';
import { HookdError, UsageError, describeError } from '../common/errors.js';

export interface Snapshot {
  /** The path as given, and the file actually edited (the symlink's target). */
  file: string;
  target: string;
  exists: boolean;
  text: string;
  mtimeMs: number;
  mode: number;
}

/** Read `file` (following a symlink) as it is now. */
export function readSnapshot(file: string): Snapshot {
  let target = file;
  try {
    if (lstatSync(file).isSymbolicLink()) target = realpathSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') throw new UsageError(`${file}: cannot read: ${describeError(error)}`);
    // realpath of a dangling link fails with ENOENT too; lstat of a missing file as well.
    let dangling = false;
    try {
      dangling = lstatSync(file).isSymbolicLink();
    } catch {
      // Not there at all.
    }
    if (dangling)
      throw new UsageError(
        `${file}: a symlink to a file that does not exist; fix the link or pass --settings with the real file`,
      );
    return { file, target, exists: false, text: '', mtimeMs: 0, mode: 0o600 };
  }
  try {
    const info = statSync(target);
    if (!info.isFile()) throw new UsageError(`${target}: not a regular file`);
    return {
      file,
      target,
      exists: true,
      text: readFileSync(target, 'utf8'),
      mtimeMs: info.mtimeMs,
      mode: info.mode & 0o7777,
    };
  } catch (error) {
    if (error instanceof HookdError) throw error;
    throw new UsageError(`${target}: cannot read: ${describeError(error)}`);
  }
}

/** Refuse a file its owner made read-only (checked on the mode bits: root could write it anyway). */
export function assertWritable(snapshot: Snapshot): void {
  if (snapshot.exists && (snapshot.mode & 0o200) === 0) {
    throw new UsageError(
      `${snapshot.target}: the file is read-only; nothing was changed (make it writable with chmod u+w, or leave it as it is)`,
    );
  }
}

async function unchanged(snapshot: Snapshot): Promise<boolean> {
  try {
    const info = await stat(snapshot.target);
    return (
      snapshot.exists &&
      info.mtimeMs === snapshot.mtimeMs &&
      (await readFile(snapshot.target, 'utf8')) === snapshot.text
    );
  } catch (error) {
    return !snapshot.exists && (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

export interface CommitOptions {
  /** The folder the backup goes to (backupsDir of the state directory). */
  backupDir: string;
  /** Checks the text as read back; returns the errors, if any. */
  validate: (text: string) => string[];
  /** Test seam: runs between writing the temp file and the rename, where a concurrent writer would strike. */
  beforeCommit?: () => Promise<void> | void;
}

export interface CommitResult {
  backup: string | undefined;
}

/** Replace the file of `snapshot` with `text` (or delete it when `text` is null), safely. */
export async function commitEdit(
  snapshot: Snapshot,
  text: string | null,
  options: CommitOptions,
): Promise<CommitResult> {
  assertWritable(snapshot);
  const dir = path.dirname(snapshot.target);
  const base = path.basename(snapshot.target);
  await mkdir(dir, { recursive: true, mode: CLIENT_FOLDER_MODE });
  let backup: string | undefined;
  if (snapshot.exists) {
    backup = await writeBackup(options.backupDir, snapshot.target, snapshot.text, snapshot.mode).catch(
      (error: unknown) => {
        throw new HookdError(
          'EWRITE',
          `${options.backupDir}: cannot write the backup: ${describeError(error)}; nothing was changed`,
        );
      },
    );
  }
  const temp = path.join(dir, `.${base}.hookd-${process.pid}-${randomBytes(4).toString('hex')}`);
  const discard = async () => {
    await unlink(temp).catch(() => undefined);
    if (backup) await unlink(backup).catch(() => undefined);
  };
  try {
    // The file's own mode (0600 for a new one), exactly: the umask neither opens nor narrows it.
    if (text !== null) await writeFile(temp, text, { flag: 'wx', mode: 0o600 }).then(() => chmod(temp, snapshot.mode));
  } catch (error) {
    await discard();
    throw new HookdError(
      'EWRITE',
      `${dir}: cannot write a temp file beside the settings file: ${describeError(error)}; nothing was changed`,
    );
  }
  await options.beforeCommit?.();
  if (!(await unchanged(snapshot))) {
    await discard();
    throw new HookdError(
      'ECONFLICT',
      `${snapshot.target}: the file changed while hookd was editing it (another program or an editor wrote it); nothing was changed. Run the command again.`,
    );
  }
  if (text === null) {
    await unlink(snapshot.target);
    await pruneBackups(options.backupDir, snapshot.target);
    return { backup };
  }
  await rename(temp, snapshot.target);
  const back = await readFile(snapshot.target, 'utf8');
  const errors =
    back === text ? options.validate(back) : [`${snapshot.target}: the file read back differs from what was written`];
  if (errors.length > 0) {
    if (backup) await copyFile(backup, snapshot.target);
    else await unlink(snapshot.target);
    throw new HookdError('EVERIFY', `${errors.join('\n')}\nthe edit was undone${backup ? ` from ${backup}` : ''}`);
  }
  await pruneBackups(options.backupDir, snapshot.target);
  return { backup };
}
