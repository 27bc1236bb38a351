// The layout of a JSON file, so what hookd writes looks like the user's: its indentation unit (tabs
// or spaces, how many), its line ends (CRLF kept) and whether it ends with a newline. Rendering a
// value is JSON.stringify with that unit; what JSON.stringify cannot do is added here: CRLF, a base
// indentation for a value spliced in mid-file, and one-line `{ "a": 1 }` spacing.

/** How a JSON text is laid out. */
export interface JsonStyle {
  /** The indentation unit, or '' for a file written on one line. */
  indent: string;
  newline: '\n' | '\r\n';
  finalNewline: boolean;
}

/** The style of `text`; a file with no JSON value yet gets two spaces and a final newline (and keeps its line ends). */
export function detectStyle(text: string, hasValue = text.trim() !== ''): JsonStyle {
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  if (!hasValue) return { indent: '  ', newline, finalNewline: true };
  // The first indented line that is not inside a comment (` * …`, `// …`) is at depth one: its indentation is the unit.
  const match = /\n([ \t]+)(?![\s*]|\/\/)/.exec(text);
  const indent = match ? match[1]! : text.trim().includes('\n') ? '  ' : '';
  return { indent, newline, finalNewline: /\n\s*$/.test(text) };
}

/** `data` as a whole JSON text in `style`. */
export function renderJson(data: unknown, style: JsonStyle): string {
  const text = renderBlock(data, style.indent, '', style.newline);
  return style.finalNewline ? text + style.newline : text;
}

/** `value` as JSON over several lines, indented by `unit`, its lines after the first starting at `indent`. */
export function renderBlock(value: unknown, unit: string, indent: string, newline: string): string {
  // JSON.stringify puts line breaks only between tokens (a string value never holds a raw one).
  return JSON.stringify(value, null, unit).replace(/\n/g, `${newline}${indent}`);
}

/** `value` on one line, spaced like `{ "a": [ 1 ] }` when `spaced`, else compact. */
export function renderInline(value: unknown, spaced: boolean): string {
  return spaced ? JSON.stringify(value, null, 1).replace(/\n\s*/g, ' ') : JSON.stringify(value);
}

/** The indentation of the line holding `position`. */
export function lineIndent(text: string, position: number): string {
  const lineStart = text.lastIndexOf('\n', position - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}
