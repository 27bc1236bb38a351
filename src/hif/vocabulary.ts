// The Hook Interchange Format's words (spec hooks/0.1, OpenScribbler/syllago docs/spec/hooks/,
// CC-BY-4.0) in each client's own terms: canonical events <-> the client's event names, canonical
// tools <-> the client's tool names, how it writes an MCP tool, and its timeout unit. Plain lookups
// over the dialects (dialects.ts, shaped by clients/dialect.ts): install, export and the bridges' run-time
// translation all read them here.
import type { ClientId } from '../clients/registry.js';
import { DIALECTS } from './dialects.js';
import type { CanonicalTool, Dialect } from '../clients/dialect.js';

export { CANONICAL_TOOLS, type CanonicalTool, type Dialect, type MatcherStyle } from '../clients/dialect.js';
export { DIALECTS } from './dialects.js';

/** The spec's core events: every conforming implementation supports them. */
export const CORE_EVENTS = [
  'before_tool_execute',
  'after_tool_execute',
  'session_start',
  'session_end',
  'before_prompt',
  'agent_stop',
] as const;

/** The events whose `matcher` names tools (spec §6: on any other event a matcher is ignored). */
export const TOOL_EVENTS: readonly string[] = [
  'before_tool_execute',
  'after_tool_execute',
  'tool_use_failure',
  'permission_request',
];

/** Whether hookd has a dialect for client `id` (a client whose hooks are files named after events, as Cline's, has none). */
export const hasDialect = (id: ClientId): boolean => DIALECTS.some((dialect) => dialect.client === id);

/** The dialect of client `id`. */
export function dialectOf(id: ClientId): Dialect {
  const dialect = DIALECTS.find((one) => one.client === id);
  if (!dialect) throw new Error(`no HIF dialect for client ${id}`);
  return dialect;
}

/** The client's event names for canonical `event` (the first is the one install writes); empty when it has none. */
export function nativeEvents(id: ClientId, event: string): readonly string[] {
  return dialectOf(id).events[event] ?? [];
}

/** The canonical event the client's `native` event is, if the vocabulary knows one. */
export function canonicalEvent(id: ClientId, native: string): string | undefined {
  const entry = Object.entries(dialectOf(id).events).find(([, names]) => names.includes(native));
  return entry?.[0];
}

/** The client's name for canonical tool `tool`, if it has one. */
export function nativeTool(id: ClientId, tool: string): string | undefined {
  return dialectOf(id).tools[tool as CanonicalTool];
}

/** The canonical tool the client's tool `native` is, if the vocabulary knows one (the first canonical name wins: Cursor's edit_file is file_write). */
export function canonicalTool(id: ClientId, native: string): CanonicalTool | undefined {
  const dialect = dialectOf(id);
  const entry = Object.entries(dialect.tools).find(([, name]) => name === native);
  return (entry?.[0] as CanonicalTool | undefined) ?? dialect.toolAliases?.[native];
}

/** A canonical timeout (seconds) in the client's unit. */
export function timeoutToNative(id: ClientId, seconds: number): number {
  const dialect = dialectOf(id);
  const inMs =
    dialect.timeoutUnit === 'milliseconds' ||
    (dialect.millisecondsFrom !== undefined && seconds >= dialect.millisecondsFrom);
  return inMs ? Math.round(seconds * 1000) : seconds;
}

/** A timeout in the client's unit, in canonical seconds. */
export function timeoutFromNative(id: ClientId, value: number): number {
  const dialect = dialectOf(id);
  const inMs =
    dialect.timeoutUnit === 'milliseconds' ||
    (dialect.millisecondsFrom !== undefined && value >= dialect.millisecondsFrom);
  return inMs ? value / 1000 : value;
}
