// Where each string value of a JSON text stands, by path, so an edit can replace one command in
// place and leave every other byte of the user's file as it was. The text has already been
// accepted by JSON.parse, so this scanner trusts its syntax.

export interface Span {
  start: number;
  end: number;
}

/** A path such as ["hooks", "Stop", 0, "hooks", 1, "command"] as a map key. */
export const pathKey = (path: readonly (string | number)[]): string => JSON.stringify(path);

/** The span (quotes included) of every string value in `text`, keyed by `pathKey`. */
export function stringSpans(text: string): Map<string, Span> {
  const spans = new Map<string, Span>();
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const scanString = (): Span => {
    const start = i++;
    while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return { start, end: i };
  };
  const scanValue = (path: (string | number)[]): void => {
    skipSpace();
    const c = text[i];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      i++;
      skipSpace();
      if (text[i] === close) {
        i++;
        return;
      }
      for (let index = 0; ; index++) {
        skipSpace();
        let key: string | number = index;
        if (c === '{') {
          const span = scanString();
          key = JSON.parse(text.slice(span.start, span.end)) as string;
          skipSpace();
          i++; // the colon
        }
        scanValue([...path, key]);
        skipSpace();
        if (text[i++] === close) return;
      }
    }
    if (c === '"') spans.set(pathKey(path), scanString());
    else while (i < text.length && !',]} \t\n\r'.includes(text[i]!)) i++;
  };
  scanValue([]);
  return spans;
}

/** `text` with each span replaced by its new text; spans must not overlap. */
export function replaceSpans(text: string, edits: readonly { span: Span; text: string }[]): string {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.span.start - a.span.start)) {
    out = out.slice(0, edit.span.start) + edit.text + out.slice(edit.span.end);
  }
  return out;
}
