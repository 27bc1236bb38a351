// How Gemini CLI is told a canonical answer (answer-row.ts has the shape): its stop gate says
// "deny", not "block"; BeforeTool asks its user; 0.61 runs a rewritten call (canonical-guard-real.test.ts).
import { CONTEXT, row, STOP } from '../answer-row.js';

export const GEMINI_ANSWERS = [
  ...row('gemini', ['AfterAgent'], 'deny', 0, '{"decision":"deny","reason":%r}'),
  ...row('gemini', ['BeforeTool'], 'ask', 0, '{"decision":"ask","reason":%r}'),
  ...row('gemini', ['BeforeAgent', 'SessionStart', 'AfterTool'], 'context', 0, CONTEXT),
  ...row(
    'gemini',
    ['BeforeTool'],
    'rewrite',
    0,
    '{"hookSpecificOutput":{"hookEventName":"BeforeTool","tool_input":%u}}',
  ),
  ...row('gemini', ['*'], 'stop', 0, STOP),
];
