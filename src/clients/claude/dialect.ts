// Claude Code's dialect of the canonical form, as data, from its column in the spec (hooks/0.1,
// OpenScribbler/syllago docs/spec/hooks/, CC-BY-4.0). Where the spec's tables and the real binary
// disagree, the binary wins (said below; docs/hooks-manifest.md lists them).
import type { Dialect } from '../dialect.js';
import { CLAUDE_EVENTS, claudeMcp, CLAUDE_MCP_FORM } from './names.js';

export const CLAUDE_DIALECT: Dialect = {
  client: 'claude',
  slug: 'claude-code',
  events: {
    ...CLAUDE_EVENTS,
    notification: ['Notification'],
    error_occurred: ['StopFailure'],
    tool_use_failure: ['PostToolUseFailure'],
    file_changed: ['FileChanged'],
    permission_denied: ['PermissionDenied'],
    after_compact: ['PostCompact'],
    config_change: ['ConfigChange'],
    instructions_loaded: ['InstructionsLoaded'],
    task_created: ['TaskCreated'],
    task_completed: ['TaskCompleted'],
    teammate_idle: ['TeammateIdle'],
    cwd_changed: ['CwdChanged'],
    elicitation: ['Elicitation'],
    elicitation_result: ['ElicitationResult'],
  },
  tools: {
    shell: 'Bash',
    file_read: 'Read',
    file_write: 'Write',
    file_edit: 'Edit',
    search: 'Grep',
    find: 'Glob',
    web_search: 'WebSearch',
    web_fetch: 'WebFetch',
    agent: 'Agent',
  },
  toolAliases: { Task: 'agent', MultiEdit: 'file_edit' },
  mcp: claudeMcp,
  mcpForm: CLAUDE_MCP_FORM,
  matcher: 'names',
  timeoutUnit: 'seconds',
};
