// Cursor sends no `cwd` (only `workspace_roots`), and with third-party hooks on it also runs Claude
// Code's files (issue 20, item 5): behind the bridge, a hook written with a relative path
// (`sh .cursor/hooks/audit.sh`, as published Cursor files write them) runs in the directory Cursor
// ran the bridge in, as Cursor would run it; the same bridge entry in Cursor's and Claude Code's
// files runs once per event, attributed to Cursor, whose variables ran it.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { stopTestDaemons, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';

afterEach(async () => {
  await stopTestDaemons();
});
afterAll(cleanupTempDirs);

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** What Cursor does: run the entry's command with `sh -c` in the project, its variables set, the payload on stdin. */
async function cursorRuns(daemon: TestDaemon, command: string, project: string, payload: string): Promise<void> {
  const result = await execa('sh', ['-c', command], {
    cwd: project,
    env: { ...daemon.env, CURSOR_TRACE_ID: 'trace-1', CLAUDE_PROJECT_DIR: project },
    input: payload,
    reject: false,
    timeout: 10_000,
  });
  expect(result).toMatchObject({ exitCode: 0, stdout: '' });
}

const stopPayload = (project: string) =>
  JSON.stringify({
    conversation_id: 'conv-1',
    generation_id: 'gen-1',
    hook_event_name: 'stop',
    status: 'completed',
    loop_count: 0,
    workspace_roots: [project],
  });

describe('Cursor behind the bridge', () => {
  it('a relative command runs in the directory Cursor ran the bridge in: its payload has no cwd', async () => {
    const home = tempDir();
    const project = path.join(home, 'src', 'demo');
    const out = path.join(tempDir(), 'pwd');
    write(path.join(project, '.cursor', 'hooks', 'audit.sh'), `pwd > ${out}\n`);
    const entry = "hookd emit -- 'sh .cursor/hooks/audit.sh'";
    write(
      path.join(home, '.cursor', 'hooks.json'),
      JSON.stringify({ version: 1, hooks: { stop: [{ command: entry }] } }),
    );
    const daemon = testDaemon({}, { home });
    await daemon.start();
    await cursorRuns(daemon, entry, project, stopPayload(project));
    await waitFor('the audit hook to run', () => daemon.history().some((line) => line.outcome !== undefined), 20_000);
    expect(daemon.history()).toMatchObject([{ event: 'stop', outcome: 'ok' }]);
    expect(readFileSync(out, 'utf8')).toBe(`${project}\n`);
  });

  it("the same bridge entry in Cursor's and Claude Code's files runs once per event, as Cursor's", async () => {
    const home = tempDir();
    const project = path.join(home, 'src', 'demo');
    mkdirSync(project, { recursive: true });
    const marks = tempDir();
    const entry = `hookd emit -- 'echo run >> ${marks}/runs'`;
    write(
      path.join(home, '.cursor', 'hooks.json'),
      JSON.stringify({ version: 1, hooks: { stop: [{ command: entry }] } }),
    );
    write(
      path.join(home, '.claude', 'settings.json'),
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: entry }] }] } }),
    );
    const daemon = testDaemon({}, { home });
    await daemon.start();
    // Cursor, with third-party hooks on, runs its own entry and Claude Code's: the bridge twice.
    await cursorRuns(daemon, entry, project, stopPayload(project));
    await cursorRuns(daemon, entry, project, stopPayload(project));
    await waitFor(
      'both deliveries to be recorded',
      () => daemon.history().filter((line) => line.outcome !== undefined).length === 2,
      20_000,
    );
    const outcomes = daemon.history().map((line) => [line.outcome, line.client]);
    expect(outcomes.sort()).toEqual([
      ['duplicate', 'cursor'],
      ['ok', 'cursor'],
    ]);
    expect(readFileSync(path.join(marks, 'runs'), 'utf8')).toBe('run\n');
  });
});
