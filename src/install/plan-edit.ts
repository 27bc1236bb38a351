// What install and uninstall do to a settings file, as pure functions of its text. Every edit is
// made in place (edit-document.ts): wrapping and unwrapping replace only command string literals,
// adding and removing a hook splices its text in or out, so comments, trailing commas, a
// byte-order mark, CRLF line ends and every other byte of the user's file stay as they were.
// Where hooks stand in the file (grouped or Cursor's flat layout) is settings/hook-map.ts's to say;
// which hooks to add or take out, splice-hooks.ts's.
import type { Edit } from 'jsonc-parser';
import { classifyCommand } from '../settings/classify-command.js';
import { formatPath } from '../common/format-issues.js';
import { eventsOf, findHookMap, hooksOf, type Json, type JsonObject } from '../settings/hook-map.js';
import type { HookLayout } from '../clients/profile.js';
import { finishEdit, readDocument, replaceString } from './edit-document.js';
import { emptyRecord, type FileRecord, type WrapRecord } from './manifest.js';
import { wrapCommand } from './quote-command.js';
import { addHooks, removeAddedHooks, type NewHookShape } from './splice-hooks.js';

/** An edit of one settings file, planned and not yet written. */
export interface Plan {
  /** The new text, or null when the file is to be deleted (uninstall of a file install created). */
  after: string | null;
  /** What changed, one line each, for people. */
  changes: string[];
  /** What this run did, for the install record. */
  record: FileRecord;
}

/** One example hook to add: the command the daemon runs (the bridge wraps it), on `events`. */
export interface AddRequest {
  example: string;
  /** A manifest hook's `name`, kept in the record for export. */
  name?: string;
  command: string;
  /** In the client's unit (seconds; milliseconds for Gemini CLI); absent: the client's default. */
  timeout: number | undefined;
  events: readonly string[];
  /** A hook from a HIF manifest (install/manifest-adds.ts): the whole entry to write, its group's matcher, the keys the entry carries besides. */
  entry?: { bridge: string; matcher?: string; extra?: Readonly<Record<string, Json>> };
}

/** What the caller knows of the file and the bridge. */
export interface PlanOptions {
  /** The layout of the client's file, when known; otherwise hook-map.ts tells it from the file. */
  layout?: HookLayout;
  /** Options of the bridge written before `--` (e.g. `--state-dir DIR` when the state is not in its default place). */
  emitOptions?: readonly string[];
  /** Names the file in errors. */
  file?: string;
  /**
   * The command install writes for one hook of `event` at `at` (a bridge entry), or undefined to
   * leave it (route-hooks.ts decides). By default a plain command goes behind hookd emit.
   */
  wrap?: (event: string, hook: JsonObject, at: string, key: string) => string | undefined;
  /** The keys of `hook` to wrap, its command first (install on Windows: the ones the client runs there); by default its command and VS Code's `linux`. */
  keysToWrap?: (hook: JsonObject) => string[];
  /** The key `hook` holds its command under (`command`; Copilot CLI's `bash`, or `command` in VS Code's shape). */
  commandKey?: (hook: JsonObject) => string;
  /** How a new hook is written for the client: its keys (Copilot CLI's `bash`, `timeoutSec`) and the events whose entries name them. */
  shape?: NewHookShape;
}

/** VS Code's Linux override of an entry's command. */
const LINUX = 'linux';

/** The asynchronous bridge's entry for a plain command, else undefined. */
function emitWrap(command: unknown, emitOptions: readonly string[] | undefined): string | undefined {
  return typeof command === 'string' && classifyCommand(command).kind === 'plain'
    ? wrapCommand(command, emitOptions)
    : undefined;
}

/** How a change reads: behind which bridge a hook now runs. */
function changeLine(at: string, before: string, after: string): string {
  const [from, to] = [classifyCommand(before), classifyCommand(after)];
  if (from.kind !== 'plain' && from.kind === to.kind && to.fallback)
    return `upgrade ${at}: runs ${JSON.stringify(to.inner)} itself where the client finds no hookd (was: ${before})`;
  if (to.kind === 'sync') return `wrap ${at} in line (hookd sync): ${before}`;
  if (from.kind === 'sync' && to.kind === 'bridge') return `move ${at} behind hookd emit, as asked: ${to.inner}`;
  return `wrap ${at}: ${before}`;
}

/** Wrap the hooks of `events` (every event of the file when undefined) and add the example hooks of `adds`. */
export function planInstall(
  text: string,
  exists: boolean,
  events: readonly string[] | undefined,
  adds: readonly AddRequest[],
  options: PlanOptions = {},
): Plan {
  const doc = readDocument(text, options.file);
  const ref = findHookMap(doc.data, options.layout);
  const record = emptyRecord();
  const changes: string[] = [];
  const edits: Edit[] = [];
  const keyOf = options.commandKey ?? (() => 'command');
  const wrap = options.wrap ?? ((_event: string, hook: JsonObject) => emitWrap(hook[keyOf(hook)], options.emitOptions));
  for (const event of events ?? eventsOf(ref)) {
    for (const { hook, path } of hooksOf(ref, event)) {
      const key = keyOf(hook);
      // VS Code's agent hooks, which read these files too, run an entry's `linux` in place of its command on Linux: both go through hookd.
      const keys = options.keysToWrap?.(hook) ?? [
        key,
        ...(key === 'command' && typeof hook.linux === 'string' ? [LINUX] : []),
      ];
      for (const written of keys) {
        const current = hook[written];
        const wrapped =
          typeof current === 'string' ? wrap(event, { ...hook, [key]: current }, formatPath(path), written) : undefined;
        if (typeof current !== 'string' || wrapped === undefined || wrapped === current) continue;
        const found = replaceString(doc, [...path, written], wrapped);
        record.wraps.push({
          event,
          original: current,
          originalLiteral: found?.literal ?? JSON.stringify(current),
          wrapped,
          ...(written !== 'command' && { key: written }),
        });
        changes.push(changeLine(formatPath([...path, ...(written !== key ? [written] : [])]), current, wrapped));
        if (found) edits.push(found.edit);
        hook[written] = wrapped;
      }
    }
  }
  const splices = addHooks(doc, ref, adds, options.emitOptions ?? [], record, changes, options.shape);
  record.createdFile = !exists && record.adds.length > 0;
  if (exists && !doc.hasValue && record.adds.length > 0) record.textBefore = text;
  return { after: changes.length ? finishEdit(doc, edits, splices) : text, changes, record };
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

/**
 * The wrap that first moved the command `wrap` restores: a hook install put behind hookd sync and
 * later, by --async, behind hookd emit is recorded twice, and goes back to what the user wrote.
 */
function firstOf(wrap: WrapRecord, wraps: readonly WrapRecord[]): WrapRecord {
  let first = wrap;
  for (let step = 0; step < wraps.length; step++) {
    const before = wraps.find(
      (other) =>
        other !== first &&
        other.event === first.event &&
        other.wrapped === first.original &&
        (other.key ?? 'command') === (first.key ?? 'command'),
    );
    if (!before) break;
    first = before;
  }
  return first;
}

/** Undo what `record` says install did: restore wrapped commands, remove added hooks. */
export function planUninstall(text: string, record: FileRecord, options: PlanOptions = {}): Plan {
  const doc = readDocument(text, options.file);
  const ref = findHookMap(doc.data, options.layout);
  const changes: string[] = [];
  const edits: Edit[] = [];
  for (const wrap of record.wraps) {
    const key = wrap.key ?? 'command';
    const first = firstOf(wrap, record.wraps);
    for (const { hook, path } of hooksOf(ref, wrap.event)) {
      if (hook[key] !== wrap.wrapped) continue;
      const found = replaceString(doc, [...path, key], first.original, literalOf(first));
      if (found) edits.push(found.edit);
      changes.push(`restore ${formatPath(path)}: ${first.original}`);
      hook[key] = first.original;
    }
  }
  const splices = removeAddedHooks(doc, ref, record, changes);
  if (changes.length === 0) return { after: text, changes, record };
  // Emptied: nothing left but the `"version": 1` install wrote into a flat file it made (splice-hooks.ts).
  const left = Object.keys(doc.data).filter(
    (key) => !(key === 'version' && record.createdFile && doc.data.version === 1),
  );
  const emptied = left.length === 0 && splices.length > 0;
  if (emptied && record.createdFile) return { after: null, changes, record };
  // Install found no value in the file and put one there: what it found comes back.
  if (emptied && record.textBefore !== undefined) return { after: record.textBefore, changes, record };
  return { after: finishEdit(doc, edits, splices), changes, record };
}
