// Finds the event map in a parsed settings file, in either shape: `{"hooks": {...}}` or a bare
// event map at the top level. Mirrors src/settings/load.ts, which decides the same way.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface Hook extends JsonObject {
  command: string;
}

export interface HookMapRef {
  /** The path of the event map in the file: ['hooks'] or [] for a bare event map. */
  base: string[];
  /** The event map itself, or undefined when the file has none yet. */
  map: JsonObject | undefined;
}

export const isObject = (value: Json | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where the event map of `data` is; a file with neither shape gets one under `hooks` when needed. */
export function findHookMap(data: JsonObject): HookMapRef {
  if ('hooks' in data) return { base: ['hooks'], map: isObject(data.hooks) ? data.hooks : undefined };
  if (Object.values(data).some(Array.isArray)) return { base: [], map: data };
  return { base: ['hooks'], map: undefined };
}

/** Every hook of `event` with its path in the file. */
export function hooksOf(ref: HookMapRef, event: string): { hook: Hook; path: (string | number)[] }[] {
  const groups = ref.map?.[event];
  if (!Array.isArray(groups)) return [];
  const found: { hook: Hook; path: (string | number)[] }[] = [];
  groups.forEach((group, groupIndex) => {
    if (!isObject(group) || !Array.isArray(group.hooks)) return;
    group.hooks.forEach((hook, hookIndex) => {
      if (isObject(hook) && typeof hook.command === 'string') {
        found.push({ hook: hook as Hook, path: [...ref.base, event, groupIndex, 'hooks', hookIndex] });
      }
    });
  });
  return found;
}
