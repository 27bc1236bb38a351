// One client's hook back in the canonical form (spec §7.1, decode): its event and tools through the
// vocabulary, its timeout in seconds, the command a hookd bridge runs rather than the bridge, and
// whether it blocks: an entry behind hookd sync blocks, one behind hookd emit does not, a plain one
// blocks where the client's event can block (the spec's matrix). What has no canonical form is
// said, not dropped in silence.
import type { ClientProfile } from '../clients/profile.js';
import { blockingBehaviour } from './blocking.js';
import { fromSplit } from './split-events.js';
import type { HifHook, HifMatcher, HifSingleMatcher } from './manifest-schema.js';
import { canonicalEvent, canonicalTool, dialectOf, timeoutFromNative, type Dialect } from './vocabulary.js';

/** What decode needs of an entry of a client's file (settings/config.ts HookEntry has it all). */
export interface NativeEntry {
  event: string;
  location: string;
  matcher: string | undefined;
  type: string;
  kind: string;
  /** The command that runs: a bridge entry's inner CMD, else the command as written. */
  run: string;
  timeoutWritten: number | undefined;
  env?: Record<string, string>;
  cwd?: string;
  /** Whether the client reads the hook's answer (false for Claude Code's `async: true` and fire-and-forget events). */
  decides: boolean;
}

function decodeName(dialect: Dialect, name: string): HifSingleMatcher {
  const tool = canonicalTool(dialect.client, name);
  if (tool) return tool;
  // An MCP tool in the client's combined form, back as the spec's object.
  const mcp = dialect.mcpForm?.exec(name);
  if (mcp) return { mcp: { server: mcp[1]!, ...(mcp[2] !== '.*' ? { tool: mcp[2]! } : {}) } };
  // A tool the vocabulary does not know: the spec passes such a bare string through as written.
  return name;
}

/** A client's matcher string as a canonical matcher (none: every tool). */
export function decodeMatcher(dialect: Dialect, matcher: string | undefined): HifMatcher | undefined {
  if (matcher === undefined || matcher === '' || matcher === '*') return undefined;
  // The forms encode-matcher.ts writes: `A|B` (names), `^(?:A|B)$` (a list by Droid's rule or with patterns), `^A$` (one name, anchored).
  const list =
    /^\^(?:\(\?:([A-Za-z0-9_|-]+)\)|([A-Za-z0-9_-]+))\$$/
      .exec(matcher)
      ?.slice(1)
      .find((found) => found !== undefined) ?? (/^[A-Za-z0-9_|-]+$/.test(matcher) ? matcher : undefined);
  if (list === undefined) return { pattern: matcher };
  const names = list
    .split('|')
    .filter(Boolean)
    .map((name) => decodeName(dialect, name));
  const unique = names.filter(
    (name, at) => names.findIndex((other) => JSON.stringify(other) === JSON.stringify(name)) === at,
  );
  return unique.length === 1 ? unique[0] : (unique as HifMatcher);
}

/** `entry` of `client`'s file as a canonical hook, or the line that says why it has none. */
export function decodeEntry(entry: NativeEntry, client: ClientProfile): { hook: HifHook } | { note: string } {
  const where = `${client.name} ${entry.location}`;
  if (entry.type !== 'command')
    return { note: `${where}: not exported: a "${entry.type}" hook; hookd exports command hooks only` };
  const dialect = dialectOf(client.id);
  let event = canonicalEvent(client.id, entry.event);
  let matcher = decodeMatcher(dialect, entry.matcher);
  const split = fromSplit(dialect, entry.event, entry.matcher);
  if (split) {
    event = split.event;
    matcher = split.tool ? (split.tool as HifSingleMatcher) : split.mcp ? decodeName(dialect, split.mcp) : matcher;
  }
  if (event === undefined)
    return { note: `${where}: not exported: ${entry.event} has no canonical event in the spec's registry` };
  const blocking =
    entry.kind === 'sync'
      ? true
      : entry.kind === 'bridge' || !entry.decides
        ? false
        : blockingBehaviour(client.id, event, false) !== 'observe';
  const timeout =
    entry.timeoutWritten !== undefined && entry.timeoutWritten > 0
      ? timeoutFromNative(client.id, entry.timeoutWritten)
      : undefined;
  const toolEvent =
    event === 'before_tool_execute' ||
    event === 'after_tool_execute' ||
    event === 'tool_use_failure' ||
    event === 'permission_request';
  const handler = {
    type: 'command',
    command: entry.run,
    ...(entry.cwd ? { cwd: entry.cwd } : {}),
    ...(entry.env && Object.keys(entry.env).length ? { env: entry.env } : {}),
    ...(timeout !== undefined ? { timeout } : {}),
  };
  return { hook: { event, ...(toolEvent && matcher !== undefined ? { matcher } : {}), handler, blocking } };
}
