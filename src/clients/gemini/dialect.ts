// Gemini CLI's dialect of the canonical form, as data, from its column in the spec (hooks/0.1,
// OpenScribbler/syllago docs/spec/hooks/, CC-BY-4.0). Where the spec's tables and the real binary
// disagree, the binary wins (said below; docs/hooks-manifest.md lists them).
import type { Dialect } from '../dialect.js';

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
