// Warnings for entries that are valid but probably not what the user meant, judged by the rules
// of the entry's client. They never fail `hookd validate`; they say what to change.
import { cannotDecideOn } from './cannot-decide.js';
import { suggestEvent } from './suggest-event.js';
import { matcherError } from './matcher.js';
import { MAX_TIMEOUT_MS, groupOf, type HookConfig, type HookEntry } from './config.js';
import { runsBy } from './daemon-hooks.js';
import { kindWarnings } from './entry-kinds.js';
import { ignoredMatcherNotes, relativeCommandNotes, sharedEntryNotes } from './lint-clients.js';
import { toolMatcherWarnings } from './lint-tool-matchers.js';
import type { TextFeatures } from './load.js';

function entryWarnings(entry: HookEntry, at: string): string[] {
  const { client } = entry;
  const warnings: string[] = [];
  const unit = client.timeoutUnit === 'milliseconds' ? 'ms' : 's';
  if (entry.timeoutWritten === 0)
    warnings.push(
      `${at}.timeout: a timeout of 0 is treated as ${client.name}'s default ${client.defaultTimeoutSec} s; set the ${client.timeoutUnit} you mean`,
    );
  if (client.timeoutUnit === 'milliseconds' && entry.timeoutWritten && entry.timeoutWritten < 1000) {
    warnings.push(
      `${at}.timeout: ${entry.timeoutWritten} ms; ${client.name} reads timeout in milliseconds: did you mean ${entry.timeoutWritten * 1000}?`,
    );
  }
  if (
    client.millisecondsFrom !== undefined &&
    entry.timeoutWritten &&
    entry.timeoutWritten >= client.millisecondsFrom
  ) {
    warnings.push(
      `${at}.timeout: ${client.name} reads a timeout of ${client.millisecondsFrom} or more as milliseconds: ${entry.timeoutWritten} is ${entry.timeoutWritten / 1000} s, and hookd reads it so too; write ${Math.max(1, Math.round(entry.timeoutWritten / 1000))} for seconds`,
    );
  }
  if (entry.timeoutWritten && entry.timeoutMs === MAX_TIMEOUT_MS)
    warnings.push(
      `${at}.timeout: ${entry.timeoutWritten} ${unit} is past the longest timer (about 24.8 days); hookd uses 24.8 days`,
    );
  if (entry.kind !== 'bridge' && entry.kind !== 'sync') return [...warnings, ...kindWarnings(entry, at)];
  const bridge = entry.kind === 'sync' ? 'hookd sync' : 'hookd emit';
  if (entry.run === '') warnings.push(`${at}.command: "${bridge}" with no command to run`);
  if (entry.badOption)
    warnings.push(
      `${at}.command: ${bridge} cannot read its options (${entry.badOption}), so it runs nothing; write "${bridge} [OPTIONS] -- CMD"`,
    );
  if (entry.unquotedShellSyntax) {
    warnings.push(
      `${at}.command: the command after "${bridge} --" holds shell syntax outside single quotes, so the client's shell runs it first; wrap it in single quotes: ${bridge} -- '...'`,
    );
  }
  return entry.sync ? [...warnings, ...syncWarnings(entry, at)] : warnings;
}

// A sync entry whose options disagree with its entry: hookd's deadline after the client's, or another client's contract.
function syncWarnings(entry: HookEntry, at: string): string[] {
  const { sync, client } = entry;
  const warnings: string[] = [];
  if (sync?.timeoutSec !== undefined && sync.timeoutSec * 1000 > entry.timeoutMs) {
    warnings.push(
      `${at}.command: hookd sync --timeout ${sync.timeoutSec} is longer than the entry's timeout (${entry.timeoutMs / 1000} s): ${client.name} ends the hook first, and hookd records no answer; give --timeout ${entry.timeoutMs / 1000}`,
    );
  }
  if (sync?.event !== undefined && sync.event !== entry.event) {
    warnings.push(
      `${at}.command: hookd sync --event ${sync.event} under ${entry.event}: the bridge would read the hook's answer as a ${sync.event} hook's; write --event ${entry.event}`,
    );
  }
  if (sync?.client !== undefined && client.id !== ('generic' as string) && sync.client !== client.id) {
    warnings.push(
      `${at}.command: hookd sync --client ${sync.client} in a ${client.name} file: the bridge would read the hook's answer by another client's rules; write --client ${client.id}`,
    );
  }
  return warnings;
}

/**
 * Located notes: what hookd leaves to the client (hook types it does not run), hooks behind the
 * asynchronous bridge of events the client reads the result of (fine for a log or a notification,
 * not for a gate), and hooks behind the synchronous bridge of events the client ignores.
 */
export function notesFor(config: HookConfig, file: string): string[] {
  return config.entries
    .flatMap((entry) => {
      const at = `note: ${file}: ${entry.location}`;
      if (entry.unrunnable) return [`${at}: ${entry.unrunnable}`];
      return [...(entry.note ? [`${at}: ${entry.note}`] : []), ...entryNotes(entry, at)];
    })
    .concat(relativeCommandNotes(config, file), ignoredMatcherNotes(config, file));
}

function entryNotes(entry: HookEntry, at: string): string[] {
  const { client } = entry;
  if (entry.kind === 'other') {
    const own = client.ownTypes !== undefined && Object.hasOwn(client.ownTypes, entry.type);
    const fate = own ? client.ownTypes![entry.type] : undefined;
    if (fate) return [`${at}.type: "${entry.type}": ${fate}`];
    const known =
      client.hookTypes.includes(entry.type) || own
        ? `a ${client.name} hook type`
        : `not a hook type ${client.name} is known to have`;
    return [`${at}.type: "${entry.type}" is ${known}; hookd keeps it for the client and runs only "command" hooks`];
  }
  if (entry.kind === 'sync' && !entry.decides) {
    return [
      `${at}.command: ${client.name} ignores the result of ${entry.event} hooks, so hookd sync holds the agent for nothing: hookd emit runs it without a wait`,
    ];
  }
  // An http entry of a deciding event is answered in line with the hook's decision (issue 19); the bridge's is not.
  if (entry.kind !== 'bridge' || !entry.decides) return [];
  // A notifier, a sound, a log line: it had nothing to say, and install put it there for that (issue 30).
  if (cannotDecideOn(client, entry.event, entry.run)) return [];
  return [
    `${at}.command: the bridge returns at once with success and nothing to say, so this ${entry.event} hook cannot block or answer ${client.name}: fine for a log or a notification, not for a gate (a gate runs in line, behind hookd sync)`,
  ];
}

/** Located warnings for a loaded file; `file` prefixes each. */
export function lintConfig(config: HookConfig, file: string, features?: TextFeatures): string[] {
  // What the client skips, and hookd with it, first: the rest of the file is used.
  const warnings: string[] = (config.dropped ?? []).map((part) => part.message);
  const client = config.entries[0]?.client;
  if (client && !client.jsonc && features && (features.comments || features.trailingCommas)) {
    warnings.push(
      `${file}: has ${features.comments ? 'comments' : 'trailing commas'}; hookd reads them, but ${client.name} expects plain JSON and may refuse the file`,
    );
  }
  const warnedEvents = new Set<string>();
  for (const entry of config.entries) {
    if (!entry.client.events.includes(entry.event) && !warnedEvents.has(entry.event)) {
      warnedEvents.add(entry.event);
      const suggestion = suggestEvent(entry.event, entry.client.events);
      const where = entry.location.replace(/\[\d+\].*$/, '');
      warnings.push(
        `${file}: ${where}: unknown event "${entry.event}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}: not an event of ${entry.client.name}; hookd keeps it and runs its hooks should it come`,
      );
    }
    const regexError = matcherError(entry.matcher);
    if (regexError)
      warnings.push(
        `${file}: ${groupOf(entry)}.matcher: not a valid regular expression (${regexError}); the group never matches`,
      );
    warnings.push(...entryWarnings(entry, `${file}: ${entry.location}`));
  }
  warnings.push(...toolMatcherWarnings(config, file));
  return [...new Set(warnings)];
}

/** Warnings across files: one command for one event with different timeouts in two files. */
export function lintAcrossFiles(configs: readonly HookConfig[]): string[] {
  const seen = new Map<string, HookEntry>();
  const warnings: string[] = [];
  for (const entry of configs.flatMap((config) => config.entries)) {
    if (!runsBy(entry, 'event')) continue;
    const key = `${entry.event}\0${entry.run}`;
    const other = seen.get(key);
    if (!other) seen.set(key, entry);
    else if (other.timeoutMs !== entry.timeoutMs && other.file !== entry.file) {
      warnings.push(
        `${entry.file}: ${entry.location}: the same ${entry.event} command is in ${other.file} with another timeout (${other.timeoutMs / 1000} s vs ${entry.timeoutMs / 1000} s); the daemon uses the timeout of the client that sent the event, else the longer`,
      );
    }
  }
  return [...warnings, ...sharedEntryNotes(configs)];
}
