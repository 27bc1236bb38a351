// The pipeline end to end in one process: a record in the inbox is published as `started` and
// `finished` with what subscribers need, its history line carries the four moments, the record
// is deleted only once that line is written, and stopping awaits the running hook.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { openPipeline } from '../../../src/daemon/pipeline/pipeline.js';
import { LiveConfig } from '../../../src/settings/live-config.js';
import { givenSource } from '../../../src/clients/find-sources.js';
import { serializeRecord } from '../../../src/inbox/record-format.js';
import type { RunFinished, RunStarted } from '../../../src/runs/run-bus.js';
import { cleanupTempDirs, tempDir } from '../../helpers/temp-dir.js';
import { waitFor } from '../../helpers/wait-for.js';

afterEach(cleanupTempDirs);

const logger = pino({ level: 'silent' }, new Writable({ write: (_chunk, _e, done) => done() }));

function pipelineOn(state: string, concurrency = 2) {
  const config = new LiveConfig([givenSource(path.join(state, 'no-settings.json'))], logger);
  return openPipeline({ stateDir: state, socket: path.join(state, 'hookd.sock'), config, logger, concurrency });
}

function emit(state: string, id: string, command: string, atMs: number): void {
  const file = path.join(state, 'inbox', 'tmp', id);
  writeFileSync(
    file,
    serializeRecord({ command, clientEnv: {}, payload: Buffer.from('{"session_id":"s1","hook_event_name":"Stop"}') }),
  );
  utimesSync(file, atMs / 1000, atMs / 1000);
  writeFileSync(path.join(state, 'inbox', 'new', id), '');
}

describe('the pipeline', () => {
  it('publishes started and finished with the run and its moments, and deletes the record only after its history line', async () => {
    const state = tempDir();
    const pipeline = pipelineOn(state);
    const started: RunStarted[] = [];
    const finished: Array<RunFinished & { recordThere: boolean; linesThen: number }> = [];
    const history = path.join(state, 'history.jsonl');
    pipeline.runs.on('started', (run) => void started.push(run));
    pipeline.runs.on('finished', (run) => {
      const { eventId } = run;
      const lines = existsSync(history) ? readFileSync(history, 'utf8').split('\n').length - 1 : 0;
      finished.push({ ...run, recordThere: existsSync(path.join(state, 'inbox', 'cur', eventId)), linesThen: lines });
    });
    const bridgeWrote = Date.now() - 5000;
    emit(state, 'e1', 'echo out; exit 3', bridgeWrote);
    await pipeline.start();
    await waitFor(
      'the outcome',
      () => finished.length === 1 && readdirSync(path.join(state, 'inbox', 'cur')).length === 0,
    );
    const run = finished[0]!;
    expect(started).toHaveLength(1);
    expect(run).toMatchObject({
      eventId: started[0]!.eventId,
      event: 'Stop',
      sessionId: 's1',
      command: 'echo out; exit 3',
      attempt: 1,
      outcome: 'failed',
      recordThere: true,
      linesThen: 0,
    });
    expect(run.result?.exitCode).toBe(3);
    expect(Math.abs(run.receivedAt - bridgeWrote)).toBeLessThan(1000);
    expect(run.receivedAt <= run.takenAt && run.takenAt <= run.startedAt! && run.startedAt! <= run.endedAt).toBe(true);
    const line = JSON.parse(readFileSync(history, 'utf8'));
    expect(line).toMatchObject({
      eventId: run.eventId,
      outcome: 'failed',
      exitCode: 3,
      stdout: 'out\n',
      attempt: 1,
      receivedAt: new Date(run.receivedAt).toISOString(),
      endedAt: line.time,
    });
    await pipeline.stop(1000);
  });

  it('stops by awaiting the running hook, and leaves records not yet started in the inbox', async () => {
    const state = tempDir();
    const out = tempDir();
    // One hook at a time: the second waits for the first.
    const pipeline = pipelineOn(state, 1);
    emit(state, 'slow', `sleep 0.5; touch ${out}/slow`, Date.now() - 2000);
    emit(state, 'next', `touch ${out}/next`, Date.now() - 1000);
    await pipeline.start();
    await waitFor('the slow hook to start', () => pipeline.scheduler.depth.running === 1);
    await pipeline.stop(5000);
    expect(existsSync(path.join(out, 'slow'))).toBe(true);
    expect(pipeline.history.latest(5).map((entry) => entry.outcome)).toEqual(['ok']);
    expect(existsSync(path.join(out, 'next'))).toBe(false);
    expect(readdirSync(path.join(state, 'inbox', 'cur'))).toEqual([expect.stringMatching(/-next$/)]);
  });
});
