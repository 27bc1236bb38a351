// pi's dialect of the canonical form, as data. The spec (hooks/0.1) has no column for it:
// the slug is hookd's, the names read from the client (said below).
import type { Dialect } from '../dialect.js';
import { CLAUDE_CORE_EVENTS } from '../claude/names.js';

export const PI_DIALECT: Dialect = {
  // Not in the spec (hookd's slug). As OpenCode, through hookd's shim (shims/pi.js) and
  // ~/.config/hookd/pi.json. pi 0.73 has no web, agent or MCP tools.
  client: 'pi',
  slug: 'pi',
  events: CLAUDE_CORE_EVENTS,
  tools: { shell: 'bash', file_read: 'read', file_write: 'write', file_edit: 'edit', search: 'grep', find: 'find' },
  matcher: 'names',
  timeoutUnit: 'seconds',
};
