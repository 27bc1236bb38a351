// The shape of one client's dialect of the Hook Interchange Format (spec hooks/0.1): the canonical
// tools, how a client narrows a tool event, and what a dialect holds. Each client's dialect is its
// folder's hif.ts (clients/claude/hif.ts…), held by its profile; the lookups over them are
// hif/vocabulary.ts. It sits in clients/, below hif/, so a client's folder names it without a loop.
import type { ClientId } from './registry.js';

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
  /** An MCP tool's name as the client writes it, read back (export): the server and the tool its two groups. */
  mcpForm?: RegExp;
  matcher: MatcherStyle;
  timeoutUnit: 'seconds' | 'milliseconds';
  /** A timeout of this value or more is read as milliseconds whatever `timeoutUnit` says (Qwen Code 0.24: 1000). */
  millisecondsFrom?: number;
  /** Where the tool is in the event's name (matcher `split`): which event each tool's hook goes on. */
  split?: SplitEvents;
  /** Canonical event -> what a "deny" does there, where the client differs from the spec's matrix (hif/blocking.ts). */
  blocking?: Readonly<Record<string, Behaviour>>;
  /** What of a handler its entry carries to the hook, where the binary was seen honouring it (hif/capabilities.ts). */
  entryCarries?: readonly (
    'env' | 'cwd'
  )[]; /** Where its payloads keep the tool's name, input, shell command and file, beside Claude Code's keys (hif/canonical-input.ts). */
  payloadKeys?: PayloadKeys;
}

/** Keys of a client's payload for the hook's canonical fields; each list is read after Claude Code's key. */
export interface PayloadKeys {
  toolName?: readonly string[];
  toolInput?: readonly string[];
  command?: readonly string[];
  file?: readonly string[];
  /** Keys of a tool's input holding a list of shell commands, read as one per line (Cline's `commands`). */
  commandList?: readonly string[];
  /** Where a payload that names no tool at its top level nests its call (Cline's `tool_call: {name, input}`). */
  toolCall?: ToolCallKeys;
}

/** A payload's nested tool call: the object's key, and its keys for the tool's name and input. */
export interface ToolCallKeys {
  field: string;
  name: string;
  input: string;
}

/** What a blocking hook's "deny" does: prevent the action, make the agent retry, or nothing (observe). */
export type Behaviour = 'prevent' | 'retry' | 'observe';

/** A tool event's "before" and "after" in a client whose event names carry the tool. */
export interface BeforeAfter<T> {
  before: T;
  after: T;
}

/**
 * How a client whose tool is in the event's name (Cursor's beforeShellExecution, Windsurf's
 * pre_run_command) splits a canonical tool event, as data that hif/split-events.ts reads both ways
 * (install and export). A tool whose "before" is only an "after" event of the client (Cursor's file
 * edits) is a timing shift the report says loudly.
 */
export interface SplitEvents {
  /** Canonical tool -> the client's event for it, before and after; the first tool named for an event is the one export reads back. */
  tools: BeforeAfter<Readonly<Partial<Record<CanonicalTool, string>>>>;
  /** The events of MCP tools, their matcher the MCP tool's name. */
  mcp?: BeforeAfter<string>;
  /** The events of the other tools, with a matcher (Cursor's preToolUse); absent: such a tool has no event. */
  otherTools?: BeforeAfter<string>;
  /** The events a hook for every tool (no matcher) goes on. */
  everyTool: BeforeAfter<readonly string[]>;
  /** What those events cover when it is less than every tool, said in the report (Cursor's after: "file edits"). */
  everyToolCovers?: Partial<
    BeforeAfter<string>
  >; /** Events that are no tool event but name a tool all the same (Cursor's Tab: beforeTabFileRead), for the hook's canonical tool. */
  otherEventTools?: Readonly<Record<string, CanonicalTool>>;
}
