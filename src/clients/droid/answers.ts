// How Droid is told a canonical answer (answer-row.ts has the shape): Claude Code's stop gate and
// stop; the context of a prompt or a session start as plain text on stdout.
import { BLOCK, CONTEXT, row, STOP } from '../answer-row.js';

export const DROID_ANSWERS = [
  ...row('droid', ['Stop', 'SubagentStop'], 'deny', 0, BLOCK),
  ...row('droid', ['UserPromptSubmit', 'SessionStart'], 'context', 0, '%C'),
  ...row('droid', ['PostToolUse'], 'context', 0, CONTEXT),
  ...row('droid', ['*'], 'stop', 0, STOP),
];
