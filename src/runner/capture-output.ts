// Keeps the first `cap` bytes of a stream and counts the rest, so a hook that prints 100 MiB
// costs no more memory than one that prints 64 KiB.
import type { Readable } from 'node:stream';

export interface Captured {
  text: string;
  bytes: number;
  truncated: boolean;
}

/** Start capturing `stream`; call the returned function for what was captured so far. */
export function captureOutput(stream: Readable | null | undefined, cap: number): () => Captured {
  const chunks: Buffer[] = [];
  let kept = 0;
  let bytes = 0;
  stream?.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (kept < cap) {
      const part = chunk.subarray(0, cap - kept);
      chunks.push(part);
      kept += part.length;
    }
  });
  // A stream destroyed after the hook exits may report an error; nothing is lost by ignoring it.
  stream?.on('error', () => {});
  return () => ({ text: Buffer.concat(chunks).toString('utf8'), bytes, truncated: bytes > kept });
}
