// Reads a request body into memory under a cap. Past the cap the rest is read and dropped before
// answering, so the client, still writing, gets the 413 rather than a broken pipe; a body that
// goes on far past the cap is cut off instead.
import type { IncomingMessage } from 'node:http';

export const MIB = 1024 * 1024;
// How much of an oversized body is drained so the 413 can be read, before giving up on it.
const DRAIN_LIMIT = 64 * MIB;

export type BodyResult = { ok: true; body: Buffer } | { ok: false; reason: 'too-large' | 'aborted' };

/** The whole body of `req`, or why it could not be read. */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = Number(req.headers['content-length']) > maxBytes;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (!over && size > maxBytes) {
        over = true;
        chunks.length = 0;
      }
      if (!over) chunks.push(chunk);
      else if (size > maxBytes + DRAIN_LIMIT) resolve({ ok: false, reason: 'too-large' });
    });
    req.on('end', () => resolve(over ? { ok: false, reason: 'too-large' } : { ok: true, body: Buffer.concat(chunks) }));
    req.on('aborted', () => resolve({ ok: false, reason: 'aborted' }));
    req.on('error', () => resolve({ ok: false, reason: 'aborted' }));
  });
}

/** Size as people read it: 25 MiB, 512 KiB. */
export function showSize(bytes: number): string {
  return bytes >= MIB ? `${+(bytes / MIB).toFixed(1)} MiB` : `${Math.round(bytes / 1024)} KiB`;
}
