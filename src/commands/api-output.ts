// Output of the API commands: JSON as the API returned it with --json, aligned tables for people,
// and a 404 that names the command listing what exists.
import { ApiError } from '../api/api-error.js';
import { HookdError } from '../common/errors.js';

/** Print a value as indented JSON. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Unix milliseconds as `2026-01-03 14:05Z`; empty when absent. */
export function showTime(ms: number | string | undefined): string {
  if (ms === undefined) return '';
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? String(ms) : `${date.toISOString().slice(0, 16).replace('T', ' ')}Z`;
}

/** Shorten text to `width` characters with an ellipsis. */
export function clip(text: string | undefined, width = 40): string {
  if (!text) return '';
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
}

/** Print rows as a table under `headers`; `empty` is printed when there are no rows. */
export function printTable(headers: string[], rows: string[][], empty: string): void {
  if (rows.length === 0) {
    process.stdout.write(`${empty}\n`);
    return;
  }
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0))).join('  ').trimEnd();
  process.stdout.write(`${[line(headers), ...rows.map(line)].join('\n')}\n`);
}

/** Key-value lines for one resource. */
export function printFields(fields: [string, string | number | boolean | undefined][]): void {
  const width = Math.max(...fields.map(([name]) => name.length));
  const lines = fields.filter(([, value]) => value !== undefined && value !== '').map(([name, value]) => `${`${name}:`.padEnd(width + 2)}${String(value)}`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** A hint on stderr, so stdout stays data. */
export function hint(text: string): void {
  process.stderr.write(`${text}\n`);
}

/** `call`'s result; a 404 gets `next`, the command that lists what exists, added to its message. */
export async function orNotFound<T>(call: Promise<T>, next: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new HookdError('EAPI', `${error.message}; ${next}`, { cause: error });
    throw error;
  }
}
