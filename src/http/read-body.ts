// Reads a request body into memory under a cap. A body announced larger than the cap is refused
// before a byte of it is read, and one that grows past the cap (chunked) stops being read there:
// draining it first, to answer a client still writing, let one request make the daemon read
// 300 MiB. The refusal closes the connection (refuseBody), so what the client still sends is not read.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendRefusal } from './answers.js';
import type { RefusalCode } from '../common/error-catalogue.js';

export type BodyResult = { ok: true; body: Buffer } | { ok: false; reason: 'too-large' | 'aborted' };

/** The whole body of `req`, or why it could not be read; past `maxBytes` it stops reading at once. */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyResult> {
  if (Number(req.headers['content-length']) > maxBytes) return Promise.resolve({ ok: false, reason: 'too-large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      chunks.length = 0;
      req.off('data', onData);
      req.pause();
      resolve({ ok: false, reason: 'too-large' });
    };
    req.on('data', onData);
    req.on('end', () => resolve({ ok: true, body: Buffer.concat(chunks) }));
    req.on('aborted', () => resolve({ ok: false, reason: 'aborted' }));
    req.on('error', () => resolve({ ok: false, reason: 'aborted' }));
  });
}

/** Refuse a request whose body is not read (whole): answer, then close the connection instead of reading the rest. */
export function refuseBody(req: IncomingMessage, res: ServerResponse, code: RefusalCode, detail: string): void {
  req.pause();
  sendRefusal(res, code, detail, { connection: 'close' });
}
