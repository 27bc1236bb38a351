// What install and uninstall do to a settings file, as pure functions of its text. Every edit is
// made in place: wrapping and unwrapping replace only command strings, adding and removing a hook
// splices its text in or out, so every other byte of the user's file stays as it was. Should the
// spliced text ever not parse to the intended data, the file is rendered whole instead, in its own
// indentation and key order.
import { isDeepStrictEqual } from 'node:util';
import { classifyCommand } from '../settings/classify-command.js';
import { formatPath } from '../common/format-issues.js';
import { findHookMap, hooksOf, isObject, type Json, type JsonObject } from './hook-map.js';
import { detectStyle, renderJson } from './json-style.js';
import { replaceSpans, spanAt, type Span } from './json-spans.js';
import { appendMember, removeMember } from './json-splice.js';
import { emptyRecord, type FileRecord, type WrapRecord } from './manifest.js';
import { wrapCommand } from './quote-command.js';

export interface Plan {
  /** The new text, or null when the file is to be deleted (uninstall of a file install created). */
  after: string | null;
  /** What changed, one line each, for people. */
  changes: string[];
  /** What this run did, for the install record. */
  record: FileRecord;
}

export interface AddRequest {
  example: string;
  /** The command the daemon runs (the bridge wraps it). */
  command: string;
  timeout: number;
  events: readonly string[];
}

const parse = (text: string): JsonObject => (text.trim() === '' ? {} : (JSON.parse(text) as JsonObject));

type Path = (string | number)[];
/** A structural edit; `value` is read when the edit is applied, so it holds the final content. */
type Splice = { kind: 'append'; path: Path; key?: string; value: Json } | { kind: 'remove'; path: Path };

function finish(text: string, data: JsonObject, edits: { span: Span; text: string }[], splices: Splice[]): string {
  const style = detectStyle(text);
  if (text.trim() === '') return renderJson(data, style);
  try {
    let out = replaceSpans(text, edits);
    for (const splice of splices) {
      out = splice.kind === 'append' ? appendMember(out, splice.path, splice.key, splice.value, style.indent) : removeMember(out, splice.path);
    }
    if (isDeepStrictEqual(JSON.parse(out), data)) return out;
  } catch {
    // Fall through to rendering the whole file.
  }
  return renderJson(data, style);
}

/** Wrap the plain entries of `events` and add the example hooks of `adds`. */
export function planInstall(text: string, exists: boolean, events: readonly string[], adds: readonly AddRequest[]): Plan {
  const data = parse(text);
  const ref = findHookMap(data);
  const record = emptyRecord();
  const changes: string[] = [];
  const edits: { span: Span; text: string }[] = [];
  for (const event of events) {
    for (const { hook, path } of hooksOf(ref, event)) {
      if (classifyCommand(hook.command).kind === 'bridge') continue;
      const span = spanAt(text, [...path, 'command']);
      const wrapped = wrapCommand(hook.command);
      record.wraps.push({ event, original: hook.command, originalLiteral: text.slice(span.start, span.end), wrapped });
      changes.push(`wrap ${formatPath(path)}: ${hook.command}`);
      edits.push({ span, text: JSON.stringify(wrapped) });
      hook.command = wrapped;
    }
  }
  const splices: Splice[] = [];
  for (const add of adds) {
    const bridge = wrapCommand(add.command);
    for (const event of add.events) {
      if (hooksOf(ref, event).some(({ hook }) => hook.command === bridge)) continue;
      // A container made here is spliced in once, whole; what goes into it later is in it by then.
      if (!ref.map) {
        ref.map = data.hooks = {};
        record.createdHooksKey = true;
        splices.push({ kind: 'append', path: [], key: 'hooks', value: ref.map });
      }
      if (!Array.isArray(ref.map[event])) {
        ref.map[event] = [];
        record.createdEvents.push(event);
        if (!record.createdHooksKey) splices.push({ kind: 'append', path: ref.base, key: event, value: ref.map[event] });
      }
      const groups = ref.map[event] as Json[];
      const group = { hooks: [{ type: 'command', command: bridge, timeout: add.timeout }] };
      groups.push(group);
      if (!record.createdHooksKey && !record.createdEvents.includes(event)) splices.push({ kind: 'append', path: [...ref.base, event], value: group });
      record.adds.push({ event, example: add.example, command: bridge });
      changes.push(`add ${formatPath([...ref.base, event, groups.length - 1])}: the ${add.example} example (${add.command})`);
    }
  }
  record.createdFile = !exists && record.adds.length > 0;
  return { after: changes.length ? finish(text, data, edits, splices) : text, changes, record };
}

/** The original command's JSON literal as it was written, when the record still holds it faithfully. */
function literalOf(wrap: WrapRecord): string {
  try {
    if (JSON.parse(wrap.originalLiteral) === wrap.original) return wrap.originalLiteral;
  } catch {
    // A damaged record: write the command afresh.
  }
  return JSON.stringify(wrap.original);
}

/** Undo what `record` says install did: restore wrapped commands, remove added hooks. */
export function planUninstall(text: string, record: FileRecord): Plan {
  const data = parse(text);
  const ref = findHookMap(data);
  const changes: string[] = [];
  const edits: { span: Span; text: string }[] = [];
  for (const wrap of record.wraps) {
    for (const { hook, path } of hooksOf(ref, wrap.event)) {
      if (hook.command !== wrap.wrapped) continue;
      edits.push({ span: spanAt(text, [...path, 'command']), text: literalOf(wrap) });
      changes.push(`restore ${formatPath(path)}: ${wrap.original}`);
      hook.command = wrap.original;
    }
  }
  // Removals run from the end of each list, so the indexes of the ones still to come hold.
  const splices: Splice[] = [];
  const map = ref.map;
  for (const event of map ? Object.keys(map) : []) {
    const groups = map![event];
    if (!Array.isArray(groups)) continue;
    const added = new Set(record.adds.filter((add) => add.event === event).map((add) => add.command));
    for (let groupIndex = groups.length - 1; groupIndex >= 0; groupIndex--) {
      const group = groups[groupIndex];
      if (!isObject(group) || !Array.isArray(group.hooks)) continue;
      const hooks = group.hooks;
      const removed = hooks.flatMap((hook, index) => (isObject(hook) && typeof hook.command === 'string' && added.has(hook.command) ? [index] : []));
      if (removed.length === 0) continue;
      changes.push(`remove ${removed.length} added hook(s) from ${formatPath([...ref.base, event, groupIndex])}`);
      group.hooks = hooks.filter((_, index) => !removed.includes(index));
      if (group.hooks.length === 0 && Object.keys(group).every((key) => key === 'hooks')) {
        groups.splice(groupIndex, 1);
        splices.push({ kind: 'remove', path: [...ref.base, event, groupIndex] });
      } else {
        for (const index of removed.reverse()) splices.push({ kind: 'remove', path: [...ref.base, event, groupIndex, 'hooks', index] });
      }
    }
    if (groups.length === 0 && record.createdEvents.includes(event)) {
      delete map![event];
      splices.push({ kind: 'remove', path: [...ref.base, event] });
    }
  }
  if (record.createdHooksKey && isObject(data.hooks) && Object.keys(data.hooks).length === 0) {
    delete data.hooks;
    splices.push({ kind: 'remove', path: ['hooks'] });
  }
  const after = changes.length ? finish(text, data, edits, splices) : text;
  const remove = record.createdFile && splices.length > 0 && Object.keys(data).length === 0;
  return { after: remove ? null : after, changes, record };
}
