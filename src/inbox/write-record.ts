// Writes one record into the inbox the way the sh bridge does (data in tmp/, then the commit
// marker in new/), with an fsync, which sh cannot do. Used by the Node bridge and POST /events.
import { open, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ensureInboxDirs, inboxDirs } from './inbox-dirs.js';
import { serializeRecord, type RecordContent } from './record-format.js';

/** A new record's name: unique across processes, and in order of writing within one. */
export function newRecordId(): string {
  return `n${process.pid}.${Date.now()}.${randomBytes(4).toString('hex')}`;
}

/** Store `content` durably in the inbox of `stateDir`; returns the record's id. */
export function writeRecord(stateDir: string, content: RecordContent): Promise<string> {
  return writeRecordBytes(stateDir, serializeRecord(content));
}

/** Store a record's bytes (an event's, or a run's: run-record.ts) durably in the inbox of `stateDir`; returns its id. */
export async function writeRecordBytes(stateDir: string, bytes: Buffer): Promise<string> {
  const dirs = inboxDirs(stateDir);
  ensureInboxDirs(dirs);
  const id = newRecordId();
  const file = await open(path.join(dirs.tmp, id), 'wx', 0o600);
  try {
    await file.writeFile(bytes);
    await file.sync();
  } finally {
    await file.close();
  }
  await writeFile(path.join(dirs.new, id), '', { mode: 0o600, flag: 'wx' });
  return id;
}
