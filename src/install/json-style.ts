// The layout of a JSON file, so a rewritten file looks like the user's: its indentation unit,
// its line endings and whether it ends with a newline. Key order is kept by the parsed object
// itself (JavaScript keeps insertion order, except for keys that look like array indexes).

export interface JsonStyle {
  /** The indentation unit, or '' for a file written on one line. */
  indent: string;
  newline: '\n' | '\r\n';
  finalNewline: boolean;
}

/** The style of `text`; a new or empty file gets two spaces and a final newline. */
export function detectStyle(text: string): JsonStyle {
  if (text.trim() === '') return { indent: '  ', newline: '\n', finalNewline: true };
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  // The first indented line after the opening brace is at depth one: its indentation is the unit.
  const match = /\n([ \t]+)\S/.exec(text);
  const indent = match ? match[1]! : text.trim().includes('\n') ? '  ' : '';
  return { indent, newline, finalNewline: /\n\s*$/.test(text) };
}

/** `data` as JSON text in `style`. */
export function renderJson(data: unknown, style: JsonStyle): string {
  let text = JSON.stringify(data, null, style.indent);
  if (style.newline === '\r\n') text = text.replace(/\n/g, '\r\n');
  return style.finalNewline ? text + style.newline : text;
}
