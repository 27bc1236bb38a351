// Keeps the first `cap` bytes of a stream and counts the rest, so a hook that prints 100 MiB
// costs no more memory than one that prints 64 KiB.
import type { Readable } from 'node:stream';
import type { Captured } from '../common/run-result.js';

export type { Captured };

/** What else capturing does: keep the raw bytes, see each chunk as it comes, hear when the stream passes the cap. */
export interface CaptureOptions {
  raw?: boolean;
  onData?: (chunk: Buffer) => void;
  onPastCap?: () => void;
}

/** Start capturing `stream`; call the returned function for what was captured so far. */
export function captureOutput(
  stream: Readable | null | undefined,
  cap: number,
  options: CaptureOptions = {},
): () => Captured {
  const chunks: Buffer[] = [];
  let kept = 0;
  let bytes = 0;
  stream?.on('data', (chunk: Buffer) => {
    options.onData?.(chunk);
    bytes += chunk.length;
    if (kept < cap) {
      const part = chunk.subarray(0, cap - kept);
      chunks.push(part);
      kept += part.length;
    }
    if (bytes > cap) options.onPastCap?.();
  });
  // A stream destroyed after the hook exits may report an error; nothing is lost by ignoring it.
  stream?.on('error', () => {});
  return () => {
    const data = Buffer.concat(chunks);
    return { text: data.toString('utf8'), bytes, truncated: bytes > kept, ...(options.raw && { raw: data }) };
  };
}
