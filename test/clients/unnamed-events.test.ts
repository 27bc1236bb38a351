// Copilot CLI's camelCase payloads name no event (issue 20): hookd delivers them all the same. The
// entry install writes names the event (`hookd emit --event agentStop`); a bridge written by hand
// without it is still delivered, its event taken from the one event whose entries run that command.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { stopTestDaemons, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';

afterEach(async () => {
  await stopTestDaemons();
});
afterAll(cleanupTempDirs);

const payload = (project: string) =>
  JSON.stringify({
    sessionId: 'c0ffee00-1111-2222-3333-444455556666',
    timestamp: 1795632159621,
    cwd: project,
    stopReason: 'end_turn',
  });

/** What Copilot CLI does: `bash -c` the entry's command in the project, COPILOT_CLI set, the payload on stdin. */
async function copilotRuns(daemon: TestDaemon, command: string, project: string): Promise<void> {
  const result = await execa('bash', ['-c', command], {
    cwd: project,
    env: { ...daemon.env, COPILOT_CLI: '1', COPILOT_PROJECT_DIR: project },
    input: payload(project),
    reject: false,
  });
  expect(result).toMatchObject({ exitCode: 0, stdout: '' });
}

describe("Copilot CLI's payloads without hook_event_name, through the daemon", () => {
  it('each is delivered and recorded under its event: named by --event, else by the one event whose entry runs the command', async () => {
    const home = tempDir();
    const project = path.join(home, 'src', 'demo');
    mkdirSync(project, { recursive: true });
    const out = tempDir();
    const named = `hookd emit --event agentStop -- 'cat > ${out}/named'`;
    const byHand = `hookd emit -- 'cat > ${out}/by-hand'`;
    mkdirSync(path.join(home, '.copilot', 'hooks'), { recursive: true });
    writeFileSync(
      path.join(home, '.copilot', 'hooks', 'mine.json'),
      JSON.stringify({
        version: 1,
        hooks: { agentStop: [{ type: 'command', bash: named }], sessionEnd: [{ type: 'command', bash: byHand }] },
      }),
    );
    const daemon = testDaemon({}, { home });
    await daemon.start();
    await copilotRuns(daemon, named, project);
    await copilotRuns(daemon, byHand, project);
    await waitFor('both runs', () => daemon.history().filter((line) => line.outcome === 'ok').length === 2, 20_000);
    const runs = daemon.history().map((line) => [line.event, line.client, line.session, line.outcome]);
    expect(runs.sort()).toEqual([
      ['agentStop', 'copilot', 'c0ffee00-1111-2222-3333-444455556666', 'ok'],
      ['sessionEnd', 'copilot', 'c0ffee00-1111-2222-3333-444455556666', 'ok'],
    ]);
  });
});
