// Following the history as it grows, for what the daemon keeps between asks (the list of sessions,
// the recent runs "did not fire" reads): reading and parsing the whole history (up to twice 5 MiB)
// held the daemon's one thread for 130 to 380 ms here on each ask. The first catch-up reads both
// files; each later one parses only the lines appended since, and reads everything again only when
// the files were rotated or replaced.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import type { HistoryEntry } from '../runs/history-line.js';
import { readEntries } from './history-file.js';

/** What is kept from the history: emptied when the files were rotated or replaced, then given every entry again. */
export interface HistoryFold {
  reset(): void;
  /** One entry, in the order the history holds them (the rotated file's first). */
  add(entry: HistoryEntry): void;
}

// What identifies a file's contents so far: its inode and size (a rotation makes a new file).
function stamp(file: string): { ino: number; size: number } | undefined {
  try {
    const { ino, size } = statSync(file);
    return { ino, size };
  } catch {
    return undefined;
  }
}

// The bytes of `file` from `from` to `to`.
function readRange(file: string, from: number, to: number): Buffer {
  const buffer = Buffer.alloc(to - from);
  const fd = openSync(file, 'r');
  try {
    let read = 0;
    while (read < buffer.length) {
      const n = readSync(fd, buffer, read, buffer.length - read, from + read);
      if (n === 0) break;
      read += n;
    }
    return buffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/** One history file (history.jsonl and its rotated part), followed into `fold`. */
export class HistoryTail {
  // What was read: the rotated file's stamp, the current file's inode and the offset read up to.
  private read?: { rotated: string; ino: number; offset: number };

  constructor(
    readonly file: string,
    private readonly fold: HistoryFold,
  ) {}

  /** Hand `fold` what was appended since the last catch-up (or everything again); whether it was given anything or reset. */
  catchUp(): boolean {
    const rotated = JSON.stringify(stamp(`${this.file}.1`) ?? null);
    const current = stamp(this.file) ?? { ino: 0, size: 0 };
    const read = this.read;
    if (!read || read.rotated !== rotated || read.ino !== current.ino || current.size < read.offset) {
      this.rebuild(rotated, current);
      return true;
    }
    if (current.size === read.offset) return false;
    return this.append(read, current.size) > 0;
  }

  // Everything again, from both files; then only what comes after `current.size`.
  private rebuild(rotated: string, current: { ino: number; size: number }): void {
    this.fold.reset();
    for (const entry of readEntries(`${this.file}.1`)) this.fold.add(entry);
    // Up to the size stated: a line appended meanwhile is the next catch-up's.
    this.read = { rotated, ino: current.ino, offset: 0 };
    if (current.size > 0) this.append(this.read, current.size);
  }

  // The lines appended since the last catch-up (a line still being written waits for the next one); how many bytes were taken.
  private append(read: { offset: number }, size: number): number {
    const text = readRange(this.file, read.offset, size).toString('utf8');
    const whole = text.slice(0, text.lastIndexOf('\n') + 1);
    for (const line of whole.split('\n')) {
      if (!line) continue;
      try {
        this.fold.add(JSON.parse(line) as HistoryEntry);
      } catch {
        // A line cut by a crash: the rest of the history stands.
      }
    }
    const taken = Buffer.byteLength(whole);
    read.offset += taken;
    return taken;
  }
}
