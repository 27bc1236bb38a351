// How Claude Code is told a canonical answer (answer-row.ts has the shape), each seen in its binary
// (test/clients/deciding-cases.ts, canonical-guard-real.test.ts).
import { BLOCK, CONTEXT, REWRITE, row, STOP } from '../answer-row.js';

export const CLAUDE_ANSWERS = [
  ...row('claude', ['Stop', 'SubagentStop'], 'deny', 0, BLOCK),
  // Its tool guard: its JSON denial, not exit 2, whose message to the model quotes the entry's whole
  // command (`PreToolUse:Bash hook error: [command -v hookd … -- 'CMD'; CMD]: reason`, 2.1.330):
  // with the JSON the model gets the reason alone (issue 42 item 5).
  ...row(
    'claude',
    ['PreToolUse'],
    'deny',
    0,
    '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":%r}}',
  ),
  // Ask: it asks its user (everywhere else the spec makes an ask a denial).
  ...row(
    'claude',
    ['PreToolUse'],
    'ask',
    0,
    '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":%r}}',
  ),
  ...row('claude', ['PermissionRequest'], 'ask', 0, ''),
  ...row(
    'claude',
    ['UserPromptSubmit', 'SessionStart', 'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'SubagentStart'],
    'context',
    0,
    CONTEXT,
  ),
  // 2.1.330 applies a rewritten input alone, and asks its user as it would have.
  ...row('claude', ['PreToolUse'], 'rewrite', 0, REWRITE),
  ...row('claude', ['*'], 'stop', 0, STOP),
];
