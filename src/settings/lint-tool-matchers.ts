// Warnings for tool matchers that can never match, by the entry's client: a condition written as a
// matcher (`tool == "Bash" && …`: the client reads it as a regular expression against the tool's
// name, which never holds `==`), and a tool name the client does not have (`Bash` in Gemini CLI,
// whose shell tool is run_shell_command). Judged against the client's tools as hookd knows them
// (profile.tools); an MCP tool's name is never judged, as any server can add one.
import { isCatchAll, matcherError, matcherMatches } from './matcher.js';
import { suggestEvent } from './suggest-event.js';
import { CLIENTS } from '../clients/registry.js';
import { groupOf, type HookConfig, type HookEntry } from './config.js';

// Fields of a tool event's payload that name the tool.
const TOOL_FIELDS = new Set(['tool_name', 'toolName']);
// What a condition looks like, and never a tool name: comparisons and boolean operators.
const CONDITION = /==|!=|&&|\s(and|or)\s/;
// Claude Code's rule: letters, digits, `_`, `-` and `|` are names (matcher.ts).
const NAMES = /^[A-Za-z0-9_|-]+$/;

const quoted = (text: string) => [...text.matchAll(/["']([A-Za-z_][\w-]*)["']/g)].map((match) => match[1]!);

// Every name a matcher may give one of the client's tools: its own names, and the other names it accepts.
const knownNames = (tools: NonNullable<HookEntry['client']['tools']>) => [
  ...tools.names,
  ...Object.values(tools.aliases ?? {}).flat(),
];

// Whose tool `name` is, among the other clients: for "it is Claude Code's".
function ownersOf(name: string, entry: HookEntry): string[] {
  return CLIENTS.filter(
    (client) => client !== entry.client && client.tools && knownNames(client.tools).includes(name),
  ).map((client) => client.name);
}

function unknownName(name: string, entry: HookEntry): string {
  const { client } = entry;
  const tools = client.tools!;
  const suggestion = suggestEvent(name, tools.names);
  const owners = ownersOf(name, entry);
  const hint = suggestion
    ? `did you mean "${suggestion}"?`
    : owners.length
      ? `"${name}" is a tool of ${owners.join(', ')}; ${client.name}'s shell tool is "${tools.shell}"`
      : `${client.name}'s shell tool is "${tools.shell}"`;
  return `${client.name} has no tool "${name}" that hookd knows of (${hint})`;
}

// Why the matcher of `entry` never matches a tool of its client, or undefined when it may.
function neverMatches(entry: HookEntry): string | undefined {
  const { client, matcher } = entry;
  const tools = client.tools && { ...client.tools, names: knownNames(client.tools) };
  if (!tools || isCatchAll(matcher) || /mcp/i.test(matcher!) || matcherError(matcher)) return undefined;
  const rule = client.matcherRule ?? 'names';
  if (CONDITION.test(matcher!)) {
    const names = quoted(matcher!).filter((name) => tools.names.includes(name));
    const instead = names.length
      ? `write the tool's name, "${names.join('|')}"`
      : `write the tool's name (${client.name}'s shell tool is "${tools.shell}")`;
    return `written as a condition, but ${client.name} reads a matcher as a tool name or a regular expression, so this one never matches: ${instead}`;
  }
  // A permission rule's shape (`Bash(git push:*)`): the part in parentheses makes it match no tool name.
  const permission = /^([A-Za-z_]\w*)\(.*\)$/.exec(matcher!);
  if (permission && !tools.names.some((tool) => matcherMatches(matcher, tool, rule))) {
    return `a permission rule's shape, but a matcher names the tool only, so this one never matches: write "${permission[1]}"`;
  }
  if (rule === 'names' && NAMES.test(matcher!)) {
    const unknown = matcher!.split('|').filter((name) => name !== '' && !tools.names.includes(name));
    if (!unknown.length) return undefined;
    const never = unknown.length === matcher!.split('|').length ? 'so it never matches' : 'so that part never matches';
    return `${unknown.map((name) => unknownName(name, entry)).join('; ')}: ${never}`;
  }
  if (tools.names.some((tool) => matcherMatches(matcher, tool, rule))) return undefined;
  const exact = NAMES.test(matcher!) && !matcher!.includes('|') ? `; ${unknownName(matcher!, entry)}` : '';
  return `matches none of ${client.name}'s tools that hookd knows of${exact}, so it never matches`;
}

/** Located warnings, one per group, for tool matchers of `config` that can never match their client's tools. */
export function toolMatcherWarnings(config: HookConfig, file: string): string[] {
  const warnings = config.entries.flatMap((entry) => {
    const field = Object.hasOwn(entry.client.matchFields, entry.event)
      ? entry.client.matchFields[entry.event]
      : undefined;
    const why = field && TOOL_FIELDS.has(field) ? neverMatches(entry) : undefined;
    return why ? [`${file}: ${groupOf(entry)}.matcher: "${entry.matcher}": ${why}`] : [];
  });
  return [...new Set(warnings)];
}
