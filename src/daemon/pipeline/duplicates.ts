// A client sometimes delivers one event twice (two identical entries, a retried hook): the same
// payload for the same command within a short window runs once; the second is recorded `duplicate`.
// The window is fixed from the first delivery: a window that slid with every duplicate would
// suppress forever an event repeated a little faster than the window (every 1.9 s for 2 s).
import { createHash } from 'node:crypto';

/** The same event delivered twice within this window, for the same command, runs once. */
export const DUPLICATE_WINDOW_MS = 2000;

/** Remembers the events of the last window, by a fingerprint of command and payload. */
export class DuplicateFilter {
  // By fingerprint: when the event first ran and the record that ran it, oldest first.
  private readonly seen = new Map<string, { at: number; key: string }>();

  /** Whether another record (not `key` itself, which may be admitted again) carried this event within the window of its first delivery. */
  isDuplicate(key: string, command: string, payload: Buffer, receivedAt: number): boolean {
    const fingerprint = createHash('sha256').update(command).update('\0').update(payload).digest('hex');
    // Oldest first (a Map keeps insertion order): forget what fell out of the window.
    for (const [seenPrint, seen] of this.seen) {
      if (receivedAt - seen.at <= DUPLICATE_WINDOW_MS) break;
      this.seen.delete(seenPrint);
    }
    const first = this.seen.get(fingerprint);
    if (first !== undefined && Math.abs(receivedAt - first.at) <= DUPLICATE_WINDOW_MS) return first.key !== key;
    // A first delivery: its window starts now (re-inserted, so the map stays oldest first).
    this.seen.delete(fingerprint);
    this.seen.set(fingerprint, { at: receivedAt, key });
    return false;
  }
}
