// Cursor's split events (spec events.md §4, blocking-matrix.md §3): the tool is in the event's name
// (beforeShellExecution, beforeMCPExecution, beforeReadFile, afterFileEdit…), so a tool event and
// its matcher become one or more Cursor events; tools with no event of their own go on its
// preToolUse/postToolUse with a matcher. A "before" that only exists as an "after" in Cursor (file
// edits) is a timing shift the report says loudly: such a hook watches the write, it cannot stop it.
import { encodePiece, joinPieces, type Piece } from './encode-matcher.js';
import { dialectOf } from './vocabulary.js';
import type { HifMatcher, HifSingleMatcher } from './manifest-schema.js';

/** One Cursor event a canonical hook lands on, with its entry's matcher if any. */
export interface CursorTarget {
  event: string;
  matcher?: string;
}

const BEFORE: Readonly<Record<string, string>> = {
  shell: 'beforeShellExecution',
  file_read: 'beforeReadFile',
  file_write: 'afterFileEdit',
  file_edit: 'afterFileEdit',
};
const AFTER: Readonly<Record<string, string>> = {
  shell: 'afterShellExecution',
  file_write: 'afterFileEdit',
  file_edit: 'afterFileEdit',
};

/** The Cursor events a hook of tool event `event` (before or after) with `matcher` goes on. */
export function cursorTargets(
  event: 'before_tool_execute' | 'after_tool_execute',
  matcher: HifMatcher | undefined,
  label: string,
  notes: string[],
): CursorTarget[] {
  const before = event === 'before_tool_execute';
  if (matcher === undefined) {
    // As the spec's vectors do: before, the three gated categories; after, file edits only.
    if (before)
      return ['beforeShellExecution', 'beforeMCPExecution', 'beforeReadFile'].map((name) => ({ event: name }));
    notes.push(
      `${label}: after_tool_execute for every tool goes on Cursor's afterFileEdit: Cursor runs it after file edits only, not after other tools`,
    );
    return [{ event: 'afterFileEdit' }];
  }
  const byEvent = new Map<string, Piece[]>();
  const add = (name: string, piece?: Piece) =>
    byEvent.set(name, [...(byEvent.get(name) ?? []), ...(piece ? [piece] : [])]);
  const dialect = dialectOf('cursor');
  for (const single of Array.isArray(matcher) ? matcher : [matcher]) {
    const own = typeof single === 'string' ? (before ? BEFORE : AFTER)[single] : undefined;
    if (own) {
      if (before && own.startsWith('after')) {
        notes.push(
          `TIMING SHIFT: ${label}: "${single}" maps to Cursor's ${own}: Cursor has no event before a file write, so this hook runs AFTER the write and cannot prevent it`,
        );
      }
      add(own);
      continue;
    }
    if (typeof single === 'object' && 'mcp' in single) {
      add(before ? 'beforeMCPExecution' : 'afterMCPExecution', encodePiece(dialect, single, label, 'Cursor', notes));
      continue;
    }
    const piece = encodePiece(dialect, single as HifSingleMatcher, label, 'Cursor', notes);
    if (piece) add(before ? 'preToolUse' : 'postToolUse', piece);
  }
  if (byEvent.size > 1)
    notes.push(`${label}: the matcher's tools split into separate Cursor events: ${[...byEvent.keys()].join(', ')}`);
  return [...byEvent].map(([name, pieces]) => ({
    event: name,
    ...(pieces.length ? { matcher: joinPieces(pieces, 'names') } : {}),
  }));
}

/** The canonical event and matcher of a Cursor entry on `event` with `matcher` (export). */
export function fromCursor(
  event: string,
  matcher: string | undefined,
): { event: string; tool?: string; mcp?: string } | undefined {
  const entry = Object.entries(BEFORE).find(([, name]) => name === event && !name.startsWith('after'));
  if (entry) return { event: 'before_tool_execute', tool: entry[0] };
  const after = Object.entries(AFTER).find(([, name]) => name === event);
  if (after) return { event: 'after_tool_execute', tool: after[0] === 'file_write' ? 'file_edit' : after[0] };
  if (event === 'beforeMCPExecution' || event === 'afterMCPExecution')
    return {
      event: event.startsWith('before') ? 'before_tool_execute' : 'after_tool_execute',
      ...(matcher ? { mcp: matcher } : {}),
    };
  if (event === 'preToolUse') return { event: 'before_tool_execute' };
  if (event === 'postToolUse') return { event: 'after_tool_execute' };
  return undefined;
}
