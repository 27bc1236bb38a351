// The files install edits: the one given, else for each chosen client (or every client found on
// this machine) the user file the client reads now: for Droid hooks.json when Droid reads it (a
// bare event map), else settings.json; when it has none yet, the first file the client would read
// in the shape install writes. Never a file install only reads (Codex's config.toml). In a folder
// of files (Copilot CLI's hooks/), every file the client loads is wrapped, each in place, and
// hookd's own hooks/hookd.json is where examples go; a file that does not parse is left alone, and
// install says so (parsesAsJson).
import { readFileSync } from 'node:fs';
import {
  chosenClient,
  clientsOnMachine,
  givenSource,
  isInEffect,
  isShadowed,
  noClientFound,
  userSources,
} from '../clients/find-sources.js';
import type { HookSource } from '../clients/hook-source.js';
import { parseJsonText } from '../settings/parse-json-text.js';
import { UsageError } from '../common/errors.js';
import { findHookMap, isObject, type JsonObject } from '../settings/hook-map.js';

/** The files to edit for the clients `clients` names (comma-separated: `claude,gemini`), else for every client found here. */
export function installTargetsFor(settings: string | undefined, clients: string | undefined): HookSource[] {
  const ids = [
    ...new Set(
      (clients ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length <= 1) return installTargets(settings, ids[0]);
  if (settings) throw new UsageError("--client: name one client with --settings (the file is one client's)");
  return ids.flatMap((id) => installTargets(undefined, id));
}

/** The file to edit for each client. */
export function installTargets(settings: string | undefined, clientId: string | undefined): HookSource[] {
  if (settings) return [givenSource(settings, clientId)];
  const chosen = chosenClient(clientId);
  const clients = chosen ? [chosen] : clientsOnMachine();
  if (clients.length === 0) throw noClientFound();
  return clients.flatMap((client) => {
    const sources = userSources([client]);
    // Hooks that are executable files (Cline's): each file there is wrapped in place.
    if (client.scriptHooks) return sources;
    if (sources.some((source) => source.inFolder)) return folderTargets(sources);
    const writable = sources.filter(
      (source) => !source.readOnly && (source.ownFile || !sources.some((other) => other.ownFile)),
    );
    const read = writable.filter((source) => isInEffect(source) && (!source.bareMapOnly || isBareMap(source.file)));
    // A new file is never one the client reads only as a bare map (Droid's hooks.json): install writes `{"hooks": …}`.
    return read[0] ?? writable.find((source) => !isShadowed(source) && !source.bareMapOnly) ?? writable[0]!;
  });
}

// Every file of the folder, a file beside it that exists (Copilot CLI's settings.json with inline
// hooks), then hookd's own (written when --add asks for it).
function folderTargets(sources: readonly HookSource[]): HookSource[] {
  const own = sources.filter((source) => source.ownFile);
  return [
    ...sources.filter((source) => source.inFolder && !source.ownFile),
    ...sources.filter((source) => !source.inFolder && isInEffect(source)),
    ...own,
  ];
}

/** Whether `file` reads as JSON at all: a file of a hook folder that does not is left alone. */
export function parsesAsJson(file: string): boolean {
  try {
    return parseJsonText(readFileSync(file, 'utf8'), file).ok;
  } catch {
    return false;
  }
}

// Whether `file` is a bare event map, the only shape Droid reads its hooks.json in (a `{"hooks": …}`
// file is ignored by Droid, so install leaves it alone and edits settings.json).
function isBareMap(file: string): boolean {
  try {
    const parsed = parseJsonText(readFileSync(file, 'utf8'), file);
    return parsed.ok && isObject(parsed.data as JsonObject) && findHookMap(parsed.data as JsonObject).base.length === 0;
  } catch {
    return false;
  }
}
