// Structural edits of a JSON text in place: append a member to an object or array, remove one.
// The rest of the text keeps its bytes; the new part copies the layout of its neighbours (one per
// line at their indentation, or inline as they are). The text has already been accepted by
// JSON.parse, so the scanner trusts its syntax.
import { nodeAt } from './json-spans.js';

/** The indentation of the line holding `position`. */
function lineIndent(text: string, position: number): string {
  const lineStart = text.lastIndexOf('\n', position - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

/** `value` as JSON, indented by `unit` with its lines after the first starting at `indent`. */
function renderBlock(value: unknown, unit: string, indent: string): string {
  return JSON.stringify(value, null, unit || '  ').replace(/\n/g, `\n${indent}`);
}

/** `value` on one line, spaced like `{ "a": [ 1 ] }` when `spaced`, else compact. */
function renderInline(value: unknown, spaced: boolean): string {
  // JSON.stringify puts line breaks only between tokens (a string value never holds a raw one).
  return spaced ? JSON.stringify(value, null, 1).replace(/\n\s*/g, ' ') : JSON.stringify(value);
}

/** Append `value` (under `key` for an object) as the last member of the container at `path`. */
export function appendMember(text: string, path: readonly (string | number)[], key: string | undefined, value: unknown, unit: string): string {
  const node = nodeAt(text, path);
  const prefix = key === undefined ? '' : `${JSON.stringify(key)}: `;
  const last = node.members.at(-1);
  if (!last) {
    const inner = text.slice(node.start + 1, node.end - 1);
    const multiline = unit !== '' && (inner.includes('\n') || text.includes('\n'));
    const base = lineIndent(text, node.start);
    const piece = multiline ? `\n${base}${unit}${prefix}${renderBlock(value, unit, base + unit)}\n${base}` : `${prefix}${renderInline(value, unit !== '')}`;
    return text.slice(0, node.start + 1) + piece + text.slice(node.end - 1);
  }
  let gapStart = last.start;
  while (gapStart > 0 && ' \t\n\r'.includes(text[gapStart - 1]!)) gapStart--;
  const gap = text.slice(gapStart, last.start);
  const lastText = text.slice(last.start, last.value.end);
  const spaced = /[{[:,] /.test(lastText);
  // One member per line: the new one is inline only when its neighbour is a container written inline.
  const inlineNeighbour = /^[{[]/.test(text.slice(last.value.start, last.value.end)) && !lastText.includes('\n');
  const piece = gap.includes('\n')
    ? `,${gap}${prefix}${inlineNeighbour ? renderInline(value, spaced) : renderBlock(value, unit, lineIndent(text, last.start))}`
    : `,${gap}${prefix}${renderInline(value, gap !== '' || spaced)}`;
  return text.slice(0, last.value.end) + piece + text.slice(last.value.end);
}

/** Remove the member `path` names (its last element: a key or an index) with its separator. */
export function removeMember(text: string, path: readonly (string | number)[]): string {
  const node = nodeAt(text, path.slice(0, -1));
  const index = node.members.findIndex((m) => m.key === path.at(-1));
  const member = node.members[index];
  if (!member) throw new Error(`no ${String(path.at(-1))} in the JSON text`);
  if (node.members.length === 1) return text.slice(0, node.start + 1) + text.slice(node.end - 1);
  if (index === node.members.length - 1) return text.slice(0, node.members[index - 1]!.value.end) + text.slice(member.value.end);
  return text.slice(0, member.start) + text.slice(node.members[index + 1]!.start);
}
