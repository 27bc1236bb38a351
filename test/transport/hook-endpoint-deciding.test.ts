// Claude Code's http hooks of deciding events (issue 19, item 5): the real daemon runs the hook in
// line and answers with its decision in the JSON Claude Code reads from an http hook, under hookd's
// deadline for the entry's timeout, and records each run once in the history with what it decided.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { stopTestDaemons, stopPayload, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { waitGone } from '../helpers/process-alive.js';
import { hookdUrl } from '../../src/settings/hookd-url.js';
import { clientHeaders, hookPath, hookTarget, rawRequest, type HookAnswer } from './hook-client.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const httpHook = (event: string, command: string, timeout = 5) => ({
  type: 'http',
  url: hookdUrl(14653, event, command),
  headers: { Authorization: 'Bearer $HOOKD_TOKEN' },
  allowedEnvVars: ['HOOKD_TOKEN'],
  timeout,
});

const GUARD = `echo "rm -rf is not allowed here" >&2; exit 2`;
const STOP_GATE = `echo '{"decision": "block", "reason": "the tests fail"}'`;
const CONTEXT = `echo "the user works on branch main"`;
const QUIET = `cat > /dev/null`;
const BROKEN = `echo "config missing" >&2; exit 1`;

async function claudeDaemon(hooks: object): Promise<{
  daemon: TestDaemon;
  post: (event: string, command: string, fields?: Record<string, unknown>) => Promise<HookAnswer>;
}> {
  const daemon = testDaemon(hooks);
  // The file is Claude Code's: its contract reads the answers.
  await daemon.start(['--client', 'claude']);
  const { port, token } = await hookTarget(daemon);
  const post = (event: string, command: string, fields: Record<string, unknown> = {}) => {
    const payload = stopPayload({ hook_event_name: event, ...fields });
    return rawRequest(port, {
      path: hookPath(port, event, command),
      headers: clientHeaders(port, token, payload),
      body: payload,
    });
  };
  return { daemon, post };
}

const inbox = (daemon: TestDaemon) =>
  ['new', 'cur'].flatMap((folder) =>
    existsSync(path.join(daemon.stateDir, 'inbox', folder))
      ? readdirSync(path.join(daemon.stateDir, 'inbox', folder))
      : [],
  );

describe('http hooks of deciding events are answered with the decision', () => {
  it('an exit 2 becomes the JSON of its event, stdout JSON passes through, plain context becomes additionalContext; each run is in the history once', async () => {
    const { daemon, post } = await claudeDaemon({
      PreToolUse: [{ matcher: 'Bash', hooks: [httpHook('PreToolUse', GUARD)] }],
      PermissionRequest: [{ hooks: [httpHook('PermissionRequest', GUARD)] }],
      Stop: [{ hooks: [httpHook('Stop', STOP_GATE), httpHook('Stop', QUIET)] }],
      SubagentStop: [{ hooks: [httpHook('SubagentStop', GUARD)] }],
      UserPromptSubmit: [{ hooks: [httpHook('UserPromptSubmit', CONTEXT)] }],
    });
    const deny = await post('PreToolUse', GUARD, { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });
    expect(deny.status).toBe(200);
    expect(JSON.parse(deny.body)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'rm -rf is not allowed here',
      },
    });
    const permission = await post('PermissionRequest', GUARD, { tool_name: 'Bash' });
    expect(JSON.parse(permission.body)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: { behavior: 'deny', message: 'rm -rf is not allowed here' },
      },
    });
    const block = await post('SubagentStop', GUARD);
    expect(JSON.parse(block.body)).toEqual({ decision: 'block', reason: 'rm -rf is not allowed here' });
    const gate = await post('Stop', STOP_GATE);
    expect(gate).toEqual({ status: 200, body: '{"decision": "block", "reason": "the tests fail"}' });
    const context = await post('UserPromptSubmit', CONTEXT, { prompt: 'hi' });
    expect(JSON.parse(context.body)).toEqual({
      hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'the user works on branch main\n' },
    });
    expect(await post('Stop', QUIET)).toEqual({ status: 204, body: '' });

    await waitFor('six runs in the history', () => daemon.history().length >= 6);
    const runs = daemon.history();
    expect(runs).toHaveLength(6);
    expect(
      runs.map(({ event, bridge, client, outcome, decided, decision }) => ({
        event,
        bridge,
        client,
        outcome,
        decided,
        decision,
      })),
    ).toEqual([
      {
        event: 'PreToolUse',
        bridge: 'sync',
        client: 'claude',
        outcome: 'ok',
        decided: true,
        decision: 'block: rm -rf is not allowed here',
      },
      {
        event: 'PermissionRequest',
        bridge: 'sync',
        client: 'claude',
        outcome: 'ok',
        decided: true,
        decision: 'block: rm -rf is not allowed here',
      },
      {
        event: 'SubagentStop',
        bridge: 'sync',
        client: 'claude',
        outcome: 'ok',
        decided: true,
        decision: 'block: rm -rf is not allowed here',
      },
      {
        event: 'Stop',
        bridge: 'sync',
        client: 'claude',
        outcome: 'ok',
        decided: true,
        decision: 'block: the tests fail',
      },
      {
        event: 'UserPromptSubmit',
        bridge: 'sync',
        client: 'claude',
        outcome: 'ok',
        decided: true,
        decision: `context (${'the user works on branch main'.length} bytes)`,
      },
      { event: 'Stop', bridge: 'sync', client: 'claude', outcome: 'ok', decided: false, decision: 'none' },
    ]);
    // Ran in line: nothing went through the inbox, so nothing runs a second time later.
    expect(inbox(daemon)).toEqual([]);
  });

  it('a failing hook and one that cannot start answer a non-2xx status (a non-blocking error to Claude Code), never a silent success', async () => {
    const missing = 'hookd-test-no-such-program --flag';
    const { daemon, post } = await claudeDaemon({
      Stop: [{ hooks: [httpHook('Stop', BROKEN), httpHook('Stop', missing)] }],
    });
    const failed = await post('Stop', BROKEN);
    expect(failed.status).toBe(500);
    expect(JSON.parse(failed.body).detail).toBe('the hook exited 1: config missing');
    const notFound = await post('Stop', missing);
    expect(notFound.status).toBe(500);
    expect(JSON.parse(notFound.body).detail).toMatch(
      /^the hook could not start: .*hookd-test-no-such-program.*not found/,
    );
    await waitFor('two runs', () => daemon.history().length >= 2);
    expect(daemon.history().map(({ outcome, decided }) => ({ outcome, decided }))).toEqual([
      { outcome: 'failed', decided: false },
      { outcome: 'spawn_error', decided: false },
    ]);
  });

  it("ends a hook past hookd's deadline for the entry's timeout, its children too, and answers 504", async () => {
    const out = tempDir();
    const pidFile = path.join(out, 'child.pid');
    // The hook starts a child that would outlive it, and never ends by itself.
    const hang = `sleep 300 & echo $! > ${pidFile}; wait`;
    const { daemon, post } = await claudeDaemon({ Stop: [{ hooks: [httpHook('Stop', hang, 1)] }] });
    const answer = await post('Stop', hang);
    expect(answer.status).toBe(504);
    expect(JSON.parse(answer.body).detail).toMatch(/the hook timed out after 0\.9 s; hookd ended it/);
    const child = Number(readFileSync(pidFile, 'utf8'));
    await waitFor('the child to be ended', () => {
      try {
        process.kill(child, 0);
        return false;
      } catch {
        return true;
      }
    });
    await waitFor('the run in the history', () => daemon.history().length === 1);
    expect(daemon.history()[0]).toMatchObject({
      outcome: 'timed_out',
      bridge: 'sync',
      decided: false,
      decision: 'none',
    });
  });

  it('runs nothing a sync entry names: the hook endpoint runs only the commands of http entries', async () => {
    const { daemon, post } = await claudeDaemon({
      Stop: [
        {
          hooks: [
            { type: 'command', command: "hookd sync --client claude --timeout 5 -- 'touch /tmp/hookd-should-not-run'" },
          ],
        },
      ],
    });
    const refused = await post('Stop', 'touch /tmp/hookd-should-not-run');
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).detail).toMatch(/no settings file the daemon follows has an http hook for Stop/);
    expect(daemon.history()).toEqual([]);
  });
});

describe("a deciding http hook run in line keeps the runner's contract", () => {
  it('answers the JSON the hook printed byte for byte, and ends the hook and its children when the client hangs up', async () => {
    const out = tempDir();
    const json = `cat >/dev/null; echo '{"note":  "é  ü", "n": [1, 2]}'`;
    const hang = `sleep 300 & echo $! > ${out}/child; wait`;
    const { daemon, post } = await claudeDaemon({
      Stop: [{ hooks: [httpHook('Stop', json), httpHook('Stop', hang)] }],
    });
    expect(await post('Stop', json)).toEqual({ status: 200, body: '{"note":  "é  ü", "n": [1, 2]}' });

    const { port, token } = await hookTarget(daemon);
    const payload = stopPayload();
    const hungUp = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: hookPath(port, 'Stop', hang),
      headers: clientHeaders(port, token, payload),
      agent: false,
    });
    hungUp.on('error', () => undefined);
    hungUp.end(payload);
    const child = await waitFor('the hook to start its child', () =>
      existsSync(path.join(out, 'child'))
        ? Number(readFileSync(path.join(out, 'child'), 'utf8')) || undefined
        : undefined,
    );
    hungUp.destroy();
    expect(await waitGone(child, 5000)).toBe(true);
    await waitFor('the hung-up run in the history', () => daemon.history().length === 2);
    expect(daemon.history().map(({ outcome }) => outcome)).toEqual(['ok', 'interrupted']);
  });
});
