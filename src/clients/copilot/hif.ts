// Copilot CLI in the canonical form's terms (its dialect, then how it is told an answer), as data,
// from its column in the spec (hooks/0.1, OpenScribbler/syllago docs/spec/hooks/, CC-BY-4.0). Where
// the spec's tables and the real binary disagree, the binary wins (said below; docs/hooks-
// manifest.md lists them).
import type { Dialect } from '../dialect.js';
import { BLOCK, row } from '../answer-row.js';

export const COPILOT_DIALECT: Dialect = {
  // The binary (1.0.x) wins over the spec's copilot-cli column: agentStop exists and decides
  // (`{"decision": "block"}` starts another turn), and so do subagentStop, notification,
  // preCompact, permissionRequest and postToolUseFailure. camelCase names, as the spec writes them.
  client: 'copilot',
  slug: 'copilot-cli',
  events: {
    before_tool_execute: ['preToolUse', 'PreToolUse'],
    after_tool_execute: ['postToolUse', 'PostToolUse'],
    session_start: ['sessionStart', 'SessionStart'],
    session_end: ['sessionEnd', 'SessionEnd'],
    before_prompt: ['userPromptSubmitted', 'UserPromptSubmit'],
    agent_stop: ['agentStop', 'Stop'],
    before_compact: ['preCompact', 'PreCompact'],
    notification: ['notification', 'Notification'],
    error_occurred: ['errorOccurred'],
    tool_use_failure: ['postToolUseFailure', 'PostToolUseFailure'],
    subagent_start: ['subagentStart'],
    subagent_stop: ['subagentStop', 'SubagentStop'],
    permission_request: ['permissionRequest', 'PermissionRequest'],
  },
  tools: {
    shell: 'bash',
    file_read: 'view',
    file_write: 'create',
    file_edit: 'edit',
    search: 'grep',
    find: 'glob',
    web_fetch: 'web_fetch',
    agent: 'task',
  },
  mcp: (server, tool) => `${server}/${tool ?? '.*'}`,
  mcpForm: /^([^/]+)\/(.+)$/,
  matcher: 'none',
  timeoutUnit: 'seconds',
  // The matrix's Copilot column: a prompt is only observed. The matrix says it has no agent_stop; the
  // binary's agentStop takes `{"decision": "block"}` and starts another turn (CLIENTS.md), so it
  // retries, as everyone's does.
  blocking: { before_prompt: 'observe' },
  // The binary honours an entry's `env` and `cwd` (CLIENTS.md).
  entryCarries: ['env', 'cwd'],
  // Its camelCase payloads: toolName, and toolArgs (in older versions a JSON string of the arguments).
  payloadKeys: { toolName: ['toolName'], toolInput: ['toolArgs'] },
};

// How Copilot CLI is told a canonical answer (answer-row.ts has the shape): its stop events take
// Claude Code's `{"decision": "block"}`; its preToolUse reads `permissionDecision`.
export const COPILOT_ANSWERS = [
  ...row('copilot', ['agentStop', 'subagentStop', 'Stop', 'SubagentStop'], 'deny', 0, BLOCK),
  ...row(
    'copilot',
    ['preToolUse', 'permissionRequest'],
    'deny',
    0,
    '{"permissionDecision":"deny","permissionDecisionReason":%r}',
  ),
];
