// Reads a request body into memory under a cap. Past the cap the rest is drained and dropped, so
// the server can still answer 413 on the same connection.
import type { IncomingMessage } from 'node:http';

export const MIB = 1024 * 1024;

export type BodyResult = { ok: true; body: Buffer } | { ok: false; reason: 'too-large' | 'aborted' };

/** The whole body of `req`, or why it could not be read. */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyResult> {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      req.resume();
      resolve({ ok: false, reason: 'too-large' });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > maxBytes) {
        over = true;
        chunks.length = 0;
        resolve({ ok: false, reason: 'too-large' });
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!over) resolve({ ok: true, body: Buffer.concat(chunks) });
    });
    req.on('aborted', () => resolve({ ok: false, reason: 'aborted' }));
    req.on('error', () => resolve({ ok: false, reason: 'aborted' }));
  });
}

/** Size as people read it: 25 MiB, 512 KiB. */
export function showSize(bytes: number): string {
  return bytes >= MIB ? `${+(bytes / MIB).toFixed(1)} MiB` : `${Math.round(bytes / 1024)} KiB`;
}
