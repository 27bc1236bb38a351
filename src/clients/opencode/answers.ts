// How OpenCode is told a canonical answer (answer-row.ts has the shape), through hookd's shim (shims/opencode.js,
// shims/core.js): it adds a context to the prompt and to a tool's result only, and hands a
// rewritten input on in Claude Code's form.
import { CONTEXT, REWRITE, row } from '../answer-row.js';

export const OPENCODE_ANSWERS = [
  ...row('opencode', ['UserPromptSubmit', 'PostToolUse'], 'context', 0, CONTEXT),
  ...row('opencode', ['PreToolUse'], 'rewrite', 0, REWRITE),
];
