// The shape of one client's dialect of the Hook Interchange Format (spec hooks/0.1): the canonical
// tools, how a client narrows a tool event, and what a dialect holds. The dialects themselves are
// dialects.ts; the lookups over them, vocabulary.ts.
import type { ClientId } from '../clients/registry.js';

/** The spec's core tool vocabulary. */
export const CANONICAL_TOOLS = [
  'shell',
  'file_read',
  'file_write',
  'file_edit',
  'search',
  'find',
  'web_search',
  'web_fetch',
  'agent',
] as const;
export type CanonicalTool = (typeof CANONICAL_TOOLS)[number];
/**
 * How a client's config narrows a tool event to some tools: `names` (a group `matcher`, names joined
 * by `|` an exact list, else a regular expression: Claude Code, Qwen Code, Codex, Gemini CLI);
 * `droid` (an exact name, else an unanchored regular expression, so a list is `^(A|B)$`); `split`
 * (the tool is in the event's name, Cursor's beforeShellExecution…); `none` (every hook sees every
 * tool: Copilot CLI); `anchored` (every matcher an unanchored regular expression, so even one name
 * is written `^bash$`: Crush).
 */
export type MatcherStyle = 'names' | 'droid' | 'anchored' | 'split' | 'none';

/** One client's dialect of the canonical form. */
export interface Dialect {
  client: ClientId;
  /** The spec's provider slug (a `provider_data` key); Qwen Code has none in the spec, so hookd names it `qwen-code`. */
  slug: string;
  /** Canonical event -> the client's event names, the one install writes first (others are read back by export). */
  events: Readonly<Record<string, readonly string[]>>;
  /** Canonical tool -> the client's tool name; absent: the client has no such tool a matcher can name. */
  tools: Readonly<Partial<Record<CanonicalTool, string>>>;
  /** Other names of the client's tools a matcher may hold, read back by export (Claude Code's older `Task`). */
  toolAliases?: Readonly<Record<string, CanonicalTool>>;
  /** How the client writes an MCP tool for a matcher; absent: MCP tools cannot be matched. */
  mcp?: (server: string, tool?: string) => string;
  matcher: MatcherStyle;
  timeoutUnit: 'seconds' | 'milliseconds';
  /** A timeout of this value or more is read as milliseconds whatever `timeoutUnit` says (Qwen Code 0.24: 1000). */
  millisecondsFrom?: number;
}
