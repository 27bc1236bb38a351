// The one TypeScript writer of inbox records: committed as the sh bridge commits them, the inbox
// made when it is missing, and nothing left behind when a record cannot be stored.
import { afterEach, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { writeRecord } from '../../src/inbox/write-record.js';
import { inboxDirs } from '../../src/inbox/inbox-dirs.js';
import { parseRecord } from '../../src/inbox/record-format.js';
import type { RunRecord } from '../../src/inbox/run-record.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

afterEach(cleanupTempDirs);

const run: RunRecord = {
  client: 'claude',
  event: 'Stop',
  startedAt: 1,
  endedAt: 2,
  timeoutMs: 1000,
  env: { TRACEPARENT: 't' },
  outcome: {
    status: 'ok',
    exitCode: 0,
    signal: null,
    durationMs: 1,
    stdout: { text: 'out', bytes: 3, truncated: false },
    stderr: { text: '', bytes: 0, truncated: false },
  },
};

describe('writeRecord', () => {
  it('writes the record in tmp/ and commits it in new/, making the inbox first when it is missing', () => {
    const state = tempDir();
    const dirs = inboxDirs(state);
    const id = writeRecord(state, {
      command: 'echo hi',
      clientEnv: { CLAUDE_PROJECT_DIR: '/p' },
      payload: Buffer.from('{}'),
    });
    expect(readdirSync(dirs.new)).toEqual([id]);
    const parsed = parseRecord(readFileSync(path.join(dirs.tmp, id)));
    expect(parsed.ok && parsed.content).toEqual({
      command: 'echo hi',
      clientEnv: { CLAUDE_PROJECT_DIR: '/p' },
      payload: Buffer.from('{}'),
    });
  });

  it('writes a run the synchronous bridge made as a run record', () => {
    const state = tempDir();
    const id = writeRecord(state, { command: 'true', clientEnv: run.env ?? {}, payload: Buffer.from('{"a":1}'), run });
    const parsed = parseRecord(readFileSync(path.join(inboxDirs(state).tmp, id)));
    expect(
      parsed.ok && [
        parsed.content.run?.event,
        parsed.content.run?.outcome.stdout.text,
        parsed.content.clientEnv,
        parsed.content.payload.toString(),
      ],
    ).toEqual(['Stop', 'out', { TRACEPARENT: 't' }, '{"a":1}']);
  });

  it('leaves nothing behind when the record cannot be committed', () => {
    const state = tempDir();
    const dirs = inboxDirs(state);
    writeRecord(state, { command: 'true', clientEnv: {}, payload: Buffer.from('{}') });
    const before = readdirSync(dirs.tmp);
    // new/ is no folder: the commit marker cannot be made (as on a full disk).
    rmSync(dirs.new, { recursive: true });
    writeFileSync(dirs.new, '');
    expect(() => writeRecord(state, { command: 'true', clientEnv: {}, payload: Buffer.from('{}') })).toThrow(/ENOTDIR/);
    expect(readdirSync(dirs.tmp)).toEqual(before);
  });
});
