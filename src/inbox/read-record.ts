// Reading one claimed record into its content, or saying why it is not one. A record far over the
// payload limit is refused without reading it into memory: a bridge stores whatever it is given.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { MAX_PAYLOAD_BYTES } from '../payload/parse-payload.js';
import { MAX_ANSWER_BYTES } from '../clients/contract.js';
import { showSize } from '../common/show-size.js';
import { parseRecord, type RecordContent } from './record-format.js';
import { RUN_MAGIC } from './run-record.js';

// An event record: the payload limit plus room for the command and the carried variables in its
// header. A run record (the synchronous bridge's) also holds a deciding hook's outputs, up to the
// answer bound each: one refused for them would lose the run and its decision (issue 29).
const MAX_EVENT_RECORD_BYTES = MAX_PAYLOAD_BYTES + 1024 * 1024;
const MAX_RUN_RECORD_BYTES = MAX_EVENT_RECORD_BYTES + 2 * MAX_ANSWER_BYTES;

/** A record read, or why it cannot be read as one. */
export type ReadResult = { ok: true; record: RecordContent } | { ok: false; reason: string };

/** Read and parse the record in `file`; throws when the file cannot be opened. */
export function readRecordFile(file: string): ReadResult {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const head = Buffer.alloc(Math.min(size, RUN_MAGIC.length));
    readSync(fd, head, 0, head.length, 0);
    // Only a run record may hold outputs.
    if (size > (head.equals(Buffer.from(RUN_MAGIC)) ? MAX_RUN_RECORD_BYTES : MAX_EVENT_RECORD_BYTES))
      return {
        ok: false,
        reason: `the event is ${size} bytes, over the ${showSize(MAX_PAYLOAD_BYTES)} limit for a payload`,
      };
    const bytes = Buffer.allocUnsafe(size);
    let read = 0;
    while (read < size) {
      const n = readSync(fd, bytes, read, size - read, read);
      if (n === 0) break;
      read += n;
    }
    const parsed = parseRecord(bytes.subarray(0, read));
    return parsed.ok ? { ok: true, record: parsed.content } : parsed;
  } finally {
    closeSync(fd);
  }
}
