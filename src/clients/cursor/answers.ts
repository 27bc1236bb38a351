// How Cursor is told a canonical answer (answer-row.ts has the shape): its documented fields (no
// binary here). Its gated events read `permission`; `stop` sends the agent on with a follow-up.
import { row } from '../answer-row.js';

const PERMISSION = (word: string) => `{"permission":"${word}","user_message":%r,"agent_message":%r}`;

export const CURSOR_ANSWERS = [
  ...row(
    'cursor',
    ['beforeShellExecution', 'beforeMCPExecution', 'beforeReadFile', 'preToolUse'],
    'deny',
    0,
    PERMISSION('deny'),
  ),
  ...row('cursor', ['beforeSubmitPrompt'], 'deny', 0, '{"continue":false,"user_message":%r}'),
  ...row('cursor', ['stop'], 'deny', 0, '{"followup_message":%r}'),
  ...row('cursor', ['beforeShellExecution', 'beforeMCPExecution'], 'ask', 0, PERMISSION('ask')),
  ...row('cursor', ['sessionStart'], 'context', 0, '{"additional_context":%c}'),
  ...row('cursor', ['beforeSubmitPrompt'], 'stop', 0, '{"continue":false,"user_message":%r}'),
];
