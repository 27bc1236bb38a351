// What a computation over the file system looked at, each path with its stamp taken just before
// it was looked at, so that its answer can be kept until one of them changes: checking is one stat
// per path, where computing again read and parsed them all (GET /status's "will not run" list).
// A stamp is the inode, size, mode and both change times: a file rewritten, replaced by a rename,
// made executable or deleted changes it, and so does a folder gaining or losing an entry.
import { statSync } from 'node:fs';

function stampOf(file: string): string {
  try {
    const { ino, size, mode, mtimeMs, ctimeMs } = statSync(file);
    return `${ino}:${size}:${mode}:${mtimeMs}:${ctimeMs}`;
  } catch {
    return 'absent';
  }
}

/** The paths a computation looked at, as they were when it looked. */
export class FileStamps {
  private readonly stamps = new Map<string, string>();

  /** Remember `file` (a file or a folder, present or not) as it is now; call it before reading it, so a change meanwhile is seen next time. */
  note(file: string): void {
    if (!this.stamps.has(file)) this.stamps.set(file, stampOf(file));
  }

  /** The first path noted that has changed since, if any. */
  changed(): string | undefined {
    for (const [file, stamp] of this.stamps) if (stampOf(file) !== stamp) return file;
    return undefined;
  }

  /** How many paths were noted. */
  get size(): number {
    return this.stamps.size;
  }
}
