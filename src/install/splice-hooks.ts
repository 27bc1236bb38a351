// Adding the example hooks to a settings file and taking them out again, as changes to its data
// and the splices that write the same changes into its text. A container made here is spliced in
// once, whole; the blanks inside an empty list install fills are kept in the record, so that
// uninstall, emptying it, writes them back.
import { EXAMPLES } from './examples.js';
import type { JSONPath } from 'jsonc-parser';
import { formatPath } from '../common/format-issues.js';
import {
  hooksOf,
  isObject,
  newEntry,
  type EntryKeys,
  type HookMapRef,
  type Json,
  type JsonObject,
} from '../settings/hook-map.js';
import type { Document, Splice } from './edit-document.js';
import type { FileRecord } from './manifest.js';
import type { AddRequest } from './plan-edit.js';
import { wrapCommand } from './quote-command.js';
import { EMIT_OPTIONS } from '../clients/bridge-options.js';
import type { ClientProfile } from '../clients/profile.js';
import { emptyInner } from './splice-json.js';

const keyOf = (path: JSONPath) => JSON.stringify(path);

/** How a new hook is written for its client: the keys of its command and timeout, and the events whose bridge entries name the event. */
export interface NewHookShape {
  keys?: EntryKeys;
  /** Events whose payloads do not name them (Copilot CLI's camelCase ones): the entry says `hookd emit --event NAME`. */
  unnamedEvents?: readonly string[];
  /** The `version` a file made here starts with, where the client's docs write one (Cursor's, Copilot CLI's: 1). */
  newFileVersion?: number;
}

/** How `client` writes a new hook (its profile's keys, unnamed events and a new file's version). */
export function newHookShape(
  client: Pick<ClientProfile, 'hookKeys' | 'unnamedEvents' | 'newFileVersion'>,
): NewHookShape {
  return {
    ...(client.hookKeys && { keys: client.hookKeys }),
    ...(client.unnamedEvents && { unnamedEvents: client.unnamedEvents }),
    ...(client.newFileVersion !== undefined && { newFileVersion: client.newFileVersion }),
  };
}

/** Add the hooks of `adds` to `ref` (and so to the data), returning the splices that write them. */
export function addHooks(
  doc: Document,
  ref: HookMapRef,
  adds: readonly AddRequest[],
  emitOptions: readonly string[],
  record: FileRecord,
  changes: string[],
  shape: NewHookShape = {},
): Splice[] {
  const splices: Splice[] = [];
  const append = (path: JSONPath, value: Json, key?: string) => {
    let inner: string | undefined;
    try {
      inner = doc.hasValue ? emptyInner(doc.body, path) : undefined;
    } catch {
      // Not in the text as the data says (a key written twice): the edit is checked, and refused or rendered, later.
    }
    if (inner) record.emptyInner = { ...record.emptyInner, [keyOf(path)]: inner };
    splices.push({ kind: 'append', path, value, ...(key !== undefined ? { key } : {}) });
  };
  const commandKey = shape.keys?.command ?? 'command';
  const timeoutKey = shape.keys?.timeout ?? 'timeout';
  for (const add of adds) {
    for (const event of add.events) {
      // A manifest's hook and the guards bring their own entry; every other example goes behind hookd emit.
      const bridge =
        add.entry?.bridge ??
        wrapCommand(add.command, [
          ...emitOptions,
          ...(shape.unnamedEvents?.includes(event) ? [EMIT_OPTIONS.event.flag, event] : []),
        ]);
      // A manifest's hook is there already only under the same matcher and timeout.
      const same = (found: { hook: Json; matcher: Json | undefined }) =>
        isObject(found.hook) &&
        found.hook[commandKey] === bridge &&
        (!add.entry || ((found.matcher ?? undefined) === add.entry.matcher && found.hook[timeoutKey] === add.timeout));
      if (hooksOf(ref, event).some(same)) continue;
      if (!ref.map) {
        // A file made here starts as the client's docs write it (Cursor's, Copilot CLI's: version 1; Crush's: none).
        if (!doc.hasValue && shape.newFileVersion !== undefined && doc.data.version === undefined)
          append([], (doc.data.version = shape.newFileVersion), 'version');
        ref.map = doc.data.hooks = {};
        record.createdHooksKey = true;
        append([], ref.map, 'hooks');
      }
      if (!Array.isArray(ref.map[event])) {
        ref.map[event] = [];
        record.createdEvents.push(event);
        if (!record.createdHooksKey) append(ref.base, ref.map[event], event);
      }
      const list = ref.map[event] as Json[];
      const entry = withManifestKeys(newEntry(ref.layout, bridge, add.timeout, shape.keys), add.entry);
      list.push(entry);
      if (!record.createdHooksKey && !record.createdEvents.includes(event)) append([...ref.base, event], entry);
      record.adds.push({
        event,
        example: add.example,
        ...(add.name !== undefined && { name: add.name }),
        command: bridge,
        ...(add.entry?.matcher !== undefined && { matcher: add.entry.matcher }),
        ...(add.entry && add.timeout !== undefined && { timeout: add.timeout }),
      });
      const on = add.entry?.matcher !== undefined ? ` on ${add.entry.matcher}` : '';
      // A manifest's hook, or examples (the guards go together: `no-rm-rf,no-force-push`).
      const examples = add.example.split(',').every((name) => EXAMPLES[name] !== undefined);
      const what = examples ? `the ${add.example} example${on}` : `the manifest's hook${on}`;
      changes.push(`add ${formatPath([...ref.base, event, list.length - 1])}: ${what} (${add.command})`);
    }
  }
  return splices;
}

// A manifest's hook: its group's matcher first (grouped) or on the entry (flat), and the keys the entry carries (`env`, `cwd`).
function withManifestKeys(entry: JsonObject, manifest: AddRequest['entry']): JsonObject {
  if (!manifest) return entry;
  const hooks = entry.hooks;
  if (Array.isArray(hooks)) {
    Object.assign(hooks[0] as JsonObject, manifest.extra);
    return { ...(manifest.matcher !== undefined ? { matcher: manifest.matcher } : {}), hooks };
  }
  return { ...entry, ...(manifest.matcher !== undefined ? { matcher: manifest.matcher } : {}), ...manifest.extra };
}

/** Take the hooks install added out of `ref` (and so out of the data), returning the splices that do it. */
export function removeAddedHooks(doc: Document, ref: HookMapRef, record: FileRecord, changes: string[]): Splice[] {
  const splices: Splice[] = [];
  const remove = (path: JSONPath) => {
    const inner = record.emptyInner?.[keyOf(path.slice(0, -1))];
    splices.push({ kind: 'remove', path, ...(inner !== undefined ? { inner } : {}) });
  };
  const map = ref.map ?? {};
  for (const event of Object.keys(map)) {
    const list = map[event];
    if (!Array.isArray(list)) continue;
    const added = new Set(record.adds.filter((add) => add.event === event).map((add) => add.command));
    // Under whatever key the client writes its command (`command`; Copilot CLI's `bash`).
    const isAdded = (hook: Json | undefined) =>
      isObject(hook) && Object.values(hook).some((value) => typeof value === 'string' && added.has(value));
    // From the end of each list, so the indexes of the removals still to come hold.
    for (let index = list.length - 1; index >= 0; index--) {
      const item = list[index];
      const at = [...ref.base, event, index];
      if (ref.layout === 'flat') {
        if (!isAdded(item)) continue;
        list.splice(index, 1);
        remove(at);
        changes.push(`remove the added hook ${formatPath(at)}`);
        continue;
      }
      if (!isObject(item) || !Array.isArray(item.hooks)) continue;
      const hooks = item.hooks;
      const removed = hooks.flatMap((hook, position) => (isAdded(hook) ? [position] : []));
      if (removed.length === 0) continue;
      changes.push(`remove ${removed.length} added hook(s) from ${formatPath(at)}`);
      item.hooks = hooks.filter((_, position) => !removed.includes(position));
      // A group install made for a manifest's hook carries its matcher: it goes too once empty.
      const ownMatcher =
        typeof item.matcher === 'string' &&
        record.adds.some((add) => add.event === event && add.matcher === item.matcher);
      if (
        item.hooks.length === 0 &&
        Object.keys(item).every((key) => key === 'hooks' || (key === 'matcher' && ownMatcher))
      ) {
        list.splice(index, 1);
        remove(at);
      } else {
        for (const position of removed.reverse()) remove([...at, 'hooks', position]);
      }
    }
    if (list.length === 0 && record.createdEvents.includes(event)) {
      delete map[event];
      remove([...ref.base, event]);
    }
  }
  if (record.createdHooksKey && isObject(doc.data.hooks) && Object.keys(doc.data.hooks).length === 0) {
    delete doc.data.hooks;
    remove(['hooks']);
  }
  return splices;
}
