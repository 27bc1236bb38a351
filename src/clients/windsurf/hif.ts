// Windsurf (Cascade hooks) in the canonical form's terms (its dialect, then how it is told an
// answer), as data, from its column in the spec (hooks/0.1, OpenScribbler/syllago docs/spec/hooks/,
// CC-BY-4.0) and its docs (docs.windsurf.com/windsurf/cascade/hooks; no binary here). The tool is in
// the event's name, as Cursor's: `split` says which event each tool's hook goes on.
import type { Dialect } from '../dialect.js';
import { row } from '../answer-row.js';

const BEFORE = ['pre_read_code', 'pre_write_code', 'pre_run_command', 'pre_mcp_tool_use'];
const AFTER = ['post_read_code', 'post_write_code', 'post_run_command', 'post_mcp_tool_use'];

export const WINDSURF_DIALECT: Dialect = {
  client: 'windsurf',
  slug: 'windsurf',
  events: {
    before_tool_execute: BEFORE,
    after_tool_execute: AFTER,
    before_prompt: ['pre_user_prompt'],
    // The spec's closest: it fires after every response, not only when the agent stops.
    agent_stop: ['post_cascade_response'],
  },
  // No matcher names a tool: the event is the tool.
  tools: {},
  matcher: 'split',
  timeoutUnit: 'seconds',
  // Its post_cascade_response only observes (exit 2 blocks the pre_ events alone).
  blocking: { agent_stop: 'observe', after_tool_execute: 'observe' },
  split: {
    tools: {
      before: {
        shell: 'pre_run_command',
        file_read: 'pre_read_code',
        file_write: 'pre_write_code',
        file_edit: 'pre_write_code',
      },
      after: {
        shell: 'post_run_command',
        file_read: 'post_read_code',
        file_write: 'post_write_code',
        file_edit: 'post_write_code',
      },
    },
    // Every MCP tool: its MCP events take no matcher (the spec's vector says the granularity is lost).
    mcp: { before: 'pre_mcp_tool_use', after: 'post_mcp_tool_use' },
    everyTool: { before: BEFORE, after: AFTER },
  },
  // Its payload keeps the action's details under `tool_info` (`command_line`, `file_path`).
  payloadKeys: { toolInput: ['tool_info'], command: ['command_line'] },
};

// How Windsurf is told a canonical answer: exit 2 with the reason on stderr blocks a pre_ event
// (everyone's default row); it reads no JSON answer, so context and a stop have no form there.
export const WINDSURF_ANSWERS = row('windsurf', [...BEFORE, 'pre_user_prompt'], 'deny', 2, '', true);
