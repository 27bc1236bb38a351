// What a hook written in the canonical form (HIF hooks/0.1) reads beside the client's payload, which
// it still gets unchanged on stdin: the canonical event, the canonical tool, the shell command or the
// file the tool acts on, and the client, as variables (docs/bridges.md, "The canonical form"), so
// that one script reads every client's events without knowing their field names. Both synchronous
// bridges and the daemon give the same: native/canonical-input.c reads the payload the same way,
// from the tables scripts/build-native.mjs generates from here and from hif/vocabulary.ts.
import { canonicalEvent, canonicalTool, DIALECTS } from './vocabulary.js';
import { eventTools } from './split-events.js';
import type { PayloadKeys, ToolCallKeys } from '../clients/dialect.js';
import type { ClientId } from '../clients/registry.js';

/**
 * What every canonical variable's name starts with. Only hookd's bridge may set one: a hook that reads
 * them believes it runs behind hookd, so both bridges and the daemon drop any a hook would inherit
 * (runner/hook-env.ts, native/hookd-bridge.c) and set them afresh for a --canonical hook only.
 */
export const CANONICAL_PREFIX = 'HOOKD_HIF_';

/** The variables, by what each holds (each starts with CANONICAL_PREFIX). */
export const CANONICAL_VARIABLES = {
  event: 'HOOKD_HIF_EVENT',
  tool: 'HOOKD_HIF_TOOL',
  command: 'HOOKD_HIF_COMMAND',
  file: 'HOOKD_HIF_FILE',
  client: 'HOOKD_HIF_CLIENT',
} as const;

// Where the payloads keep the tool's name and input, its shell command and its file: the keys the
// clients share (Claude Code's), then each dialect's own (payloadKeys: Copilot CLI's toolName, toolArgs).
const keys = (shared: readonly string[], own: (keys: PayloadKeys) => readonly string[] | undefined): string[] => [
  ...shared,
  ...DIALECTS.flatMap((dialect) => (dialect.payloadKeys ? (own(dialect.payloadKeys) ?? []) : [])),
];
export const TOOL_NAME_FIELDS = keys(['tool_name'], (own) => own.toolName);
export const TOOL_INPUT_FIELDS = keys(['tool_input'], (own) => own.toolInput);
/** The keys of a tool's input (or of Cursor's payload, which has no tool input) that hold the shell command, then the file. */
export const COMMAND_FIELDS = keys(['command'], (own) => own.command);
export const FILE_FIELDS = keys(['file_path', 'absolute_path', 'path', 'filePath'], (own) => own.file);
/** The keys of a tool's input that hold a list of shell commands, read as one per line (Cline's run_commands `commands`). */
export const COMMAND_LIST_FIELDS = keys([], (own) => own.commandList);
/** Where the payloads that name no tool at their top level nest their call, by dialect (Cline's `tool_call: {name, input}`). */
export const TOOL_CALLS: readonly ToolCallKeys[] = DIALECTS.flatMap((dialect) =>
  dialect.payloadKeys?.toolCall ? [dialect.payloadKeys.toolCall] : [],
);

/** Events whose tool is in their name (split events, spec events.md §4): the canonical tool each means, from each dialect's split table. */
export const EVENT_TOOLS: Readonly<Record<string, string>> = Object.fromEntries(
  DIALECTS.flatMap((dialect) => (dialect.split ? eventTools(dialect) : [])),
);

/** One (client, native name, canonical name) row: the tables the C bridge gets, in lookup order. */
export interface NameRow {
  client: string;
  native: string;
  canonical: string;
}

/** Every client's event names and tool names with their canonical names (the client's own first when looked up). */
export const EVENT_ROWS: readonly NameRow[] = DIALECTS.flatMap((dialect) =>
  Object.entries(dialect.events).flatMap(([canonical, names]) =>
    names.map((native) => ({ client: dialect.client, native, canonical })),
  ),
);
export const TOOL_ROWS: readonly NameRow[] = DIALECTS.flatMap((dialect) => [
  ...Object.entries(dialect.tools).map(([canonical, native]) => ({
    client: dialect.client,
    native: native!,
    canonical,
  })),
  ...Object.entries(dialect.toolAliases ?? {}).map(([native, canonical]) => ({
    client: dialect.client,
    native,
    canonical,
  })),
]);

const isKnown = (client: string) => DIALECTS.some((dialect) => dialect.client === client);

/** `native` in canonical words: the client's own table, else any client's (Copilot CLI's PascalCase payloads name Claude Code's `Bash`), else as it is. */
function canonicalName(
  rows: readonly NameRow[],
  mine: (id: ClientId, native: string) => string | undefined,
  client: string,
  native: string,
): string {
  return (
    (isKnown(client) ? mine(client as ClientId, native) : undefined) ??
    rows.find((row) => row.native === native)?.canonical ??
    native
  );
}

const objectOf = (value: unknown): Record<string, unknown> | undefined => {
  // Copilot CLI's older toolArgs is a JSON string of the arguments.
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
};
const firstString = (from: Record<string, unknown> | undefined, keys: readonly string[]) => {
  for (const key of keys) if (typeof from?.[key] === 'string') return from[key];
  return undefined;
};
const plainObject = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
// A list of strings as one command per line; a list holding anything else (Cline's `{command, args}` form) is none.
const stringList = (from: Record<string, unknown> | undefined, keys: readonly string[]) => {
  for (const key of keys) {
    const value = from?.[key];
    if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string'))
      return value.join('\n');
  }
  return undefined;
};

/** The canonical variables for `client`'s `event` (its own name) on `payload`; a field the payload lacks is left out. */
export function canonicalFields(client: string, event: string, payload: Buffer): Record<string, string> {
  let data: Record<string, unknown> | undefined;
  try {
    data = objectOf(JSON.parse(payload.toString('utf8')));
  } catch {
    data = undefined;
  }
  // A payload naming no tool at its top level may nest its call (Cline's): read there.
  const nest =
    firstString(data, TOOL_NAME_FIELDS) === undefined
      ? TOOL_CALLS.map((keys) => ({ keys, call: plainObject(data?.[keys.field]) })).find((one) => one.call)
      : undefined;
  const top = nest
    ? { [TOOL_NAME_FIELDS[0]!]: nest.call![nest.keys.name], [TOOL_INPUT_FIELDS[0]!]: nest.call![nest.keys.input] }
    : data;
  const input = objectOf(TOOL_INPUT_FIELDS.map((key) => top?.[key]).find((value) => value !== undefined)) ?? data;
  const toolName = firstString(top, TOOL_NAME_FIELDS);
  const fields: Record<string, string | undefined> = {
    [CANONICAL_VARIABLES.client]: client,
    [CANONICAL_VARIABLES.event]: event ? canonicalName(EVENT_ROWS, canonicalEvent, client, event) : undefined,
    [CANONICAL_VARIABLES.tool]:
      toolName !== undefined ? canonicalName(TOOL_ROWS, canonicalTool, client, toolName) : EVENT_TOOLS[event],
    [CANONICAL_VARIABLES.command]: firstString(input, COMMAND_FIELDS) ?? stringList(input, COMMAND_LIST_FIELDS),
    [CANONICAL_VARIABLES.file]: firstString(input, FILE_FIELDS),
  };
  // A variable cannot hold a NUL: such a value is left out, never cut.
  return Object.fromEntries(
    Object.entries(fields).filter(
      (pair): pair is [string, string] => typeof pair[1] === 'string' && pair[1] !== '' && !pair[1].includes('\0'),
    ),
  );
}
