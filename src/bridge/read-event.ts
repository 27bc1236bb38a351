// How both bridges read the event from stdin: until the end of one JSON value, EOF, a wait
// without a byte, since a client may write the event and leave stdin open (seen in Claude Code):
// the bridge must not wait for an EOF that never comes. Such a client still ends its JSON value, so
// the wait only bounds an event cut short; before the first byte it is longer, since under load a
// client writes a while after the bridge starts (200 bridges at once on two cores waited > 500 ms).
// The synchronous bridge also stops at hookd's deadline: a client that trickles its event must not
// hold the agent past it. What arrived in the same read as the value's end is kept (Claude Code's
// trailing newline). native/read-event.c reads the same way.
import type { Readable } from 'node:stream';
import { FIRST_BYTE_MS, IDLE_MS } from './bridge-limits.js';

/** Finds the end of one JSON value, fed a chunk at a time. */
export class JsonEnd {
  private started = false;
  private scalar = false;
  private depth = 0;
  private inString = false;
  private escaped = false;
  done = false;

  feed(chunk: Buffer): void {
    for (let i = 0; i < chunk.length && !this.done && !this.scalar; i++) {
      const c = chunk[i]!;
      if (!this.started) {
        if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
        this.started = true;
        if (c === 0x7b || c === 0x5b) this.depth = 1;
        else if (c === 0x22) this.inString = true;
        else this.scalar = true; // not an object: read to EOF or idle
      } else if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 0x5c) this.escaped = true;
        else if (c === 0x22) [this.inString, this.done] = [false, this.depth === 0];
      } else if (c === 0x22) this.inString = true;
      else if (c === 0x7b || c === 0x5b) this.depth++;
      else if ((c === 0x7d || c === 0x5d) && --this.depth === 0) this.done = true;
    }
  }
}

/** An event read: its bytes, and whether the deadline came before its end. */
export interface EventRead {
  payload: Buffer;
  pastDeadline: boolean;
}

/**
 * Read one event from `stream`, then let go of it (an open stdin must not keep the process alive);
 * `deadline`: a `performance.now()` time (ms since this process started) to stop at.
 */
export function readEvent(stream: Readable, deadline = Infinity): Promise<EventRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const end = new JsonEnd();
    let idle: NodeJS.Timeout;
    const finish = (pastDeadline = false) => {
      clearTimeout(idle);
      stream.off('data', onData);
      stream.destroy();
      resolve({ payload: Buffer.concat(chunks), pastDeadline });
    };
    // The next wait: the idle bound, unless the deadline comes first.
    const wait = (ms: number) => {
      clearTimeout(idle);
      const left = Math.max(0, deadline - performance.now());
      idle = left <= ms ? setTimeout(finish, left, true) : setTimeout(finish, ms);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      end.feed(chunk);
      if (end.done) return finish();
      wait(IDLE_MS);
    };
    wait(FIRST_BYTE_MS);
    stream.on('data', onData);
    stream.once('end', () => finish());
    stream.once('error', () => finish());
  });
}
