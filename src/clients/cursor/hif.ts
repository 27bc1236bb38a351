// Cursor in the canonical form's terms (its dialect, then how it is told an answer), as data, from
// its column in the spec (hooks/0.1, OpenScribbler/syllago docs/spec/hooks/, CC-BY-4.0). Where the
// spec's tables and the real binary disagree, the binary wins (said below; docs/hooks-manifest.md
// lists them).
import type { Dialect } from '../dialect.js';
import { row } from '../answer-row.js';

export const CURSOR_DIALECT: Dialect = {
  // Split events (spec events.md §4, blocking-matrix.md §3): the tool is in the event name, as
  // `split` says; hif/split-events.ts chooses.
  client: 'cursor',
  slug: 'cursor',
  events: {
    before_tool_execute: ['beforeShellExecution', 'beforeMCPExecution', 'beforeReadFile'],
    after_tool_execute: ['afterFileEdit', 'afterShellExecution', 'afterMCPExecution'],
    session_start: ['sessionStart'],
    session_end: ['sessionEnd'],
    before_prompt: ['beforeSubmitPrompt'],
    agent_stop: ['stop'],
    before_compact: ['preCompact'],
    tool_use_failure: ['postToolUseFailure'],
    subagent_start: ['subagentStart'],
    subagent_stop: ['subagentStop'],
    after_model: ['afterAgentResponse'],
    cursor_agent_thought: ['afterAgentThought'],
    cursor_tab_file_read: ['beforeTabFileRead'],
    cursor_tab_file_edit: ['afterTabFileEdit'],
  },
  tools: {
    shell: 'run_terminal_cmd',
    file_read: 'read_file',
    file_write: 'edit_file',
    file_edit: 'edit_file',
    search: 'grep_search',
    find: 'file_search',
    web_search: 'web_search',
  },
  mcp: (server, tool) => `${server}__${tool ?? '.*'}`,
  mcpForm: /^(.+?)__(.+)$/,
  matcher: 'split',
  timeoutUnit: 'seconds',
  // The matrix's Cursor column: sessionStart can stop the session; its stop only observes.
  blocking: { session_start: 'prevent', agent_stop: 'observe' },
  split: {
    // No event before a file write: such a hook goes on afterFileEdit, a timing shift said loudly.
    // After, file_edit is named first: export reads an afterFileEdit entry back as file_edit.
    tools: {
      before: {
        shell: 'beforeShellExecution',
        file_read: 'beforeReadFile',
        file_write: 'afterFileEdit',
        file_edit: 'afterFileEdit',
      },
      after: { shell: 'afterShellExecution', file_edit: 'afterFileEdit', file_write: 'afterFileEdit' },
    },
    mcp: { before: 'beforeMCPExecution', after: 'afterMCPExecution' },
    otherTools: { before: 'preToolUse', after: 'postToolUse' },
    // As the spec's vectors do: before, the three gated categories; after, file edits only.
    everyTool: { before: ['beforeShellExecution', 'beforeMCPExecution', 'beforeReadFile'], after: ['afterFileEdit'] },
    everyToolCovers: { after: 'file edits' },
    otherEventTools: { beforeTabFileRead: 'file_read', afterTabFileEdit: 'file_edit' },
  },
};

// How Cursor is told a canonical answer (answer-row.ts has the shape): its documented fields (no
// binary here). Its gated events read `permission`; `stop` sends the agent on with a follow-up.
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
