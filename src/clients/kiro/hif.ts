// Kiro CLI in the canonical form's terms (its dialect, then how it is told an answer), as data, from
// its docs (kiro.dev/docs/cli/v3/hooks, kiro.dev/docs/cli/hooks; no binary here). Not in hooks/0.1:
// the slug is hookd's.
import type { Dialect } from '../dialect.js';
import { row } from '../answer-row.js';

export const KIRO_DIALECT: Dialect = {
  client: 'kiro',
  slug: 'kiro',
  events: {
    before_tool_execute: ['PreToolUse'],
    after_tool_execute: ['PostToolUse'],
    session_start: ['SessionStart'],
    // Its stop fires when the assistant finishes responding (2.x docs; 3.0 renamed it, "case change only").
    agent_stop: ['Stop'],
    before_prompt: ['UserPromptSubmit'],
    kiro_before_task: ['PreTaskExec'],
    kiro_after_task: ['PostTaskExec'],
    kiro_file_created: ['PostFileCreate'],
    kiro_file_saved: ['PostFileSave'],
    kiro_file_deleted: ['PostFileDelete'],
    kiro_manual: ['Manual'],
  },
  // Its built-in tools (kiro.dev/docs/cli/reference/built-in-tools).
  tools: { shell: 'execute_bash', file_read: 'fs_read', file_write: 'fs_write', file_edit: 'str_replace' },
  // A matcher is an unanchored regular expression on the tool name (v3: "Tool name (regex)").
  matcher: 'anchored',
  timeoutUnit: 'seconds',
  payloadKeys: {},
};

// Exit 2 blocks PreToolUse, UserPromptSubmit and PreTaskExec with stderr handed to the agent:
// everyone's default row; it reads no JSON answer.
export const KIRO_ANSWERS = row('kiro', ['PreToolUse', 'UserPromptSubmit', 'PreTaskExec'], 'deny', 2, '', true);
