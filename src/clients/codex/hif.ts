// Codex in the canonical form's terms (its dialect, then how it is told an answer), as data, from
// its column in the spec (hooks/0.1, OpenScribbler/syllago docs/spec/hooks/, CC-BY-4.0). Where the
// spec's tables and the real binary disagree, the binary wins (said below; docs/hooks-manifest.md
// lists them).
import type { Dialect } from '../dialect.js';
import { CLAUDE_EVENTS } from '../claude/names.js';
import { BLOCK, CONTEXT, row, STOP } from '../answer-row.js';

export const CODEX_DIALECT: Dialect = {
  // The binary (0.169) wins over the spec's codex column: it fires SessionEnd, PreCompact,
  // PermissionRequest and the subagent events too. Its hooks name only the shell tool (Bash).
  client: 'codex',
  slug: 'codex',
  events: { ...CLAUDE_EVENTS, error_occurred: ['StopFailure'], after_compact: ['PostCompact'] },
  tools: { shell: 'Bash' },
  matcher: 'names',
  timeoutUnit: 'seconds',
};

// How Codex is told a canonical answer (answer-row.ts has the shape). 0.169 applies a rewritten
// input only beside an allow, which approves the call (test/clients/canonical-guard-real.test.ts).
export const CODEX_ANSWERS = [
  ...row('codex', ['Stop', 'SubagentStop'], 'deny', 0, BLOCK),
  ...row('codex', ['UserPromptSubmit', 'SessionStart', 'PostToolUse'], 'context', 0, CONTEXT),
  ...row(
    'codex',
    ['PreToolUse'],
    'rewrite',
    0,
    '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":%u}}',
  ),
  ...row('codex', ['*'], 'stop', 0, STOP),
];
