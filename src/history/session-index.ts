// The daemon's list of sessions, kept between asks: reading and parsing the whole history (up to
// twice 5 MiB) held the daemon's one thread for 130 to 380 ms here on each GET /sessions, delaying
// every hook behind it. The first ask reads both files; each later ask parses only the lines
// appended since, and reads everything again only when the files were rotated or replaced.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import type { HistoryEntry } from '../runs/history-line.js';
import { newestFirst } from './history-file.js';
import { addTo, inSession, newestSessions, type SessionSummary } from './sessions.js';

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

/** The sessions of one history file (history.jsonl and its rotated part), brought up to date on each ask. */
export class SessionIndex {
  private sessions = new Map<string, SessionSummary>();
  // What was read: the rotated file's stamp, the current file's inode and the offset read up to.
  private read?: { rotated: string; ino: number; offset: number };

  constructor(private readonly file: string) {}

  /** The most recently active sessions, at most `limit`. */
  list(limit: number): SessionSummary[] {
    const rotated = JSON.stringify(stamp(`${this.file}.1`) ?? null);
    const current = stamp(this.file);
    const read = this.read;
    if (!current) this.rebuild(rotated, { ino: 0, size: 0 });
    else if (!read || read.rotated !== rotated || read.ino !== current.ino || current.size < read.offset)
      this.rebuild(rotated, current);
    else if (current.size > read.offset) this.append(read, current.size);
    return newestSessions(this.sessions.values(), limit);
  }

  private add(entry: HistoryEntry): void {
    if (inSession(entry)) this.sessions.set(entry.session, addTo(this.sessions.get(entry.session), entry));
  }

  // Everything again, from both files; then only what comes after `current.size`.
  private rebuild(rotated: string, current: { ino: number; size: number }): void {
    this.sessions = new Map();
    // Up to the size stated: a line appended meanwhile is the next ask's.
    const text = current.size > 0 ? readRange(this.file, 0, current.size).toString('utf8') : '';
    const whole = text.slice(0, text.lastIndexOf('\n') + 1);
    for (const entry of newestFirst(`${this.file}.1`)) this.add(entry);
    this.parse(whole);
    this.read = { rotated, ino: current.ino, offset: Buffer.byteLength(whole) };
  }

  // The lines appended since the last ask (a line still being written waits for the next one).
  private append(read: { offset: number }, size: number): void {
    const text = readRange(this.file, read.offset, size).toString('utf8');
    const whole = text.slice(0, text.lastIndexOf('\n') + 1);
    this.parse(whole);
    read.offset += Buffer.byteLength(whole);
  }

  private parse(text: string): void {
    for (const line of text.split('\n')) {
      if (!line) continue;
      try {
        this.add(JSON.parse(line) as HistoryEntry);
      } catch {
        // A line cut by a crash: the rest of the history stands.
      }
    }
  }
}
