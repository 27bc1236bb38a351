// A canonical matcher (spec §6) as one client's matcher string: canonical tool names through the
// vocabulary, patterns as written, MCP tools in the client's combined form, a list as the client
// writes alternatives. What a client cannot name is said, never dropped in silence: a tool it does
// not have is left out of the list (the whole hook when nothing is left), a client without
// matchers runs the hook for every tool (the spec's required warning).
import { CANONICAL_TOOLS, type Dialect } from './vocabulary.js';
import type { HifMatcher, HifSingleMatcher } from './manifest-schema.js';

/** One alternative of a matcher in the client's terms: an exact tool name, or a regular expression over them. */
export type Piece = { name: string } | { regex: string };

/** A matcher, encoded: the string to write (none: every tool), the lines to report, or why the hook cannot go in. */
export interface EncodedMatcher {
  matcher?: string;
  notes: string[];
  excluded?: string;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const isName = (text: string) => /^[A-Za-z0-9_-]+$/.test(text);

/** One alternative in `dialect`'s terms, or undefined (with a note) when the client has nothing to match it on. */
export function encodePiece(
  dialect: Dialect,
  single: HifSingleMatcher,
  label: string,
  clientName: string,
  notes: string[],
): Piece | undefined {
  if (typeof single === 'string') {
    if ((CANONICAL_TOOLS as readonly string[]).includes(single)) {
      const native = dialect.tools[single as (typeof CANONICAL_TOOLS)[number]];
      if (native === undefined)
        notes.push(`${label}: ${clientName} has no "${single}" tool hooks can match: left out of the matcher`);
      return native === undefined ? undefined : { name: native };
    }
    notes.push(`${label}: "${single}" is not in the tool vocabulary: passed to ${clientName} as written`);
    return isName(single) ? { name: single } : { regex: single };
  }
  if ('pattern' in single) return { regex: single.pattern };
  if (!dialect.mcp) {
    notes.push(`${label}: ${clientName} cannot match MCP tools in a hook: the MCP alternative is left out`);
    return undefined;
  }
  const combined = dialect.mcp(single.mcp.server, single.mcp.tool);
  return single.mcp.tool !== undefined && isName(combined) ? { name: combined } : { regex: combined };
}

/** Alternatives as one matcher string by the client's rule (vocabulary.ts MatcherStyle). */
export function joinPieces(pieces: readonly Piece[], style: Dialect['matcher']): string {
  const unique = pieces.filter(
    (piece, at) => pieces.findIndex((other) => JSON.stringify(other) === JSON.stringify(piece)) === at,
  );
  const [first] = unique;
  if (unique.length === 1 && first)
    return 'regex' in first ? first.regex : style === 'anchored' ? `^${escapeRegex(first.name)}$` : first.name;
  if (style === 'names' && unique.every((piece) => 'name' in piece))
    return unique.map((piece) => (piece as { name: string }).name).join('|');
  return `^(?:${unique.map((piece) => ('name' in piece ? escapeRegex(piece.name) : piece.regex)).join('|')})$`;
}

/** `matcher` (omitted: every tool) for a client of `dialect`, on a tool event. */
export function encodeMatcher(
  dialect: Dialect,
  matcher: HifMatcher | undefined,
  label: string,
  clientName: string,
): EncodedMatcher {
  if (matcher === undefined) return { notes: [] };
  const notes: string[] = [];
  const list = Array.isArray(matcher) ? matcher : [matcher];
  const pieces = list
    .map((single) => encodePiece(dialect, single, label, clientName, notes))
    .filter((piece): piece is Piece => piece !== undefined);
  if (pieces.length === 0)
    return { notes, excluded: `${label}: left out of ${clientName}: none of the tools its matcher names exist there` };
  if (dialect.matcher === 'none') {
    notes.push(
      `${label}: ${clientName} has no tool matchers: the hook runs for every tool (it reads the canonical tool name to tell them apart)`,
    );
    return { notes };
  }
  return { matcher: joinPieces(pieces, dialect.matcher), notes };
}
