// The hook endpoint's write of one event into the inbox: the bridge's record, written in tmp/ and
// then committed by its marker in new/, exactly as the sh bridge the client would otherwise run
// writes it, and as durable: not fsync'd (sh cannot), so a power cut may lose the last events
// while a crash of the daemon loses none (the kernel has them). Synchronous on purpose: each
// async file call is a hop through the thread pool, and on a busy machine the hops cost the
// waiting agent more than the two small writes themselves (bench/http-hooks.mjs).
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureInboxDirs, inboxDirs } from '../inbox/inbox-dirs.js';
import { serializeRecord, type RecordContent } from '../inbox/record-format.js';
import { newRecordId } from '../inbox/write-record.js';

function write(stateDir: string, content: RecordContent): string {
  const dirs = inboxDirs(stateDir);
  const id = newRecordId();
  const record = path.join(dirs.tmp, id);
  try {
    writeFileSync(record, serializeRecord(content), { flag: 'wx', mode: 0o600 });
    writeFileSync(path.join(dirs.new, id), '', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // The client is answered 500, "not stored": nothing of it may stay behind, or the intake would
    // take the uncommitted record for a dead bridge's a minute later and run it (a full disk left
    // a half-written one). What cannot be removed either is only a part the intake then rejects.
    rmSync(record, { force: true });
    throw error;
  }
  return id;
}

/** Store `content` in the inbox of `stateDir`, committed; returns the record's id. */
export function storeEvent(stateDir: string, content: RecordContent): string {
  try {
    return write(stateDir, content);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    // The inbox was deleted under the daemon: made again, as the bridge would.
    ensureInboxDirs(inboxDirs(stateDir));
    return write(stateDir, content);
  }
}
