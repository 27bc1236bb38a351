// The inbox record: what the bridge writes and the daemon reads. One file, no escaping, so that
// bin/hookd can write it in sh with builtins:
//
//   hookd-record 1\n  CMD \0  NAME=value \0 ...  \0  PAYLOAD-BYTES
//
// A run record (run-record.ts) starts `hookd-run 1` instead: a run the synchronous bridge made.
//
// NAME=value are the client's variables the bridge carries (payload/client-env.ts).
//
// CMD and each NAME=value cannot hold a NUL (they come from argv and the environment) and are
// never empty, so an empty field ends the header; the payload is every byte after it, as received.
// The time received is the file's modification time. Keep bin/hookd in step with this file.

import { parseRun, RUN_MAGIC, serializeRun, type RunRecord } from './run-record.js';
import { nulFields, pairsOf } from './nul-fields.js';

/** The first line of an event's record (the C bridge's is generated from here). */
export const RECORD_MAGIC = 'hookd-record 1\n';

export interface RecordContent {
  command: string;
  clientEnv: Record<string, string>;
  payload: Buffer;
  /** A run the synchronous bridge already made (run-record.ts): the daemon records it, never runs it. */
  run?: RunRecord;
}

/** The bytes of a record: a run record's (run-record.ts) for a run, whose variables are its `env` (native/record-bytes.c writes the same). */
export function serializeRecord(content: RecordContent): Buffer {
  if (content.run) return serializeRun(content.command, content.run, content.payload);
  const fields = [content.command, ...Object.entries(content.clientEnv).map(([name, value]) => `${name}=${value}`), ''];
  return Buffer.concat([Buffer.from(RECORD_MAGIC + fields.join('\0') + '\0'), content.payload]);
}

/** Parse record bytes, or say why they are not a record. */
export function parseRecord(bytes: Buffer): { ok: true; content: RecordContent } | { ok: false; reason: string } {
  if (bytes.subarray(0, RUN_MAGIC.length).equals(Buffer.from(RUN_MAGIC))) {
    const parsed = parseRun(bytes);
    if (!parsed.ok) return parsed;
    const { command, run, payload } = parsed;
    return { ok: true, content: { command, clientEnv: run.env ?? {}, payload, run } };
  }
  if (!bytes.subarray(0, RECORD_MAGIC.length).equals(Buffer.from(RECORD_MAGIC))) {
    return { ok: false, reason: 'not a hookd record (bad header)' };
  }
  const header = nulFields(bytes, RECORD_MAGIC.length);
  if (!header) return { ok: false, reason: 'record header is cut short (the bridge stopped while writing)' };
  const [command, ...vars] = header.fields;
  if (!command) return { ok: false, reason: 'record names no command' };
  const clientEnv = Object.fromEntries(pairsOf(vars));
  return { ok: true, content: { command, clientEnv, payload: bytes.subarray(header.rest) } };
}
