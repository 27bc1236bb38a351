// Codex's dialect of the canonical form, as data, from its column in the spec (hooks/0.1,
// OpenScribbler/syllago docs/spec/hooks/, CC-BY-4.0). Where the spec's tables and the real binary
// disagree, the binary wins (said below; docs/hooks-manifest.md lists them).
import type { Dialect } from '../dialect.js';
import { CLAUDE_EVENTS } from '../claude/names.js';

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
