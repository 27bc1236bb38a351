// Some clients drop a malformed hook alone and run the rest of its file: Gemini CLI discards a hook
// or group it cannot read ("Discarding invalid hook definition…"), and an event whose value is not
// a list (a lone group it runs, which hookd names without reading: load.ts); Copilot CLI 1.0.102 runs the other entries of a file beside one it cannot read (checked
// with both binaries: docs/clients.md). For such a client hookd reads the file the same way: each
// schema issue inside one entry drops that entry, named in a warning, and the rest of the file is
// used and wrapped. An issue above the entries (the file, `hooks` itself) still refuses the file.
import type { z } from 'zod';
import { describeIssue, formatPath } from '../common/format-issues.js';
import { isObject, type JsonObject, type JsonPath } from './hook-map.js';
import type { ClientProfile, DropRule, HookLayout } from '../clients/profile.js';
import type { DroppedEntry } from './config.js';

/** One part of the event map the client drops, its path relative to the map, and why. */
export interface DroppedPart {
  path: JsonPath;
  reasons: string[];
}

export type DropResult = { ok: true; dropped: DroppedPart[] } | { ok: false; issues: readonly z.core.$ZodIssue[] };

// Stand-ins that pass the schema and keep every other entry at its index (its location in messages).
const STAND_IN = { hook: { type: 'dropped' }, group: { hooks: [] }, event: [] } as const;

/** The part of the map an issue at `path` drops, or undefined when the client refuses the whole file for it (every issue, for a client that drops nothing alone). */
function partOf(path: readonly PropertyKey[], layout: HookLayout, rule: DropRule | undefined): JsonPath | undefined {
  const [event, index, key, hookIndex] = path;
  if (rule === undefined || typeof event !== 'string') return undefined;
  if (typeof index !== 'number') return rule === 'entries-and-events' && path.length === 1 ? [event] : undefined;
  if (layout === 'grouped' && key === 'hooks' && typeof hookIndex === 'number')
    return [event, index, 'hooks', hookIndex];
  return [event, index];
}

function standIn(part: JsonPath, layout: HookLayout): unknown {
  if (part.length === 1) return STAND_IN.event;
  return part.length === 4 || layout === 'flat' ? STAND_IN.hook : STAND_IN.group;
}

type Container = Record<string | number, unknown>;

function replaceAt(map: Container, part: JsonPath, value: unknown): void {
  let parent = map;
  for (const key of part.slice(0, -1)) parent = parent[key] as Container;
  parent[part.at(-1)!] = value;
}

/**
 * Check `map`, the event map of a file of `client`, with `schema`, dropping what the client drops
 * alone (its `dropsInvalid`): each dropped part with its reasons, or the issues that refuse the
 * file (those of the first check, all of them).
 */
export function checkEventMap(
  map: unknown,
  schema: z.ZodType,
  layout: HookLayout,
  client: Pick<ClientProfile, 'dropsInvalid'>,
): DropResult {
  const rule = client.dropsInvalid;
  const copy = structuredClone(map) as Container;
  const dropped = new Map<string, DroppedPart>();
  let first: readonly z.core.$ZodIssue[] | undefined;
  // A stand-in can uncover issues a failed check did not reach (a refinement of the whole map): a few rounds settle it.
  for (let round = 0; round < 4; round++) {
    const checked = schema.safeParse(copy, { reportInput: true });
    if (checked.success) return { ok: true, dropped: [...dropped.values()] };
    const issues = checked.error.issues;
    first ??= issues;
    const parts = issues.map((issue) => partOf(issue.path, layout, rule));
    if (parts.some((part) => part === undefined)) return { ok: false, issues: first };
    issues.forEach((issue, i) => {
      const part = parts[i]!;
      const key = formatPath(part);
      const inside = formatPath(issue.path.slice(part.length));
      const known = dropped.get(key) ?? { path: part, reasons: [] };
      known.reasons.push(`${inside ? `${inside}: ` : ''}${describeIssue(issue)}`);
      dropped.set(key, known);
      replaceAt(copy, part, standIn(part, layout));
    });
  }
  return { ok: false, issues: first ?? [] };
}

/** Whether the hook at `path` (relative to the map) stands in a dropped part. */
export function isDropped(path: JsonPath, dropped: readonly DroppedPart[]): boolean {
  return dropped.some((part) => part.path.every((key, i) => path[i] === key));
}

/** Whether the hook at `at` (a location such as `hooks.Stop[0].hooks[1]`) stands in one of the dropped locations `droppedAt`. */
export function isDroppedAt(at: string, droppedAt: readonly string[]): boolean {
  return droppedAt.some((part) => at === part || at.startsWith(`${part}.`) || at.startsWith(`${part}[`));
}

/**
 * One warning per dropped part of the map at `base` in `file`: where, what the client does, and
 * why hookd cannot read it. Gemini CLI 0.61 merges a lone group written without its list into one
 * and runs it (checked with the binary, though its hook registry's source skips a value that is
 * not a list): hookd does not read that shape, and says so.
 */
export function droppedEntries(
  dropped: readonly DroppedPart[],
  where: { base: JsonPath; map: JsonObject; file: string; client: ClientProfile },
): DroppedEntry[] {
  const { base, map, file, client } = where;
  return dropped.map(({ path, reasons }) => {
    const at = formatPath([...base, ...path]);
    if (path.length === 1 && isObject(map[path[0] as string])) {
      return {
        at,
        message: `${file}: ${at}: a group written without its list ([ … ]): ${client.name} runs it, but hookd does not read it, so it neither runs nor wraps it; write it as ${String(path[0])}: [ {…} ] to run it through hookd`,
      };
    }
    const what = path.length === 1 ? 'event' : path.length === 4 || client.layout === 'flat' ? 'hook' : 'group';
    return {
      at,
      message: `${file}: ${at}: ${client.name} skips this ${what} and runs the rest of the file; so does hookd, which neither runs nor wraps it (${reasons.join('; ')})`,
    };
  });
}
