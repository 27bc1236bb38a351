// How Qwen Code is told a canonical answer (answer-row.ts has the shape): as Droid, Claude Code's
// stop gate and stop; the context of a prompt or a session start as plain text on stdout.
import { BLOCK, CONTEXT, row, STOP } from '../answer-row.js';

export const QWEN_ANSWERS = [
  ...row('qwen', ['Stop', 'SubagentStop'], 'deny', 0, BLOCK),
  ...row('qwen', ['UserPromptSubmit', 'SessionStart'], 'context', 0, '%C'),
  ...row('qwen', ['PostToolUse'], 'context', 0, CONTEXT),
  ...row('qwen', ['*'], 'stop', 0, STOP),
];
