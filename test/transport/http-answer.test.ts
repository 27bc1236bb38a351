// The hook endpoint's answer for a deciding hook run in line (issue 19, item 5), case by case: what
// Claude Code reads from an http hook must mean what the command hook's output meant.
import { describe, expect, it } from 'vitest';
import { answerOf, blockingAnswer } from '../../src/transport/http-answer.js';
import { claude } from '../../src/clients/claude/profile.js';
import type { Outcome } from '../../src/runs/outcome.js';

const captured = (text: string) => ({ text, bytes: Buffer.byteLength(text), truncated: false });
const ran = (
  exitCode: number | null,
  stdout = '',
  stderr = '',
  status: Outcome['status'] = exitCode === 0 ? 'ok' : 'failed',
): Outcome => ({
  status,
  exitCode,
  signal: exitCode === null ? 'SIGKILL' : null,
  durationMs: 3,
  stdout: captured(stdout),
  stderr: captured(stderr),
});
const answer = (event: string, outcome: Outcome) => answerOf(claude.contract, event, outcome, 9000);

describe('the answer to a deciding http hook', () => {
  it('passes a JSON object on stdout through as written (the blanks around it trimmed), and nothing but a JSON object', () => {
    expect(answer('Stop', ran(0, '{"decision":"block",  "reason":"x"}\n'))).toEqual({
      status: 200,
      body: '{"decision":"block",  "reason":"x"}',
    });
    // Claude Code reads text on stdout as plain text, which an http body cannot be: nothing to say.
    expect(answer('Stop', ran(0, '{not json}'))).toEqual({ status: 204 });
    expect(answer('Stop', ran(0, '["a"]'))).toEqual({ status: 204 });
    expect(answer('PostToolUse', ran(0, 'formatted 3 files'))).toEqual({ status: 204 });
    expect(answer('Stop', ran(0, ''))).toEqual({ status: 204 });
  });

  it('gives the text of a context event back as additionalContext', () => {
    expect(JSON.parse(answer('UserPromptSubmit', ran(0, 'branch: main\n')).body!)).toEqual({
      hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'branch: main\n' },
    });
  });

  it('turns exit 2 into the JSON of its event, stderr the reason; stdout is ignored, as Claude Code ignores it', () => {
    expect(JSON.parse(answer('PreToolUse', ran(2, '{"decision":"approve"}', 'no rm\n')).body!)).toEqual(
      blockingAnswer('PreToolUse', 'no rm'),
    );
    expect(blockingAnswer('PreToolUse', 'r')).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'r' },
    });
    expect(blockingAnswer('PermissionRequest', 'r')).toEqual({
      hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: 'r' } },
    });
    for (const event of ['Stop', 'SubagentStop', 'UserPromptSubmit', 'PostToolUse', 'ConfigChange'])
      expect(blockingAnswer(event, 'r')).toEqual({ decision: 'block', reason: 'r' });
    expect(JSON.parse(answer('Stop', ran(2)).body!)).toEqual({
      decision: 'block',
      reason: 'the hook exited 2 and said nothing on stderr',
    });
  });

  it('answers every failure with a non-2xx status (a non-blocking error to Claude Code), saying why', () => {
    expect(answer('Stop', ran(1, '{"decision":"block"}', 'boom\nmore'))).toMatchObject({
      status: 500,
      body: expect.stringContaining('"detail":"the hook exited 1: boom"'),
    });
    expect(answer('Stop', ran(null))).toMatchObject({
      status: 500,
      body: expect.stringContaining('was ended by a signal'),
    });
    expect(answer('Stop', { ...ran(null), status: 'timed_out' })).toMatchObject({
      status: 504,
      body: expect.stringContaining('the hook timed out after 9 s; hookd ended it'),
    });
    expect(answer('Stop', { ...ran(null), status: 'spawn_error', error: 'spawn sh ENOENT' })).toMatchObject({
      status: 500,
      body: expect.stringContaining('could not start: spawn sh ENOENT'),
    });
    expect(answer('Stop', { ...ran(null), status: 'interrupted' })).toMatchObject({ status: 503 });
  });
});
