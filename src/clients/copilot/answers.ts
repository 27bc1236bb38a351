// How Copilot CLI is told a canonical answer (answer-row.ts has the shape): its stop events take
// Claude Code's `{"decision": "block"}`; its preToolUse reads `permissionDecision`.
import { BLOCK, row } from '../answer-row.js';

export const COPILOT_ANSWERS = [
  ...row('copilot', ['agentStop', 'subagentStop', 'Stop', 'SubagentStop'], 'deny', 0, BLOCK),
  ...row(
    'copilot',
    ['preToolUse', 'permissionRequest'],
    'deny',
    0,
    '{"permissionDecision":"deny","permissionDecisionReason":%r}',
  ),
];
