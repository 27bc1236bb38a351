// How pi is told a canonical answer (answer-row.ts has the shape), through hookd's shim (shims/pi.js,
// shims/core.js): it adds a context to the prompt and to a tool's result only, and hands a
// rewritten input on in Claude Code's form.
import { CONTEXT, REWRITE, row } from '../answer-row.js';

export const PI_ANSWERS = [
  ...row('pi', ['UserPromptSubmit', 'PostToolUse'], 'context', 0, CONTEXT),
  ...row('pi', ['PreToolUse'], 'rewrite', 0, REWRITE),
];
