// Claude Code in the canonical form's terms (its dialect, then how it is told an answer), as data,
// from its column in the spec (hooks/0.1, OpenScribbler/syllago docs/spec/hooks/, CC-BY-4.0). Where
// the spec's tables and the real binary disagree, the binary wins (said below; docs/hooks-
// manifest.md lists them).
import type { Dialect } from '../dialect.js';
import { CLAUDE_EVENTS, claudeMcp, CLAUDE_MCP_FORM } from './names.js';
import { BLOCK, CONTEXT, REWRITE, row, STOP } from '../answer-row.js';

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

// How Claude Code is told a canonical answer (answer-row.ts has the shape), each seen in its binary
// (test/clients/deciding-cases.ts, canonical-guard-real.test.ts).
export const CLAUDE_ANSWERS = [
  ...row('claude', ['Stop', 'SubagentStop'], 'deny', 0, BLOCK),
  // Its tool guard: its JSON denial, not exit 2, whose message to the model quotes the entry's whole
  // command (`PreToolUse:Bash hook error: [command -v hookd … -- 'CMD'; CMD]: reason`, 2.1.330):
  // with the JSON the model gets the reason alone (issue 42 item 5).
  ...row(
    'claude',
    ['PreToolUse'],
    'deny',
    0,
    '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":%r}}',
  ),
  // Ask: it asks its user (everywhere else the spec makes an ask a denial).
  ...row(
    'claude',
    ['PreToolUse'],
    'ask',
    0,
    '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":%r}}',
  ),
  ...row('claude', ['PermissionRequest'], 'ask', 0, ''),
  ...row(
    'claude',
    ['UserPromptSubmit', 'SessionStart', 'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'SubagentStart'],
    'context',
    0,
    CONTEXT,
  ),
  // 2.1.330 applies a rewritten input alone, and asks its user as it would have.
  ...row('claude', ['PreToolUse'], 'rewrite', 0, REWRITE),
  ...row('claude', ['*'], 'stop', 0, STOP),
];
