// Gemini CLI in the canonical form's terms (its dialect, then how it is told an answer), as data,
// from its column in the spec (hooks/0.1, OpenScribbler/syllago docs/spec/hooks/, CC-BY-4.0). Where
// the spec's tables and the real binary disagree, the binary wins (said below; docs/hooks-
// manifest.md lists them).
import type { Dialect } from '../dialect.js';
import { CONTEXT, row, STOP } from '../answer-row.js';

export const GEMINI_DIALECT: Dialect = {
  // The binary (0.61) wins over the spec's test vectors: hooks sit in Claude Code's grouped shape
  // under `hooks` (`matcher`, `hooks: [{type, command, timeout}]`), not in a flat `trigger` list.
  client: 'gemini',
  slug: 'gemini-cli',
  events: {
    before_tool_execute: ['BeforeTool'],
    after_tool_execute: ['AfterTool'],
    session_start: ['SessionStart'],
    session_end: ['SessionEnd'],
    before_prompt: ['BeforeAgent'],
    agent_stop: ['AfterAgent'],
    before_compact: ['PreCompress'],
    notification: ['Notification'],
    before_model: ['BeforeModel'],
    after_model: ['AfterModel'],
    before_tool_selection: ['BeforeToolSelection'],
  },
  tools: {
    shell: 'run_shell_command',
    file_read: 'read_file',
    file_write: 'write_file',
    file_edit: 'replace',
    search: 'grep_search',
    find: 'glob',
    web_search: 'google_web_search',
    web_fetch: 'web_fetch',
    agent: 'invoke_agent',
  },
  mcp: (server, tool) => `mcp_${server}_${tool ?? '.*'}`,
  mcpForm: /^mcp_([^_]+)_(.+)$/,
  matcher: 'names',
  timeoutUnit: 'milliseconds',
  // Its AfterTool "deny" hides the tool's result from the agent (the matrix's footnote).
  blocking: { after_tool_execute: 'prevent' },
  // 0.61 spreads an entry's `env` into its hook's environment (its bundle's hook runner), though the
  // spec's vectors drop it.
  entryCarries: ['env'],
};

// How Gemini CLI is told a canonical answer (answer-row.ts has the shape): its stop gate says
// "deny", not "block"; BeforeTool asks its user; 0.61 runs a rewritten call (canonical-guard-real.test.ts).
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
