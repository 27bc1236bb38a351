// Where each value of a JSON text stands, so an edit can replace one command in place, or splice a
// member in or out, and leave every other byte of the user's file as it was. The text has already
// been accepted by JSON.parse, so this scanner trusts its syntax.

export interface Span {
  start: number;
  end: number;
}

/** A value's span and, for an object or array, its members: where each starts (its key, for an object). */
export interface JsonNode extends Span {
  members: { key: string | number; start: number; value: JsonNode }[];
}

/** The tree of spans of `text`. */
export function parseTree(text: string): JsonNode {
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const scanString = () => {
    const start = i++;
    while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (): JsonNode => {
    skipSpace();
    const start = i;
    const c = text[i];
    const members: JsonNode['members'] = [];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      i++;
      skipSpace();
      if (text[i] !== close) {
        for (let index = 0; ; index++) {
          skipSpace();
          const memberStart = i;
          let key: string | number = index;
          if (c === '{') {
            key = scanString();
            skipSpace();
            i++; // the colon
          }
          members.push({ key, start: memberStart, value: value() });
          skipSpace();
          if (text[i] === close) break;
          i++; // the comma
        }
      }
      i++;
    } else if (c === '"') scanString();
    else while (i < text.length && !',]} \t\n\r'.includes(text[i]!)) i++;
    return { start, end: i, members };
  };
  return value();
}

/** The node at `path` in the tree of `text`; throws when it is not there. */
export function nodeAt(text: string, path: readonly (string | number)[]): JsonNode {
  let node = parseTree(text);
  for (const key of path) {
    const member = node.members.find((m) => m.key === key);
    if (!member) throw new Error(`no ${String(key)} in the JSON text`);
    node = member.value;
  }
  return node;
}

/** The span of the value at `path` (a string literal includes its quotes). */
export const spanAt = (text: string, path: readonly (string | number)[]): Span => {
  const { start, end } = nodeAt(text, path);
  return { start, end };
};

/** `text` with each span replaced by its new text; spans must not overlap. */
export function replaceSpans(text: string, edits: readonly { span: Span; text: string }[]): string {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.span.start - a.span.start)) {
    out = out.slice(0, edit.span.start) + edit.text + out.slice(edit.span.end);
  }
  return out;
}
