// Files attached to a message: read, base64-encoded, and given a media type from their first
// bytes (the common image formats and PDF) or else from their extension.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { UsageError, describeError } from '../../common/errors.js';
import type { FileAttachment, Image } from '../api/message-schemas.js';

const MAGIC: [string, (b: Buffer) => boolean][] = [
  ['image/png', (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['image/gif', (b) => b.subarray(0, 4).toString('latin1') === 'GIF8'],
  [
    'image/webp',
    (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  ],
  ['application/pdf', (b) => b.subarray(0, 5).toString('latin1') === '%PDF-'],
];

const BY_EXTENSION: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.json': 'application/json',
  '.csv': 'text/csv',
  '.md': 'text/markdown',
  '.html': 'text/html',
  '.txt': 'text/plain',
  '.log': 'text/plain',
  '.ts': 'text/plain',
  '.js': 'text/javascript',
  '.py': 'text/x-python',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
};

/** The media type of `bytes` named `file`. */
export function mediaTypeOf(file: string, bytes: Buffer): string {
  for (const [type, test] of MAGIC) if (test(bytes)) return type;
  const byName = BY_EXTENSION[path.extname(file).toLowerCase()];
  if (byName) return byName;
  // No NUL byte in the first KiB: text.
  return bytes.subarray(0, 1024).includes(0) ? 'application/octet-stream' : 'text/plain';
}

async function load(file: string, what: string): Promise<{ bytes: Buffer; mediaType: string }> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new UsageError(`${what} ${file}: cannot read it: ${describeError(error)}`);
  }
  if (bytes.length === 0) throw new UsageError(`${what} ${file}: the file is empty`);
  return { bytes, mediaType: mediaTypeOf(file, bytes) };
}

/** An image attachment from a file; refused when the file is not an image. */
export async function readImage(file: string): Promise<Image> {
  const { bytes, mediaType } = await load(file, '--image');
  if (!mediaType.startsWith('image/'))
    throw new UsageError(`--image ${file}: not an image (${mediaType}); attach it with --file`);
  return { type: 'base64', data: bytes.toString('base64'), mediaType };
}

/** A file attachment from a file, named by its base name. */
export async function readAttachment(file: string): Promise<FileAttachment> {
  const { bytes, mediaType } = await load(file, '--file');
  return { type: 'base64', mediaType, data: bytes.toString('base64'), name: path.basename(file) };
}
