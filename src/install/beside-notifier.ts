// `hookd install --add notify` never puts a second notification beside one the user already has:
// an event whose hooks already notify (notify-send, osascript's display notification,
// terminal-notifier…, through hookd or not) keeps its own, and install says so. In a hook folder
// (Copilot CLI's hooks/) a notifier in any file of it counts: the client runs them all.
import { readFileSync } from 'node:fs';
import { parseJsonText } from '../settings/parse-json-text.js';
import { findHookMap, hooksOf, isObject, type JsonObject } from '../settings/hook-map.js';
import { classifyCommand } from '../settings/classify-command.js';
import { keysOf } from '../settings/read-hook.js';
import { GENERIC } from '../clients/registry.js';
import { EXAMPLES } from './examples.js';
import type { AddRequest } from './plan-edit.js';
import type { ClientProfile } from '../clients/profile.js';

// Desktop notifiers on Linux, macOS and Windows, and the notification services people post to.
const NOTIFIER =
  /\b(notify-send|dunstify|terminal-notifier|growlnotify|alerter|ntfy|osascript\b.*display notification|kdialog\b.*--passivepopup|zenity\b.*--notification|New-BurntToastNotification|notify\.sh)\b/i;

/** Whether `command` (or the command it runs behind hookd) shows a notification. */
export function isNotifier(command: string): boolean {
  const classified = classifyCommand(command);
  return NOTIFIER.test(classified.kind === 'plain' ? command : classified.inner);
}

/** The events of the file whose hooks already notify, each with the command that does. */
function notifierEvents(text: string, file: string, client: ClientProfile): Map<string, string> {
  const parsed = parseJsonText(text, file);
  const found = new Map<string, string>();
  if (!parsed.ok || !isObject(parsed.data as JsonObject)) return found;
  const ref = findHookMap(parsed.data as JsonObject, client === GENERIC ? undefined : client.layout);
  for (const event of Object.keys(ref.map ?? {})) {
    const notifier = hooksOf(ref, event)
      .map(({ hook }) => hook[keysOf(client, hook).command])
      .find((command): command is string => typeof command === 'string' && isNotifier(command));
    if (notifier) found.set(event, notifier);
  }
  return found;
}

/** `adds` without a notification example on an event that has a notifier already, and a note for each one left out. */
export function withoutNotifierBeside(
  adds: readonly AddRequest[],
  text: string,
  file: string,
  client: ClientProfile,
): { adds: AddRequest[]; notes: string[] } {
  const existing = notifierEvents(text, file, client);
  const notes: string[] = [];
  const kept = adds.map((add) => {
    if (EXAMPLES[add.example]?.only !== 'attention') return add;
    // The example's own entry is no other notifier: install adds it once and leaves it (splice-hooks.ts).
    const others = add.events.filter((event) => existing.has(event) && !existing.get(event)!.includes(add.command));
    for (const event of others)
      notes.push(`note: ${event} already notifies (${existing.get(event)}): no ${add.example} example added beside it`);
    return { ...add, events: add.events.filter((event) => !others.includes(event)) };
  });
  return { adds: kept.filter((add) => add.events.length > 0), notes };
}

/** `withoutNotifierBeside` over each of `files` in turn (the other files of a hook folder); unreadable ones count for nothing. */
export function withoutNotifierInFiles(
  adds: readonly AddRequest[],
  files: readonly string[],
  client: ClientProfile,
): { adds: AddRequest[]; notes: string[] } {
  let kept = [...adds];
  const notes: string[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const next = withoutNotifierBeside(kept, text, file, client);
    kept = next.adds;
    notes.push(...next.notes);
  }
  return { adds: kept, notes };
}
