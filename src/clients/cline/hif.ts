// Cline in the canonical form's terms (its dialect, then how it is told an answer), as data. The
// spec (hooks/0.1) has no column for it: the slug is hookd's, the names read from its binary (3.0.65).
import type { Dialect } from '../dialect.js';
import { row } from '../answer-row.js';

export const CLINE_DIALECT: Dialect = {
  // A hook is an executable file named after its event, so a file has no matcher (every PreToolUse
  // file sees every tool: a canonical hook tells them apart by HOOKD_HIF_TOOL); install writes such
  // files for a manifest (install/manifest-script-files.ts). Its tools are the bundle's
  // (`read_files`, `search_codebase`, `run_commands`, `fetch_web_content`, `editor`, or
  // `apply_patch` for GPT and Codex models, `spawn_agent`); no file_write or find of its own.
  client: 'cline',
  slug: 'cline',
  events: {
    before_tool_execute: ['PreToolUse'],
    after_tool_execute: ['PostToolUse'],
    session_start: ['TaskStart', 'TaskResume'],
    before_prompt: ['UserPromptSubmit'],
    agent_stop: ['TaskComplete'],
    before_compact: ['PreCompact'],
  },
  tools: {
    shell: 'run_commands',
    file_read: 'read_files',
    file_edit: 'editor',
    search: 'search_codebase',
    web_search: 'web_search',
    web_fetch: 'fetch_web_content',
    agent: 'spawn_agent',
  },
  toolAliases: { apply_patch: 'file_edit' },
  matcher: 'none',
  timeoutUnit: 'seconds',
  // Its payload names no tool at its top level: `tool_call: {name, input}`, and its shell tool takes `commands`, a list.
  payloadKeys: { toolCall: { field: 'tool_call', name: 'name', input: 'input' }, commandList: ['commands'] },
};

// How Cline is told a canonical answer (answer-row.ts has the shape): it reads no exit code; only
// `{"cancel": true}` on stdout stops it (the task: it has nothing finer).
export const CLINE_ANSWERS = row('cline', ['*'], 'deny', 0, '{"cancel":true,"errorMessage":%r}');
