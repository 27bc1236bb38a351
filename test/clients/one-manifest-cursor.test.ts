// Issue 31, item 5, for Cursor, which does not run here: the manifest the real clients run
// (test/clients/one-manifest-real.test.ts) installed with `hookd install --hooks` into a home where
// Cursor is found gives a ~/.cursor/hooks.json in the format Cursor documents (cursor.com/docs/agent/hooks:
// `{"version": 1, "hooks": {EVENT: [{"command", "timeout"?, …}]}}`, events camelCase, timeouts in
// seconds), the guard on `beforeShellExecution` (Cursor's shell gate) and the notifier on `stop`.
// Each entry is then run as Cursor runs it (`sh -c` in the project, its variables, its payload on
// stdin): the guard answers in Cursor's terms (`{"permission": "deny", …}`) with the manifest
// guard's reason, and the notifier runs in the daemon.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { FIXTURES } from '../helpers/paths.js';
import { runHookd } from '../helpers/run-hookd.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { GUARD_REASON, SHELL_COMMAND } from './deciding-cases.js';

afterEach(async () => {
  await stopTestDaemons();
});
afterAll(cleanupTempDirs);

// Cursor's hook events as its hooks page lists them (written out here, not read from src/clients/cursor/profile.ts).
const CURSOR_EVENTS = new Set([
  'sessionStart',
  'sessionEnd',
  'beforeSubmitPrompt',
  'beforeShellExecution',
  'afterShellExecution',
  'beforeMCPExecution',
  'afterMCPExecution',
  'beforeReadFile',
  'afterFileEdit',
  'afterAgentResponse',
  'afterAgentThought',
  'preToolUse',
  'postToolUse',
  'postToolUseFailure',
  'subagentStart',
  'subagentStop',
  'preCompact',
  'stop',
  'beforeTabFileRead',
  'afterTabFileEdit',
]);
// The fields of a command hook's entry Cursor documents.
const ENTRY_FIELDS = new Set(['command', 'type', 'timeout', 'matcher', 'failClosed', 'loop_limit', 'statusMessage']);

describe("Cursor: the manifest's file as Cursor documents it", () => {
  it("install writes ~/.cursor/hooks.json in Cursor's format; its guard entry denies in Cursor's terms, its stop entry runs in the daemon", async () => {
    const home = tempDir('hookd-cursor-manifest-');
    const project = path.join(home, 'src', 'demo');
    mkdirSync(project, { recursive: true });
    mkdirSync(path.join(home, '.cursor'));
    const own = path.join(home, 'hooks');
    mkdirSync(own);
    copyFileSync(path.join(FIXTURES, 'one-manifest', 'hooks.yaml'), path.join(own, 'hooks.yaml'));
    copyFileSync(path.join(FIXTURES, 'one-manifest', 'deny-e2e.sh'), path.join(own, 'deny-e2e.sh'));
    const daemon = testDaemon({}, { home });
    const install = await runHookd(['install', '--hooks', 'hooks.yaml'], {
      env: { HOME: home, HOOKD_STATE_DIR: daemon.stateDir },
      cwd: own,
    });
    expect(install.exitCode, install.stderr).toBe(0);
    expect(install.stdout).toMatch(/\.cursor\/hooks\.json \(Cursor\): 2 change\(s\) written/);

    const file = JSON.parse(readFileSync(path.join(home, '.cursor', 'hooks.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(file).sort()).toEqual(['hooks', 'version']);
    expect(file.version).toBe(1);
    const hooks = file.hooks as Record<string, Record<string, unknown>[]>;
    expect(Object.keys(hooks).sort()).toEqual(['beforeShellExecution', 'stop']);
    for (const [event, entries] of Object.entries(hooks)) {
      expect(CURSOR_EVENTS.has(event), event).toBe(true);
      expect(Array.isArray(entries) && entries.length, event).toBe(1);
      for (const entry of entries) {
        expect(
          Object.keys(entry).filter((key) => !ENTRY_FIELDS.has(key)),
          `${event}: unknown fields`,
        ).toEqual([]);
        expect(typeof entry.command === 'string' && entry.command.length > 0, `${event}: command`).toBe(true);
        if ('timeout' in entry) expect(entry.timeout, `${event}: timeout in seconds`).toBe(30);
      }
    }
    const guard = hooks.beforeShellExecution![0]!.command as string;
    const notifier = hooks.stop![0]!.command as string;
    expect(guard).toContain('hookd sync --canonical --client cursor --event beforeShellExecution --timeout 30');
    expect(notifier).toContain('hookd emit --canonical');

    // As Cursor runs them: `sh -c` in the project, its variables, the payload on stdin.
    await daemon.start();
    const cursorRuns = (command: string, payload: object) =>
      execa('sh', ['-c', command], {
        cwd: project,
        env: { ...daemon.env, CURSOR_TRACE_ID: 'trace-1', CURSOR_PROJECT_DIR: project },
        input: JSON.stringify({
          conversation_id: 'conv-1',
          generation_id: 'gen-1',
          workspace_roots: [project],
          ...payload,
        }),
        reject: false,
        timeout: 30_000,
      });
    const gate = await cursorRuns(guard, {
      hook_event_name: 'beforeShellExecution',
      command: SHELL_COMMAND,
      cwd: project,
    });
    expect(gate.exitCode, gate.stderr).toBe(0);
    expect(JSON.parse(gate.stdout)).toMatchObject({ permission: 'deny', agent_message: GUARD_REASON });
    // Another command passes: the guard answers nothing, and Cursor goes on.
    const other = await cursorRuns(guard, { hook_event_name: 'beforeShellExecution', command: 'ls', cwd: project });
    expect({ exitCode: other.exitCode, stdout: other.stdout }).toEqual({ exitCode: 0, stdout: '' });
    const stop = await cursorRuns(notifier, { hook_event_name: 'stop', status: 'completed', loop_count: 0 });
    expect({ exitCode: stop.exitCode, stdout: stop.stdout }).toEqual({ exitCode: 0, stdout: '' });
    await waitFor('the notifier in the history', () => daemon.history().some((line) => line.event === 'stop'), 20_000);
    expect(daemon.history().find((line) => line.event === 'stop')).toMatchObject({
      client: 'cursor',
      outcome: 'ok',
      stdout: 'agent done in cursor\n',
    });
  });
});
