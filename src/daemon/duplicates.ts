// A client sometimes delivers one event twice (two identical entries, a retried hook): the same
// payload for the same command within a short window runs once; the second is recorded `duplicate`.
import { createHash } from 'node:crypto';

/** The same event delivered twice within this window, for the same command, runs once. */
export const DUPLICATE_WINDOW_MS = 2000;

/** Remembers the events of the last window, by a fingerprint of command and payload. */
export class DuplicateFilter {
  private readonly seen = new Map<string, { at: number; key: string }>();

  /** Whether another record (not `key` itself, which may be admitted again) carried this event within the window. */
  isDuplicate(key: string, command: string, payload: Buffer, receivedAt: number): boolean {
    const fingerprint = createHash('sha256').update(command).update('\0').update(payload).digest('hex');
    // Oldest first (a Map keeps insertion order): forget what fell out of the window.
    for (const [seenPrint, seen] of this.seen) {
      if (receivedAt - seen.at <= DUPLICATE_WINDOW_MS) break;
      this.seen.delete(seenPrint);
    }
    const last = this.seen.get(fingerprint);
    this.seen.delete(fingerprint);
    this.seen.set(fingerprint, { at: receivedAt, key });
    return last !== undefined && last.key !== key && Math.abs(receivedAt - last.at) <= DUPLICATE_WINDOW_MS;
  }
}
