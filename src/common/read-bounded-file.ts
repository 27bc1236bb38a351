// Reading a file that a project directory (a cloned repository) may have put in hookd's way: a
// settings file can be a symlink to /proc/self/pagemap (a "regular" file of unbounded length that
// stat calls empty), to a FIFO that never answers, or to a device. So the file is opened without
// blocking, checked on the open descriptor (what was opened, not what the path said a moment
// before), and read through the thread pool up to a bound: a file past it is refused, not read.
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { describeError } from './errors.js';
import { showSize } from './show-size.js';

/** The most a hook file may hold; the largest real settings files are a few KiB. */
export const MAX_HOOK_FILE_BYTES = 1024 * 1024;

const CHUNK = 64 * 1024;

/** The text of a regular file, or why it was not read, in words that follow the file's name (`missing` when there is no such file). */
export type BoundedRead = { ok: true; text: string } | { ok: false; missing: boolean; reason: string };

/** Read `file` as UTF-8 if it is a regular file of at most `maxBytes`, off the event loop. */
export async function readBoundedFile(file: string, maxBytes = MAX_HOOK_FILE_BYTES): Promise<BoundedRead> {
  let handle;
  try {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever.
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    return { ok: false, missing, reason: `cannot read: ${missing ? 'no such file' : describeError(error)}` };
  }
  try {
    if (!(await handle.stat()).isFile())
      return { ok: false, missing: false, reason: 'not a regular file; hookd reads only regular files' };
    // Read in whole chunks until the end or past the bound: the size stat gives is not trusted
    // (files under /proc say 0 and go on for gigabytes), and some of them take only reads of a
    // multiple of 8 bytes (/proc/self/pagemap).
    const buffer = Buffer.alloc(maxBytes + CHUNK);
    let length = 0;
    while (length <= maxBytes) {
      const { bytesRead } = await handle.read(buffer, length, CHUNK, null);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > maxBytes)
      return {
        ok: false,
        missing: false,
        reason: `larger than ${showSize(maxBytes)}; hookd reads hook files up to that size`,
      };
    return { ok: true, text: buffer.subarray(0, length).toString('utf8') };
  } catch (error) {
    return { ok: false, missing: false, reason: `cannot read: ${describeError(error)}` };
  } finally {
    await handle.close().catch(() => undefined);
  }
}
