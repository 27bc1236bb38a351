// A deciding hook never depends on the daemon: with the daemon stopped or killed in the middle of
// a run, the synchronous bridge still runs the hook and hands over its decision, and the run
// reaches the history once the daemon is back, once, with what the client made of the answer.
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { stopTestDaemons, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs } from '../helpers/temp-dir.js';
import { runHookd } from '../helpers/run-hookd.js';
import { waitFor } from '../helpers/wait-for.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const PRE_TOOL = JSON.stringify({
  session_id: 'sess-9',
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command: 'rm -rf /' },
  cwd: '/',
});
const DENY = `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm -rf"}}'`;

/** The client's side: `sh -c "hookd sync … -- 'CMD'"` with the daemon's environment. */
function sync(
  daemon: TestDaemon,
  command: string,
  payload: string,
  args: string[] = [],
  env: Record<string, string> = {},
) {
  const quoted = `'${command.replace(/'/g, `'\\''`)}'`;
  return execa('sh', ['-c', `hookd sync ${args.join(' ')} -- ${quoted}`], {
    env: { ...daemon.env, ...env },
    input: payload,
    reject: false,
    timeout: 20_000,
  });
}

describe('a deciding hook through the synchronous bridge', () => {
  it('decides with the daemon stopped, and is in the history with its decision once the daemon is up', async () => {
    const daemon = testDaemon();
    const denied = await sync(daemon, DENY, PRE_TOOL, ['--client', 'claude'], {
      CLAUDE_PROJECT_DIR: '/home/dev/src/demo',
    });
    expect(denied.exitCode).toBe(0);
    expect(JSON.parse(denied.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
    const blocked = await sync(daemon, 'echo "tests fail" >&2; exit 2', PRE_TOOL, ['--client', 'claude']);
    expect([blocked.exitCode, blocked.stderr]).toEqual([2, 'tests fail']);
    const missing = await sync(daemon, '/no/such/guard', PRE_TOOL);
    expect(missing.exitCode).toBe(127);
    await daemon.start();
    const entries = await waitFor('three runs in the history', () =>
      daemon.history().length === 3 ? daemon.history() : undefined,
    );
    expect(entries.map((entry) => [entry.outcome, entry.bridge, entry.client, entry.decision])).toEqual([
      ['ok', 'sync', 'claude', 'deny: no rm -rf'],
      ['ok', 'sync', 'claude', 'block: tests fail'],
      ['spawn_error', 'sync', 'generic', 'none'],
    ]);
    // The project the client named, as for a run the daemon made; else the payload's cwd.
    expect(entries[0]).toMatchObject({
      event: 'PreToolUse',
      session: 'sess-9',
      decided: true,
      project: '/home/dev/src/demo',
    });
    expect(entries[1]).toMatchObject({ project: '/' });
    const history = await runHookd(['history', '--json'], { env: daemon.env });
    const listed = JSON.parse(history.stdout) as Array<{ id: string; decision?: string }>;
    expect(listed.map((run) => run.decision)).toContain('deny: no rm -rf');
    // As a person reads them: the decision beside the outcome, and in the run's whole view.
    expect((await runHookd(['history'], { env: daemon.env })).stdout).toMatch(/PreToolUse +ok → deny: no rm -rf /);
    const deniedRun = listed.find((run) => run.decision === 'deny: no rm -rf')!;
    expect((await runHookd(['history', 'show', deniedRun.id], { env: daemon.env })).stdout).toContain(
      'decision: deny: no rm -rf (run in line by hookd sync: the agent waited for it)',
    );
  });

  it('hands over the decision when the daemon is killed in the middle of the run, and records it once after the restart', async () => {
    const daemon = testDaemon();
    await daemon.start();
    const running = sync(daemon, 'sleep 1; echo "still guarded" >&2; exit 2', PRE_TOOL);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await daemon.kill9();
    const answer = await running;
    expect([answer.exitCode, answer.stderr]).toEqual([2, 'still guarded']);
    await daemon.start();
    await waitFor('the run in the history', () => daemon.history().length === 1);
    await daemon.stop();
    await daemon.start();
    expect(daemon.history()).toHaveLength(1);
    expect(daemon.history()[0]).toMatchObject({ outcome: 'ok', decided: true, decision: 'block: still guarded' });
  });
});
