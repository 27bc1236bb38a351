// What install and uninstall do to a settings file, as pure functions of its text. Wrapping and
// unwrapping replace only the command strings, so every other byte of the file stays as it was;
// adding or removing an example hook rewrites the file in its own indentation and key order.
import { classifyCommand } from '../settings/classify-command.js';
import { formatPath } from '../common/format-issues.js';
import { findHookMap, hooksOf, isObject, type Json, type JsonObject } from './hook-map.js';
import { detectStyle, renderJson } from './json-style.js';
import { pathKey, replaceSpans, stringSpans, type Span } from './json-spans.js';
import { emptyRecord, type FileRecord } from './manifest.js';
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

function finish(text: string, data: JsonObject, structural: boolean, edits: { span: Span; text: string }[]): string {
  return structural ? renderJson(data, detectStyle(text)) : replaceSpans(text, edits);
}

/** Wrap the plain entries of `events` and add the example hooks of `adds`. */
export function planInstall(text: string, exists: boolean, events: readonly string[], adds: readonly AddRequest[]): Plan {
  const data = parse(text);
  const ref = findHookMap(data);
  const spans = stringSpans(text);
  const record = emptyRecord();
  const changes: string[] = [];
  const edits: { span: Span; text: string }[] = [];
  for (const event of events) {
    for (const { hook, path } of hooksOf(ref, event)) {
      if (classifyCommand(hook.command).kind === 'bridge') continue;
      const span = spans.get(pathKey([...path, 'command']))!;
      const wrapped = wrapCommand(hook.command);
      record.wraps.push({ event, original: hook.command, originalLiteral: text.slice(span.start, span.end), wrapped });
      changes.push(`wrap ${formatPath(path)}: ${hook.command}`);
      edits.push({ span, text: JSON.stringify(wrapped) });
      hook.command = wrapped;
    }
  }
  let structural = false;
  for (const add of adds) {
    const bridge = wrapCommand(add.command);
    for (const event of add.events) {
      if (hooksOf(ref, event).some(({ hook }) => hook.command === bridge)) continue;
      if (!ref.map) {
        ref.map = data.hooks = {};
        record.createdHooksKey = true;
      }
      if (!Array.isArray(ref.map[event])) {
        ref.map[event] = [];
        record.createdEvents.push(event);
      }
      const groups = ref.map[event] as Json[];
      groups.push({ hooks: [{ type: 'command', command: bridge, timeout: add.timeout }] });
      record.adds.push({ event, example: add.example, command: bridge });
      changes.push(`add ${formatPath([...ref.base, event, groups.length - 1])}: the ${add.example} example (${add.command})`);
      structural = true;
    }
  }
  record.createdFile = !exists && structural;
  return { after: changes.length ? finish(text, data, structural, edits) : text, changes, record };
}

/** Undo what `record` says install did: restore wrapped commands, remove added hooks. */
export function planUninstall(text: string, record: FileRecord): Plan {
  const data = parse(text);
  const ref = findHookMap(data);
  const spans = stringSpans(text);
  const changes: string[] = [];
  const edits: { span: Span; text: string }[] = [];
  for (const wrap of record.wraps) {
    for (const { hook, path } of hooksOf(ref, wrap.event)) {
      if (hook.command !== wrap.wrapped) continue;
      const literalHolds = (() => {
        try {
          return JSON.parse(wrap.originalLiteral) === wrap.original;
        } catch {
          return false;
        }
      })();
      edits.push({ span: spans.get(pathKey([...path, 'command']))!, text: literalHolds ? wrap.originalLiteral : JSON.stringify(wrap.original) });
      changes.push(`restore ${formatPath(path)}: ${wrap.original}`);
      hook.command = wrap.original;
    }
  }
  let structural = false;
  const map = ref.map;
  for (const event of map ? Object.keys(map) : []) {
    const groups = map![event];
    if (!Array.isArray(groups)) continue;
    const added = new Set(record.adds.filter((add) => add.event === event).map((add) => add.command));
    for (let groupIndex = groups.length - 1; groupIndex >= 0; groupIndex--) {
      const group = groups[groupIndex];
      if (!isObject(group) || !Array.isArray(group.hooks)) continue;
      const kept = group.hooks.filter((hook) => !(isObject(hook) && typeof hook.command === 'string' && added.has(hook.command)));
      if (kept.length === group.hooks.length) continue;
      changes.push(`remove ${group.hooks.length - kept.length} added hook(s) from ${formatPath([...ref.base, event, groupIndex])}`);
      structural = true;
      group.hooks = kept;
      if (kept.length === 0 && Object.keys(group).every((key) => key === 'hooks')) groups.splice(groupIndex, 1);
    }
    if (groups.length === 0 && record.createdEvents.includes(event)) delete map![event];
  }
  if (record.createdHooksKey && isObject(data.hooks) && Object.keys(data.hooks).length === 0) delete data.hooks;
  const after = changes.length ? finish(text, data, structural, edits) : text;
  const remove = record.createdFile && structural && Object.keys(data).length === 0;
  return { after: remove ? null : after, changes, record };
}
