// What the seven's newer answers mean behind the synchronous bridge (issue 32, item 4, from their
// docs): Gemini CLI's BeforeTool `ask` passes unchanged and is recorded as an answer, not a block;
// a Cursor hook hookd times out answers as a failed hook (exit 1, nothing on stdout), which Cursor
// reads as it reads its own timeout: a block where the entry is `failClosed`, else the agent goes
// on; the bridge never answers with a block of its own (exit 2 or a deny).
import { afterEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { runHookd } from '../helpers/run-hookd.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { readDecision } from '../../src/clients/contract.js';
import { clientById } from '../../src/clients/registry.js';

afterEach(cleanupTempDirs);

describe("the seven's newer answers behind hookd sync", () => {
  it("Gemini CLI's ask passes unchanged and is recorded as an answer, not a block", async () => {
    const ask = '{"decision":"ask","reason":"confirm the deletion"}';
    const payload = JSON.stringify({
      session_id: 's',
      cwd: '/',
      hook_event_name: 'BeforeTool',
      timestamp: 't',
      tool_name: 'run_shell_command',
      tool_input: {},
    });
    const sync = await runHookd(
      [
        'sync',
        '--client',
        'gemini',
        '--event',
        'BeforeTool',
        '--timeout',
        '10',
        '--',
        `cat >/dev/null; printf '%s' '${ask}'`,
      ],
      { env: { HOOKD_STATE_DIR: path.join(tempDir(), 'state') }, input: payload },
    );
    expect([sync.exitCode, sync.stdout]).toEqual([0, ask]);
    expect(
      readDecision(
        clientById('gemini')!.contract,
        'BeforeTool',
        0,
        { text: ask, bytes: ask.length, truncated: false },
        '',
      ).reads,
    ).toBe('answer (decision)');
  });

  it("a Cursor hook hookd times out answers as a failed hook, never as a block of hookd's own", async () => {
    const payload = JSON.stringify({
      conversation_id: 'c',
      generation_id: 'g',
      hook_event_name: 'beforeShellExecution',
      workspace_roots: ['/'],
      command: 'rm -rf /',
    });
    const late = await runHookd(
      ['sync', '--client', 'cursor', '--event', 'beforeShellExecution', '--timeout', '1', '--', 'sleep 5'],
      { env: { HOOKD_STATE_DIR: path.join(tempDir(), 'state') }, input: payload },
    );
    expect([late.exitCode, late.stdout]).toEqual([1, '']);
  });
});
