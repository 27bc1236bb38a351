// Adds a member to a JSON text, or takes one out, in place: the part of install's edits that
// jsonc-parser's `modify` cannot do here. Given formatting options, modify re-formats every line its
// edit touches, the neighbour's included (an inline `{ "matcher": "Bash", "hooks": [ … ] }` comes
// out over nine lines); without them it writes compact JSON onto the neighbour's line; and its
// removal of a list's last element is not the inverse of an insertion (`[1, 2]` minus `2` gives
// `[12]` in 3.3.1). So the positions come from jsonc-parser's tree and the text changes through its
// applyEdits, while the new member copies its neighbour's layout (own line at its indentation, or
// inline, spaced as it is), and removal takes out exactly what insertion put in.
import { applyEdits, findNodeAtLocation, parseTree, type Edit, type JSONPath, type Node } from 'jsonc-parser';
import { lineIndent, renderBlock, renderInline, type JsonStyle } from './json-style.js';

const PARSE = { allowTrailingComma: true, disallowComments: false } as const;

/** The object or array at `path` of `text`; throws when there is none. */
function containerAt(text: string, path: JSONPath): Node {
  const root = parseTree(text, [], PARSE);
  const node = root && findNodeAtLocation(root, path);
  if (!node || (node.type !== 'object' && node.type !== 'array'))
    throw new Error(`no object or array at ${JSON.stringify(path)}`);
  return node;
}

const end = (node: Node) => node.offset + node.length;

/** The line break and indentation that put a member on its own line, as before `node`; else the blanks before it. */
function gapBefore(text: string, node: Node): string {
  let start = node.offset;
  while (start > 0 && ' \t\r\n'.includes(text[start - 1]!)) start--;
  const blanks = text.slice(start, node.offset);
  const lineBreak = blanks.lastIndexOf('\n');
  if (lineBreak === -1) return blanks;
  return blanks.slice(lineBreak > 0 && blanks[lineBreak - 1] === '\r' ? lineBreak - 1 : lineBreak);
}

/** The indentation step inside `node` (its first member's indentation beyond the node's line), when that member starts a line. */
function unitInside(text: string, node: Node | undefined): string | undefined {
  const first = node?.children?.[0];
  const gap = first ? gapBefore(text, first) : '';
  if (!node || !gap.includes('\n')) return undefined;
  const outer = lineIndent(text, node.offset);
  const inner = gap.replace(/^\r?\n/, '');
  return inner.startsWith(outer) && inner.length > outer.length ? inner.slice(outer.length) : undefined;
}

/** `"key": ` spaced like the neighbour property's colon. */
function keyPrefix(text: string, key: string | undefined, neighbour: Node | undefined): string {
  if (key === undefined) return '';
  const [name, value] = neighbour?.type === 'property' ? (neighbour.children ?? []) : [];
  const colon = name && value ? text.slice(end(name), value.offset) : ': ';
  return `${JSON.stringify(key)}${/^[ \t]*:[ \t]*$/.test(colon) ? colon : ': '}`;
}

/** The member as the first of an empty container: on its own line when the file is indented, else inline. */
function insertFirst(text: string, node: Node, prefix: string, value: unknown, style: JsonStyle): Edit {
  const open = node.offset + 1;
  const inner = text.slice(open, end(node) - 1);
  const base = lineIndent(text, node.offset);
  const multiline = style.indent !== '' && text.includes('\n');
  const block = `${style.newline}${base}${style.indent}${prefix}${renderBlock(value, style.indent, base + style.indent, style.newline)}`;
  // Blanks inside an empty container are replaced (the install record keeps them for uninstall); comments stay after the new member.
  if (inner.trim() !== '')
    return { offset: open, length: 0, content: multiline ? block : `${prefix}${renderInline(value, true)}` };
  return {
    offset: open,
    length: inner.length,
    content: multiline ? `${block}${style.newline}${base}` : `${prefix}${renderInline(value, style.indent !== '')}`,
  };
}

/** The member after `last`, laid out as `last` is: same gap, same spacing, inline or on its own lines. */
function insertAfter(text: string, node: Node, last: Node, prefix: string, value: unknown, style: JsonStyle): Edit {
  const gap = gapBefore(text, last);
  const lastText = text.slice(last.offset, end(last));
  const lastValue = node.type === 'object' ? last.children?.[1] : last;
  const spaced = /[{[:,] /.test(lastText);
  // One member per line: the new one is inline only when its neighbour is a container written inline.
  const inlineNeighbour = (lastValue?.type === 'object' || lastValue?.type === 'array') && !lastText.includes('\n');
  const rendered = !gap.includes('\n')
    ? renderInline(value, gap !== '' || spaced)
    : inlineNeighbour
      ? renderInline(value, spaced)
      : renderBlock(
          value,
          unitInside(text, lastValue) ?? (style.indent || '  '),
          gap.replace(/^\r?\n/, ''),
          style.newline,
        );
  return { offset: end(last), length: 0, content: `,${gap}${prefix}${rendered}` };
}

function insertInto(text: string, node: Node, key: string | undefined, value: unknown, style: JsonStyle): Edit {
  const last = node.children?.at(-1);
  const prefix = keyPrefix(text, key, last);
  return last ? insertAfter(text, node, last, prefix, value, style) : insertFirst(text, node, prefix, value, style);
}

/** `text` with `value` (under `key` for an object) appended as the last member of the container at `path`. */
export function appendMember(
  text: string,
  path: JSONPath,
  key: string | undefined,
  value: unknown,
  style: JsonStyle,
): string {
  return applyEdits(text, [insertInto(text, containerAt(text, path), key, value, style)]);
}

/** What stands inside the container at `path` when it has no members (blanks, comments), else undefined. */
export function emptyInner(text: string, path: JSONPath): string | undefined {
  const node = containerAt(text, path);
  return node.children?.length ? undefined : text.slice(node.offset + 1, end(node) - 1);
}

/**
 * `text` without the member `path` names (its last element: a key or an index), and its separator.
 * Emptied, a container closes up to `[]` or `{}`, or holds `inner` when given (what was there before).
 */
export function removeMember(text: string, path: JSONPath, inner = ''): string {
  const node = containerAt(text, path.slice(0, -1));
  const members = node.children ?? [];
  const key = path.at(-1);
  const index =
    node.type === 'object' ? members.findIndex((member) => member.children?.[0]?.value === key) : Number(key);
  const member = members[index];
  if (!member) throw new Error(`no ${String(key)} in the JSON text`);
  const previous = members[index - 1];
  const next = members[index + 1];
  let edit: { from: number; to: number };
  // After a neighbour: exactly the `,<gap><member>` that insertInto added.
  if (previous) edit = { from: end(previous), to: end(member) };
  else if (next) edit = { from: member.offset, to: next.offset };
  else {
    const open = node.offset + 1;
    const close = end(node) - 1;
    const rest = text.slice(open, member.offset) + text.slice(end(member), close);
    if (rest.trim() === '') return applyEdits(text, [{ offset: open, length: close - open, content: inner }]);
    edit = { from: open, to: end(member) };
  }
  return applyEdits(text, [{ offset: edit.from, length: edit.to - edit.from, content: '' }]);
}
