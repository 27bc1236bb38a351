// Goose (block/goose) in the canonical form's terms (its dialect, then how it is told an answer), as
// data, from its docs and source (documentation/docs/guides/context-engineering/hooks.md at
// 0825b570; no binary here). It follows the Open Plugins hooks spec; not in hooks/0.1: the slug is hookd's.
import type { Dialect } from '../dialect.js';
import { row } from '../answer-row.js';

export const GOOSE_DIALECT: Dialect = {
  client: 'goose',
  slug: 'goose',
  events: {
    before_tool_execute: ['PreToolUse'],
    after_tool_execute: ['PostToolUse'],
    tool_use_failure: ['PostToolUseFailure'],
    session_start: ['SessionStart'],
    session_end: ['SessionEnd'],
    before_prompt: ['UserPromptSubmit'],
    agent_stop: ['Stop'],
    // Its own: observation only, the matcher on the command or the file path, not the tool.
    goose_pre_tool_use_result: ['PreToolUseResult'],
    goose_before_read_file: ['BeforeReadFile'],
    goose_after_file_edit: ['AfterFileEdit'],
    goose_before_shell: ['BeforeShellExecution'],
    goose_after_shell: ['AfterShellExecution'],
  },
  // Its built-in developer extension's tools (namespaced `extension__tool`).
  tools: {
    shell: 'developer__shell',
    file_write: 'developer__write',
    file_edit: 'developer__edit',
    find: 'developer__tree',
  },
  mcp: (server, tool) => `${server}__${tool ?? '.*'}`,
  mcpForm: /^([^_]+(?:_[^_]+)*)__(.+)$/,
  // Every matcher an unanchored regular expression ("developer__shell" also matches "developer__shell_foo").
  matcher: 'anchored',
  timeoutUnit: 'seconds',
  // Its UserPromptSubmit cannot block ("a block decision from those events is ignored").
  blocking: { before_prompt: 'observe' },
  payloadKeys: { file: ['matcher_context'] },
};

// How Goose is told a canonical answer: PreToolUse and Stop read `{"decision": "block", "reason"}`
// on stdout whatever the exit code (exit 2 with stderr too: everyone's default would do; the JSON
// keeps stdout the decision channel it documents).
export const GOOSE_ANSWERS = row('goose', ['PreToolUse', 'Stop'], 'deny', 0, '{"decision":"block","reason":%r}');
