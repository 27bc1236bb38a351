// How Crush is told a canonical answer (answer-row.ts has the shape), from its envelope (its docs):
// `context` is added to what the model sees; `halt` ends the turn.
import { row } from '../answer-row.js';

export const CRUSH_ANSWERS = [
  ...row('crush', ['PreToolUse', 'PostToolUse'], 'context', 0, '{"context":%c}'),
  ...row('crush', ['*'], 'stop', 0, '{"halt":true,"reason":%r}'),
];
