// Cline 3.0.65, the real binary, offline against a fake Chat Completions API (CLIENTS.md: `cline
// auth -p openai … -b URL`, then `cline --json PROMPT`). Its hooks are executable files named after
// their events in ~/.cline/hooks: `hookd install` wraps each in place, a guard behind hookd sync (its
// `{"cancel": true}` reaches Cline unchanged and stops the task before the shell runs) and a
// TaskComplete hook behind hookd emit (run by the daemon, with Cline's payload as it sent it); and
// `hookd uninstall` gives both files back byte for byte, modes included.
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CLIENT_BINS } from './install-clients.mjs';
import { HOOKD_BIN_DIR, killStrays, runProcess } from './run-client.mjs';
import { startChatFake } from './fakes/openai-chat.mjs';
import { scrubClientVariables } from './real-client-helpers.js';
import { MANIFEST_HEAD, WRAPPER_HEAD } from '../../src/clients/script-hooks.js';
import { FIXTURES } from '../helpers/paths.js';
import { GUARD_REASON, RAN_MARKER, SHELL_COMMAND } from './deciding-cases.js';
import { runHookd } from '../helpers/run-hookd.js';
import { stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';

scrubClientVariables();
afterEach(cleanupTempDirs);
afterAll(stopTestDaemons);

const TURN_MS = 90_000;
const SHELL_PROMPT = 'please run echo hi';

// The fake asks for the shell tool when the prompt does and no tool result came back yet; else it says "hi".
const respond = (body: { messages?: { role: string; content?: unknown }[] }) => {
  const messages = body.messages ?? [];
  const asked = messages.some(
    (message) => message.role === 'user' && JSON.stringify(message.content).includes(SHELL_PROMPT),
  );
  const answered = messages.some((message) => message.role === 'tool');
  return asked && !answered
    ? [{ id: 'call_1', name: 'run_commands', arguments: JSON.stringify({ commands: ['echo hi > out.txt'] }) }]
    : undefined;
};

const GUARD = `#!/bin/sh
payload=$(cat)
case $payload in
  *'"toolName":"run_commands"'*) echo '{"cancel": true, "errorMessage": "hookd test guard: no shell commands"}' ;;
  *) echo '{"cancel": false}' ;;
esac
`;

describe('Cline 3.0.65 (the real binary) through hookd', () => {
  it('a guard wrapped in place stops a shell command in line, TaskComplete runs behind hookd emit, and uninstall gives both back exactly', async () => {
    const fake = await startChatFake({ respond });
    const [home, project, out] = [
      tempDir('hookd-cline-home-'),
      tempDir('hookd-cline-project-'),
      tempDir('hookd-cline-out-'),
    ];
    try {
      const daemon = testDaemon();
      await daemon.start();
      const env = { PATH: `${HOOKD_BIN_DIR}:${process.env.PATH}`, HOME: home, HOOKD_STATE_DIR: daemon.stateDir };
      const auth = await runProcess(
        CLIENT_BINS.cline,
        ['auth', '-p', 'openai', '-k', 'x', '-m', 'gpt-4.1', '-b', `${fake.url}/v1`],
        { cwd: project, env, timeoutMs: 60_000 },
      );
      expect(auth.exitCode, auth.stderr).toBe(0);

      const hooks = path.join(home, '.cline', 'hooks');
      mkdirSync(hooks, { recursive: true });
      const files = {
        PreToolUse: { text: GUARD, mode: 0o750 },
        TaskComplete: { text: `#!/bin/sh\ncat > '${out}/task-complete.json'\n`, mode: 0o700 },
      };
      for (const [event, { text, mode }] of Object.entries(files))
        writeFileSync(path.join(hooks, event), text, { mode });
      const install = await runHookd(['install', '--client', 'cline'], { env });
      expect(install.exitCode, install.stderr + install.stdout).toBe(0);
      expect(readFileSync(path.join(hooks, 'PreToolUse'), 'utf8')).toMatch(
        new RegExp(
          `^${WRAPPER_HEAD.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*hookd sync --client cline --event PreToolUse`,
        ),
      );
      expect(readFileSync(path.join(hooks, 'TaskComplete'), 'utf8')).toMatch(/hookd emit --event TaskComplete/);

      // The guard's answer reaches Cline through hookd sync: the task stops, the shell never runs.
      const denied = await runProcess(CLIENT_BINS.cline, ['--json', SHELL_PROMPT], {
        cwd: project,
        env,
        timeoutMs: TURN_MS,
      });
      expect(denied.timedOut, denied.stderr.slice(-2000)).toBe(false);
      expect(denied.stdout).toMatch(/"type":"run_result","finishReason":"aborted"/);
      expect(existsSync(path.join(project, 'out.txt'))).toBe(false);
      expect(fake.requests.filter((request) => request.url.includes('/chat/completions'))).toHaveLength(1);
      // hookd ran it in line and recorded the decision, with the event the entry names (Cline's own hookName is `tool_call`).
      await waitFor('the guard in the history', () => daemon.history().some((entry) => entry.event === 'PreToolUse'));
      expect(daemon.history().find((entry) => entry.event === 'PreToolUse')).toMatchObject({
        bridge: 'sync',
        decided: true,
        decision: 'block: hookd test guard: no shell commands',
        client: 'cline',
      });

      // A turn that finishes: TaskComplete goes behind hookd emit, and the daemon runs it with Cline's payload.
      const done = await runProcess(CLIENT_BINS.cline, ['--json', 'say hi'], { cwd: project, env, timeoutMs: TURN_MS });
      expect(done.exitCode, done.stderr.slice(-2000)).toBe(0);
      expect(done.stdout).toMatch(/"finishReason":"completed"/);
      const recorded = path.join(out, 'task-complete.json');
      await waitFor(
        'the daemon to run the TaskComplete hook',
        () => existsSync(recorded) && readFileSync(recorded, 'utf8').endsWith('}'),
      );
      const payload = JSON.parse(readFileSync(recorded, 'utf8'));
      expect(payload).toMatchObject({
        hookName: 'agent_end',
        taskComplete: expect.any(Object),
        workspaceRoots: [project],
      });
      // The history line follows the hook's end: a moment later on a loaded machine.
      const line = await waitFor('the TaskComplete run in the history', () =>
        daemon.history().find((entry) => entry.event === 'TaskComplete'),
      );
      expect(line).toMatchObject({ outcome: 'ok', session: payload.taskId });

      const uninstall = await runHookd(['uninstall', '--client', 'cline'], { env });
      expect(uninstall.exitCode, uninstall.stderr + uninstall.stdout).toBe(0);
      for (const [event, { text, mode }] of Object.entries(files)) {
        expect(readFileSync(path.join(hooks, event), 'utf8')).toBe(text);
        expect(statSync(path.join(hooks, event)).mode & 0o7777).toBe(mode);
      }
    } finally {
      killStrays(project);
      await fake.close();
    }
  });

  // Issue 43 item 3: the suite's one manifest (test/fixtures/one-manifest: a canonical guard on the
  // shell tool, a notifier on the stop event), installed with `hookd install --hooks`, which writes
  // Cline's hook files itself. Cline reads no exit code and has no way to refuse one tool and go on:
  // the guard's canonical deny reaches it as `{"cancel": true, "errorMessage"}`, which stops the task
  // before the shell runs; Cline stops its loop on that reason (a ControlledStopError in its log).
  // The model is not told: 3.0.65 has no answer that refuses one tool and lets the model go on
  // (`context` without `cancel` lets the tool run), so there is no next request to carry it.
  it('a guard from a manifest stops the shell command with its reason; the notifier runs on TaskComplete; uninstall removes both files', async () => {
    const callShell = (body: { messages?: { role: string; content?: unknown }[] }) =>
      (body.messages ?? []).some((message) => message.role === 'tool') ||
      !JSON.stringify(body.messages ?? []).includes('run the command')
        ? undefined
        : [{ id: 'call_1', name: 'run_commands', arguments: JSON.stringify({ commands: [SHELL_COMMAND] }) }];
    const fake = await startChatFake({ respond: callShell });
    const [home, project] = [tempDir('hookd-cline-home-'), tempDir('hookd-cline-project-')];
    try {
      const daemon = testDaemon();
      await daemon.start();
      const env = { PATH: `${HOOKD_BIN_DIR}:${process.env.PATH}`, HOME: home, HOOKD_STATE_DIR: daemon.stateDir };
      const auth = await runProcess(
        CLIENT_BINS.cline,
        ['auth', '-p', 'openai', '-k', 'x', '-m', 'gpt-4.1', '-b', `${fake.url}/v1`],
        { cwd: project, env, timeoutMs: 60_000 },
      );
      expect(auth.exitCode, auth.stderr).toBe(0);
      const own = path.join(home, 'hooks');
      mkdirSync(own);
      for (const name of ['hooks.yaml', 'deny-e2e.sh'])
        copyFileSync(path.join(FIXTURES, 'one-manifest', name), path.join(own, name));
      const install = await runHookd(['install', '--hooks', 'hooks.yaml', '--client', 'cline'], { env, cwd: own });
      expect(install.exitCode, install.stderr + install.stdout).toBe(0);
      const hooks = path.join(home, '.cline', 'hooks');
      expect(install.stdout).toContain(`${hooks} (Cline): 2 change(s) written`);
      for (const event of ['PreToolUse', 'TaskComplete'])
        expect(readFileSync(path.join(hooks, event), 'utf8').startsWith(MANIFEST_HEAD), event).toBe(true);

      const denied = await runProcess(CLIENT_BINS.cline, ['--json', 'please run the command'], {
        cwd: project,
        env,
        timeoutMs: TURN_MS,
      });
      expect(denied.timedOut, denied.stderr.slice(-2000)).toBe(false);
      expect(denied.stdout, denied.stdout.slice(-3000)).toMatch(/"finishReason":"aborted"/);
      // Cline stopped its agent loop on the reason the guard gave (its log; its --json output says only "aborted").
      const log = readFileSync(path.join(home, '.cline', 'data', 'logs', 'cline.log'), 'utf8')
        .split('\n')
        .filter((line) => line.includes('ControlledStopError'))
        .map((line) => JSON.parse(line) as { errorMessage?: string });
      expect(log.map((line) => line.errorMessage)).toContain(GUARD_REASON);
      // The shell never ran: no request holds its output.
      expect(fake.requests.filter((request) => request.body.includes(RAN_MARKER))).toEqual([]);
      const guard = await waitFor('the guard in the history', () =>
        daemon.history().find((entry) => entry.event === 'PreToolUse'),
      );
      expect(guard).toMatchObject({ bridge: 'sync', decided: true, client: 'cline' });
      expect(String(guard.decision)).toContain(GUARD_REASON);

      const done = await runProcess(CLIENT_BINS.cline, ['--json', 'say hi'], { cwd: project, env, timeoutMs: TURN_MS });
      expect(done.exitCode, done.stderr.slice(-2000)).toBe(0);
      const notifier = await waitFor('the notifier in the history', () =>
        daemon.history().find((entry) => entry.event === 'TaskComplete'),
      );
      expect(notifier).toMatchObject({ outcome: 'ok', stdout: 'agent done in cline\n' });
      expect(notifier.bridge, 'the notifier held Cline').toBeUndefined();
      // As a user reads it.
      const history = await runHookd(['history', '--json'], { env });
      const events = (JSON.parse(history.stdout) as { event: string; client?: string }[])
        .filter((line) => line.client === 'cline')
        .map((line) => line.event);
      expect(events).toEqual(expect.arrayContaining(['PreToolUse', 'TaskComplete']));

      const uninstall = await runHookd(['uninstall', '--client', 'cline'], { env });
      expect(uninstall.exitCode, uninstall.stderr + uninstall.stdout).toBe(0);
      expect(existsSync(hooks)).toBe(false);
    } finally {
      killStrays(project);
      await fake.close();
    }
  });
});
