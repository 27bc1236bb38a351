// Output of the API commands. `--json` prints the answer as the server sent it; tables and fields
// are for people, and read every value of an answer as `unknown`: a field that drifted to another
// type, or null, is shown as sent (a reader's warning on stderr says where), never a crash, and no
// string of an answer reaches the terminal with its control characters. Tables stream: each page
// of a walk is printed as it arrives. Hints and warnings go to stderr, so stdout stays data.
import stringWidth from 'string-width';
import { ApiError } from '../api/api-error.js';
import { cleanLine } from '../../common/terminal/clean-text.js';
import { columns } from '../../common/terminal/columns.js';
import { safeLine } from '../api/answer-text.js';
import { HookdError } from '../../common/errors.js';

/** Print a value hookd built (a merged result, a walk's items) as indented JSON. */
export function printJson(value: unknown): void {
  let text: string;
  try {
    text = JSON.stringify(value, null, 2);
  } catch (error) {
    // JSON.parse reads any depth; JSON.stringify recurses and runs out of stack.
    throw new HookdError(
      'EAPI_RESPONSE',
      `the answer cannot be printed as one JSON document (${(error as Error).message}); hookd api prints each answer as sent`,
      { cause: error },
    );
  }
  process.stdout.write(`${text}\n`);
}

/**
 * Print a JSON answer exactly as the server sent it (indented on a terminal, when it can be). An
 * answer without a JSON value (a 204, or a body that is not JSON: the reader warned) prints nothing.
 */
export function printAnswer({ body, value }: { body: Buffer; value: unknown }): void {
  if (value === undefined) return;
  if (process.stdout.isTTY) {
    try {
      return void process.stdout.write(`${JSON.stringify(JSON.parse(body.toString('utf8')), null, 2)}\n`);
    } catch {
      // Not JSON, or nested too deep to indent: as sent.
    }
  }
  process.stdout.write(body);
  if (body.length > 0 && body[body.length - 1] !== 0x0a) process.stdout.write('\n');
}

/** `value[a][b]…`, or undefined wherever the answer has no such object. */
export function field(value: unknown, ...path: (string | number)[]): unknown {
  let at = value;
  for (const key of path)
    at = typeof at === 'object' && at !== null ? (at as Record<string | number, unknown>)[key] : undefined;
  return at;
}

/** A list of the answer, or none when it is missing or not a list. */
export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Any value of an answer as one safe line: strings as sent, numbers and booleans as text, containers as clipped JSON. */
export function cell(value: unknown, width = 200): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return safeLine(value, width);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    json = Array.isArray(value) ? `[${value.length} items]` : '{…}';
  }
  return safeLine(json ?? '', width);
}

/** Unix milliseconds or an ISO 8601 date-time as `2026-01-03 14:05Z`; anything else as sent. */
export function showTime(value: unknown): string {
  const iso = typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value);
  if (!iso && (typeof value !== 'number' || !Number.isFinite(value))) return cell(value);
  const date = new Date(value as string | number);
  return Number.isNaN(date.getTime()) ? cell(value) : `${date.toISOString().slice(0, 16).replace('T', ' ')}Z`;
}

/**
 * A table printed a page at a time, in the CLI's one column layout (src/common/terminal/columns.ts):
 * the header with the first rows, and each column as wide as the widest cell printed so far, so
 * later pages line up with earlier ones unless a cell needs more.
 */
export class TableStream {
  private readonly widths: number[] = [];
  private rows = 0;

  constructor(
    private readonly headers: string[],
    private readonly empty: string,
  ) {}

  /** Print `rows` now. */
  add(rows: string[][]): void {
    if (rows.length === 0) return;
    const lines = this.rows === 0 ? [this.headers, ...rows] : rows;
    for (const row of lines)
      row.forEach(
        (text, column) => (this.widths[column] = Math.max(this.widths[column] ?? 0, stringWidth(cleanLine(text)))),
      );
    this.rows += rows.length;
    // An empty last cell would leave the padding of the one before it.
    process.stdout.write(
      `${columns(lines, { minWidths: this.widths })
        .map((line) => line.trimEnd())
        .join('\n')}\n`,
    );
  }

  /** End the table: `empty` when no row was printed. */
  end(): void {
    if (this.rows === 0) process.stdout.write(`${this.empty}\n`);
  }
}

/** Print rows as a table under `headers`; `empty` is printed when there are no rows. */
export function printTable(headers: string[], rows: string[][], empty: string): void {
  const table = new TableStream(headers, empty);
  table.add(rows);
  table.end();
}

/** Key-value lines for one resource; empty values are left out. */
export function printFields(fields: [string, unknown][]): void {
  const shown = fields.map(([name, value]) => [name, cell(value)] as const).filter(([, text]) => text !== '');
  const width = Math.max(0, ...shown.map(([name]) => name.length));
  if (shown.length > 0)
    process.stdout.write(`${shown.map(([name, text]) => `${`${name}:`.padEnd(width + 2)}${text}`).join('\n')}\n`);
}

/** A hint on stderr, so stdout stays data. */
export function hint(text: string): void {
  process.stderr.write(`${text}\n`);
}

/** Warnings on stderr, each said once per command (a walk's pages repeat the same drift: the same `key`). */
export function warnOnce(): (text: string, key?: string) => void {
  const said = new Set<string>();
  return (text, key = text) => {
    if (said.has(key)) return;
    said.add(key);
    // A warning quotes the server: the keys of its maps, the values it sent.
    process.stderr.write(`hookd: warning: ${safeLine(text, 1000)}\n`);
  };
}

/**
 * A value from the server (a cursor, a report id) as one word to paste into a shell: as it is when
 * it is plainly safe, else single-quoted, and never with a control character.
 */
export function shellWord(value: string): string {
  const clean = safeLine(value, 1000);
  return /^[\w.~:@%+=,/-]+$/.test(clean) ? clean : `'${clean.replace(/'/g, "'\\''")}'`;
}

/** `call`'s result; a 404 gets `next`, the command that lists what exists, added to its message. */
export async function orNotFound<T>(call: Promise<T>, next: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    // A doubled /api/v0 is the cause of that 404, and its message says so already.
    if (error instanceof ApiError && error.status === 404 && !error.prefixDoubled)
      throw error.retold(`${error.message}; ${next}`);
    throw error;
  }
}
