// The one place that knows where hooks stand in a client's file. Three shapes occur:
//   {"hooks": {Event: [{matcher?, hooks: [{type, command, timeout}]}]}}   (settings.json; Droid, Claude, Gemini, Codex)
//   {Event: [{matcher?, hooks: [...]}]}                                   (a bare hooks file)
//   {"version": 1, "hooks": {event: [{command, matcher?, timeout?}]}}     (Cursor: hooks straight in the event list)
// The loader (settings/load.ts) and the installer (install/plan-edit.ts) both ask this module.
import type { HookLayout } from '../clients/profile.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };
export type JsonPath = (string | number)[];

export interface HookMapRef {
  /** The path of the event map in the file: ['hooks'] or [] for a bare event map. */
  base: JsonPath;
  /** The event map itself, or undefined when the file has none yet. */
  map: JsonObject | undefined;
  layout: HookLayout;
}

/** One hook object as found in the file, with where it stands. */
export interface FoundHook {
  hook: JsonObject;
  path: JsonPath;
  /** The matcher that applies: the group's (grouped) or the hook's own (flat). */
  matcher: Json | undefined;
}

export const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A list that reads as an event's hooks: it holds a group (`{"hooks": [...]}`) or a hook (`{"command": ...}`). */
const isEventList = (value: Json | undefined): boolean =>
  Array.isArray(value) &&
  value.some((item) => isObject(item) && (Array.isArray(item.hooks) || typeof item.command === 'string'));

/**
 * Where the event map of `data` is. `layout` comes from the client's profile when known; otherwise
 * a file with `"version"` beside `"hooks"` is Cursor's flat layout.
 */
export function findHookMap(data: JsonObject, layout?: HookLayout): HookMapRef {
  const chosen = layout ?? (typeof data.version === 'number' && isObject(data.hooks) ? 'flat' : 'grouped');
  if ('hooks' in data) return { base: ['hooks'], map: isObject(data.hooks) ? data.hooks : undefined, layout: chosen };
  // A bare event map: keys whose value is a list. Other keys (model, theme...) are the client's. A
  // settings file with no hooks yet has lists of its own (Droid's commandAllowlist, customModels):
  // it is a bare map only when a list reads as hooks.
  if (Object.values(data).some(isEventList)) return { base: [], map: data, layout: chosen };
  return { base: ['hooks'], map: undefined, layout: chosen };
}

/** The events of the map: keys whose value is a list (a bare map shares the top level with other keys). */
export function eventsOf(ref: HookMapRef): string[] {
  return ref.map ? Object.keys(ref.map).filter((event) => Array.isArray(ref.map![event])) : [];
}

/** Every hook object of `event`, with its path in the file. Items that are not objects are skipped here (the schema reports them). */
export function hooksOf(ref: HookMapRef, event: string): FoundHook[] {
  const list = ref.map?.[event];
  if (!Array.isArray(list)) return [];
  const found: FoundHook[] = [];
  list.forEach((item, index) => {
    if (!isObject(item)) return;
    if (ref.layout === 'flat') {
      found.push({ hook: item, path: [...ref.base, event, index], matcher: item.matcher });
      return;
    }
    if (!Array.isArray(item.hooks)) return;
    item.hooks.forEach((hook, hookIndex) => {
      if (isObject(hook))
        found.push({ hook, path: [...ref.base, event, index, 'hooks', hookIndex], matcher: item.matcher });
    });
  });
  return found;
}

/** The keys a client's hook names its command and timeout under (Copilot CLI: `bash`, `timeoutSec`). */
export interface EntryKeys {
  command: string;
  timeout: string;
}

/** A new entry that runs `command` with `timeout`, in the layout of the map and under the client's `keys` (a typed hook then). */
export function newEntry(
  layout: HookLayout,
  command: string,
  timeout: number | undefined,
  keys?: EntryKeys,
): JsonObject {
  const hook: JsonObject = { type: 'command', command, ...(timeout !== undefined ? { timeout } : {}) };
  if (layout === 'grouped') return { hooks: [hook] };
  if (keys)
    return { type: 'command', [keys.command]: command, ...(timeout !== undefined ? { [keys.timeout]: timeout } : {}) };
  return { command, ...(timeout !== undefined ? { timeout } : {}) };
}
