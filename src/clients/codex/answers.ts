// How Codex is told a canonical answer (answer-row.ts has the shape). 0.169 applies a rewritten
// input only beside an allow, which approves the call (test/clients/canonical-guard-real.test.ts).
import { BLOCK, CONTEXT, row, STOP } from '../answer-row.js';

export const CODEX_ANSWERS = [
  ...row('codex', ['Stop', 'SubagentStop'], 'deny', 0, BLOCK),
  ...row('codex', ['UserPromptSubmit', 'SessionStart', 'PostToolUse'], 'context', 0, CONTEXT),
  ...row(
    'codex',
    ['PreToolUse'],
    'rewrite',
    0,
    '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":%u}}',
  ),
  ...row('codex', ['*'], 'stop', 0, STOP),
];
