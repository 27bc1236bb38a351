// The bytes of one top-level field's value of a JSON object, as the hook wrote them. A canonical
// hook's `updated_input` reaches the client as those bytes, not re-serialized: the C bridge
// (native/event-name.c, json_field) hands on the same span, so the two bridges write the same answer
// whatever the hook's spacing or escapes. Only called on text JSON.parse has read as an object.

const SPACE = /\s/;

/** The index just past the JSON string that opens at `at`. */
function afterString(text: string, at: number): number {
  let i = at + 1;
  while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** The index just past the JSON value that starts at `at`. */
function afterValue(text: string, at: number): number {
  if (text[at] === '"') return afterString(text, at);
  if (text[at] !== '{' && text[at] !== '[') {
    let i = at;
    while (i < text.length && !/[\s,\]}]/.test(text[i]!)) i++;
    return i;
  }
  let depth = 0;
  for (let i = at; i < text.length;) {
    const c = text[i]!;
    if (c === '"') i = afterString(text, i);
    else {
      if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') depth--;
      i++;
      if (depth === 0) return i;
    }
  }
  return text.length;
}

const skipSpace = (text: string, at: number) => {
  let i = at;
  while (i < text.length && SPACE.test(text[i]!)) i++;
  return i;
};

/** The raw text of the last top-level `key` of the JSON object `text` (the one JSON.parse keeps), if it has one. */
export function rawTopLevelField(text: string, key: string): string | undefined {
  let found: string | undefined;
  let i = skipSpace(text, text.indexOf('{') + 1);
  while (i < text.length && text[i] === '"') {
    const keyEnd = afterString(text, i);
    const name = JSON.parse(text.slice(i, keyEnd)) as string;
    const start = skipSpace(text, skipSpace(text, keyEnd) + 1);
    const end = afterValue(text, start);
    if (name === key) found = text.slice(start, end);
    i = skipSpace(text, end);
    if (text[i] === ',') i = skipSpace(text, i + 1);
  }
  return found;
}
