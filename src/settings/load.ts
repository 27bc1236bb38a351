// Reads a client's hook file into a HookConfig, or into a list of located errors. The file may be
// JSON with comments, trailing commas and a byte-order mark (parse-json-text.ts); its shape is
// decided by hook-map.ts; its timeouts are read in its client's unit.
import { readBoundedFile } from '../common/read-bounded-file.js';
import { EMPTY_CONFIG, buildEntry, type HookConfig } from './config.js';
import { EventMapSchema, FlatEventMapSchema, ShellKeysEventMapSchema } from './schema.js';
import { eventsOf, findHookMap, hooksOf, isObject, type JsonObject, type JsonPath } from './hook-map.js';
import { readHook } from './read-hook.js';
import { parseJsonText } from './parse-json-text.js';
import { parseTomlText } from './parse-toml-text.js';
import { formatIssues, formatPath } from '../common/format-issues.js';
import { checkEventMap, droppedEntries, isDropped } from './drop-invalid.js';
import { GENERIC } from '../clients/registry.js';
import { isScriptHook, scriptDocument } from '../clients/script-hooks.js';
import { listedCommands, listedDocument } from './listed-hooks.js';
import type { ClientProfile } from '../clients/profile.js';

/** How the text was written, for lints: features some clients do not accept. */
export interface TextFeatures {
  comments: boolean;
  trailingCommas: boolean;
}

export type LoadResult =
  { ok: true; config: HookConfig; features: TextFeatures } | { ok: false; missing: boolean; errors: string[] };

/**
 * Parse hook-file text of `client` (generic when unknown); `file` names the source in every error.
 * `bareMap`: the client reads the file only as a bare event map (Droid's hooks.json), so a file of
 * empty events (`{"Stop": []}`) is one, not a settings file with no hooks yet.
 */
export function parseSettingsText(
  text: string,
  file: string,
  client: ClientProfile = GENERIC,
  bareMap = false,
): LoadResult {
  // A file that lists named hooks (Kiro CLI's): read as the event map it means.
  if (client.listedHooks) {
    const listed = listedCommands(text, file);
    if (!listed.ok) return { ok: false, missing: false, errors: listed.errors };
    return parseHookText(listedDocument(listed.commands), file, client, false);
  }
  // A hook that is an executable file (Cline's): read as a one-entry hook file.
  return isScriptHook(file, client)
    ? parseHookText(scriptDocument(file, text), file, client, false)
    : parseHookText(text, file, client, bareMap);
}

function parseHookText(text: string, file: string, client: ClientProfile, bareMap: boolean): LoadResult {
  const parsed = file.endsWith('.toml') ? parseTomlText(text, file) : parseJsonText(text, file);
  if (!parsed.ok) return { ok: false, missing: false, errors: [parsed.error] };
  const features = { comments: parsed.comments, trailingCommas: parsed.trailingCommas };
  if (parsed.data === undefined) return { ok: true, config: EMPTY_CONFIG, features };
  if (!isObject(parsed.data as JsonObject))
    return { ok: false, missing: false, errors: [`${file}: expected a JSON object at the top level`] };
  const data = parsed.data as JsonObject;
  const layout = client === GENERIC ? undefined : client.layout;
  const ref =
    bareMap && !('hooks' in data) ? { base: [], map: data, layout: layout ?? 'grouped' } : findHookMap(data, layout);
  const schema =
    ref.layout === 'grouped' ? EventMapSchema : client.hookKeys ? ShellKeysEventMapSchema : FlatEventMapSchema;
  // Under `hooks` every key is an event; in a bare map, keys whose value is not a list are the client's.
  const written: unknown = ref.base.length
    ? data.hooks
    : Object.fromEntries(eventsOf(ref).map((event) => [event, data[event]]));
  // The client's own settings beside the events (Gemini CLI's `hooks.disabled`) are no events.
  const map =
    client.hookSettings && isObject(written as JsonObject)
      ? Object.fromEntries(Object.entries(written as JsonObject).filter(([key]) => !client.hookSettings!.includes(key)))
      : written;
  if (map === undefined || (!ref.base.length && eventsOf(ref).length === 0))
    return { ok: true, config: EMPTY_CONFIG, features };
  // A client that drops a malformed entry alone (Gemini CLI, Copilot CLI) runs the rest: so does hookd.
  const checked = checkEventMap(map, schema, ref.layout, client);
  if (!checked.ok) return { ok: false, missing: false, errors: formatIssues(checked.issues, file, ref.base) };
  const kept = ({ path }: { path: JsonPath }) => !isDropped(path.slice(ref.base.length), checked.dropped);
  const events = eventsOf(ref).filter((event) => !client.hookSettings?.includes(event));
  const entries = events.flatMap((event) =>
    hooksOf(ref, event)
      .filter(kept)
      .map(({ hook, path, matcher }) =>
        buildEntry(readHook(hook, event, formatPath(path), matcher, client), file, client),
      ),
  );
  const dropped = droppedEntries(checked.dropped, { base: ref.base, map: map as JsonObject, file, client });
  return {
    ok: true,
    config: { shape: ref.base.length ? 'settings' : 'hooks-file', entries, events, ...(dropped.length && { dropped }) },
    features,
  };
}

/** Read and parse the hook file `file` of `client` (`bareMap`: as parseSettingsText): a regular file of at most 1 MiB (read-bounded-file.ts says why). */
export async function loadSettings(
  file: string,
  client: ClientProfile = GENERIC,
  bareMap = false,
): Promise<LoadResult> {
  const read = await readBoundedFile(file);
  if (!read.ok) return { ok: false, missing: read.missing, errors: [`${file}: ${read.reason}`] };
  return parseSettingsText(read.text, file, client, bareMap);
}
