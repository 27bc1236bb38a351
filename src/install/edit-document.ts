// A settings text as install and uninstall edit it: its byte-order mark set aside, its data, and
// the one step that turns planned edits into the new text. Command literals are replaced through
// jsonc-parser's modify + applyEdits; members are spliced in and out by splice-json.ts; the result
// must parse to the data the plan intends. When it does not (a duplicated key can send a path to
// the wrong twin), the file is rendered whole in its own style, unless it has comments, which a
// rendering would lose: then nothing is written.
import { isDeepStrictEqual } from 'node:util';
import { applyEdits, modify, type Edit, type JSONPath } from 'jsonc-parser';
import { HookdError } from '../common/errors.js';
import { isObject, type Json, type JsonObject } from '../settings/hook-map.js';
import { parseJsonText } from '../settings/parse-json-text.js';
import { detectStyle, renderJson } from './json-style.js';
import { appendMember, removeMember } from './splice-json.js';

/** A settings text read for an edit. */
export interface Document {
  /** The text without its byte-order mark (all offsets are in it), and the mark ('' when none). */
  body: string;
  bom: string;
  /** The data; `{}` when the text holds no value yet (`hasValue` false). */
  data: JsonObject;
  hasValue: boolean;
  comments: boolean;
  /** Names the file in errors. */
  name: string;
}

/** A structural edit; `value` is read when the edit is applied, so it holds the final content. */
export type Splice =
  { kind: 'append'; path: JSONPath; key?: string; value: Json } | { kind: 'remove'; path: JSONPath; inner?: string };

/** Read `text` for an edit. The caller has validated it; a text that is not an object is refused all the same. */
export function readDocument(text: string, name = 'the settings file'): Document {
  const parsed = parseJsonText(text, name);
  if (!parsed.ok) throw new HookdError('ESETTINGS', `${parsed.error}; nothing was changed`);
  const bom = parsed.bom ? '\uFEFF' : '';
  const base = { body: text.slice(bom.length), bom, comments: parsed.comments, name };
  if (parsed.data === undefined) return { ...base, data: {}, hasValue: false };
  if (!isObject(parsed.data as Json))
    throw new HookdError('ESETTINGS', `${name}: expected a JSON object at the top level; nothing was changed`);
  return { ...base, data: parsed.data as JsonObject, hasValue: true };
}

/** The edit that sets the string at `path` to `content` (a JSON literal), or undefined when `path` is not a string there. */
export function replaceString(
  doc: Document,
  path: JSONPath,
  value: string,
  content = JSON.stringify(value),
): { edit: Edit; literal: string } | undefined {
  // modify finds the literal; with no formatting options its one edit replaces exactly that literal.
  let edits: Edit[];
  try {
    edits = modify(doc.body, path, value, {});
  } catch {
    return undefined; // The path runs through something that is not a container: the checked result says so.
  }
  const edit = edits[0];
  if (edits.length !== 1 || !edit || doc.body[edit.offset] !== '"' || edit.length < 2) return undefined;
  return { edit: { ...edit, content }, literal: doc.body.slice(edit.offset, edit.offset + edit.length) };
}

function spliced(doc: Document, edits: readonly Edit[], splices: readonly Splice[]): string | undefined {
  const style = detectStyle(doc.body);
  try {
    let out = applyEdits(doc.body, [...edits]);
    for (const splice of splices)
      out =
        splice.kind === 'append'
          ? appendMember(out, splice.path, splice.key, splice.value, style)
          : removeMember(out, splice.path, splice.inner);
    const check = parseJsonText(out, doc.name);
    return check.ok && isDeepStrictEqual(check.data, doc.data) ? doc.bom + out : undefined;
  } catch {
    return undefined;
  }
}

/** The new text: `doc` with `edits` and `splices` applied, meant to hold `doc.data` (already changed by the plan). */
export function finishEdit(doc: Document, edits: readonly Edit[], splices: readonly Splice[]): string {
  if (!doc.hasValue) {
    // No value yet: the rendered object goes after whatever is there (a byte-order mark, comments).
    const rendered = renderJson(doc.data, detectStyle(doc.body, false));
    if (!doc.comments) return doc.bom + rendered;
    return doc.bom + doc.body + (/\n$/.test(doc.body) ? '' : detectStyle(doc.body, false).newline) + rendered;
  }
  const out = spliced(doc, edits, splices);
  if (out !== undefined) return out;
  if (doc.comments) {
    throw new HookdError(
      'EEDIT',
      `${doc.name}: cannot be edited in place (is a key written twice?), and writing it anew would lose its comments; nothing was changed. Make each key appear once, or edit the file by hand`,
    );
  }
  return doc.bom + renderJson(doc.data, detectStyle(doc.body));
}
