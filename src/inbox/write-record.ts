// The one writer of inbox records in TypeScript: the emit bridge's Node path, the synchronous
// bridge's run records (bridge/record-run.ts), the http hook endpoint, POST /events and `hookd
// retry` all store through it. It writes as bin/hookd's sh bridge and native/inbox-writer.c do:
// the record in tmp/, then its commit marker in new/, and one durability rule for all of them: not
// fsync'd (sh cannot), so a crash of any process loses no committed record (the kernel has it)
// while a power cut may lose the last ones (docs/files.md). A record that cannot be written whole
// is removed: its writer says "not stored", so nothing of it may stay for the intake to take for a
// dead bridge's a minute later and run. Synchronous on purpose: in the daemon each async file call
// is a hop through the thread pool, and on a busy machine the hops cost a waiting agent more than
// the two small writes themselves (bench/http-hooks.mjs).
import { rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ensureInboxDirs, inboxDirs } from './inbox-dirs.js';
import { serializeRecord, type RecordContent } from './record-format.js';

/** A new record's name: unique across processes, and in order of writing within one. */
export function newRecordId(): string {
  return `n${process.pid}.${Date.now()}.${randomBytes(4).toString('hex')}`;
}

function write(stateDir: string, bytes: Buffer): string {
  const dirs = inboxDirs(stateDir);
  const id = newRecordId();
  const record = path.join(dirs.tmp, id);
  try {
    writeFileSync(record, bytes, { flag: 'wx', mode: 0o600 });
    writeFileSync(path.join(dirs.new, id), '', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // A full disk left a half-written record; what cannot be removed either is only a part the intake then rejects.
    rmSync(record, { force: true });
    throw error;
  }
  return id;
}

/** Store `content` (an event, or a run the synchronous bridge made) in the inbox of `stateDir`, committed; returns the record's id. */
export function writeRecord(stateDir: string, content: RecordContent): string {
  const bytes = serializeRecord(content);
  try {
    return write(stateDir, bytes);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    // No inbox yet, or it was deleted under the daemon: made, as the sh bridge makes it.
    ensureInboxDirs(inboxDirs(stateDir));
    return write(stateDir, bytes);
  }
}
