// What validate says of entries that do something other than they seem to, by their client's
// rules: a matcher on an event the client matches nothing on (Droid runs every group of its
// SubagentStop); a relative command of a client whose payloads carry no `cwd` (Cursor: it runs where
// the client ran the bridge); and one bridge entry in the files of two clients when one of them
// also runs the other's files (Cursor runs Claude Code's: the event comes twice, and runs once).
import { parse } from 'shell-quote';
import { runsBy } from './daemon-hooks.js';
import { groupOf, type HookConfig, type HookEntry } from './config.js';
import { isCatchAll } from './matcher.js';

// A word that names a file by a relative path: `./x`, `../x`, `dir/x` (not `/x`, `~/x` or `$VAR/x`).
const RELATIVE_PATH = /^(\.{1,2}\/|[A-Za-z0-9_.@-]+\/)/;

/** The first relative path among the words of `command`, if any. */
export function relativePathIn(command: string): string | undefined {
  let words: ReturnType<typeof parse>;
  try {
    words = parse(command, (name) => `$${name}`);
  } catch {
    return undefined;
  }
  return words.find((word): word is string => typeof word === 'string' && RELATIVE_PATH.test(word));
}

/** Located notes for the bridge entries of `config` whose command is relative to a directory the payload does not name. */
export function relativeCommandNotes(config: HookConfig, file: string): string[] {
  return config.entries.flatMap((entry) => {
    const relative = entry.kind === 'bridge' && entry.client.sendsNoCwd ? relativePathIn(entry.run) : undefined;
    if (!relative) return [];
    return [
      `note: ${file}: ${entry.location}.command: "${relative}" is a relative path and ${entry.client.name} sends no cwd: behind the bridge the hook runs in the directory ${entry.client.name} ran the bridge in (the project), as ${entry.client.name} runs it`,
    ];
  });
}

/** Located notes for matchers on events whose groups the client runs whatever the matcher says. */
export function ignoredMatcherNotes(config: HookConfig, file: string): string[] {
  const notes = config.entries.flatMap((entry) => {
    if (
      isCatchAll(entry.matcher) ||
      Object.hasOwn(entry.client.matchFields, entry.event) ||
      !entry.client.events.includes(entry.event)
    )
      return [];
    const group = groupOf(entry);
    return [
      `note: ${file}: ${group}.matcher: ${entry.client.name} applies no matcher to ${entry.event}: the group runs on every ${entry.event}, and so does hookd`,
    ];
  });
  return [...new Set(notes)];
}

/** Notes for one bridge entry in two clients' files where one client also runs the other's. */
export function sharedEntryNotes(configs: readonly HookConfig[]): string[] {
  const entries = configs.flatMap((config) => config.entries).filter((entry) => runsBy(entry, 'event'));
  const notes: string[] = [];
  for (const entry of entries) {
    const other = entries.find((candidate) => sharedWith(entry, candidate));
    if (!other) continue;
    notes.push(
      `${entry.file}: ${entry.location}: ${other.file} has the same bridge entry, and ${entry.client.name} also runs ${other.client.name}'s files (third-party hooks): the event comes twice; hookd runs it once, as ${entry.client.name}'s`,
    );
  }
  return notes;
}

const sharedWith = (entry: HookEntry, other: HookEntry): boolean =>
  other.client !== entry.client &&
  (entry.client.alsoRuns ?? []).includes(other.client.id) &&
  other.run === entry.run &&
  other.event.toLowerCase() === entry.event.toLowerCase();
