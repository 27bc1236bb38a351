// The spec's provider vectors in three shapes (Claude Code's grouped map; Gemini CLI's flat list,
// in two spellings; Cursor's event map of one object or a list), read as what they mean: one row
// per (event, tool matcher, command, timeout). A list of names in a matcher (`Bash|Write`) is one
// row per name, so a vector that writes two entries and hookd's one alternation compare equal.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FIXTURES } from '../helpers/paths.js';
import type { NativeHook } from '../../src/hif/encode.js';

export const HIF = path.join(FIXTURES, 'hif');

/** A vector file, parsed. */
export const vector = (dir: string, name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(HIF, dir, `${name}.json`), 'utf8'));

export interface Row {
  event: string;
  matcher?: string;
  command: string;
  timeout?: number;
}

type Obj = Record<string, unknown>;

const rowsOf = (event: string, matcher: unknown, command: unknown, timeout: unknown): Row[] => {
  const names =
    typeof matcher === 'string' && matcher !== '' && /^[A-Za-z0-9_|-]+$/.test(matcher)
      ? matcher.split('|')
      : [typeof matcher === 'string' && matcher !== '' ? matcher : undefined];
  return names.map((name) => ({
    event,
    ...(name ? { matcher: name } : {}),
    command: String(command),
    ...(typeof timeout === 'number' ? { timeout } : {}),
  }));
};

/** The rows of a provider vector, in whichever of the spec's shapes it is written. */
export function vectorRows(data: Obj): Row[] {
  const hooks = data.hooks;
  if (Array.isArray(hooks)) {
    // Gemini CLI's vectors: `{trigger, toolMatcher, command, timeoutMs}` or `{hookName, matcher: {toolName}, command, timeout}`.
    return hooks.flatMap((hook: Obj) =>
      rowsOf(
        String(hook.trigger ?? hook.hookName),
        hook.toolMatcher ?? (hook.matcher as Obj | undefined)?.toolName,
        hook.command,
        hook.timeoutMs ?? hook.timeout,
      ),
    );
  }
  return Object.entries(hooks as Obj).flatMap(([event, value]) => {
    const list = Array.isArray(value) ? value : [value];
    return list.flatMap((item: Obj) =>
      Array.isArray(item.hooks)
        ? item.hooks.flatMap((hook: Obj) => rowsOf(event, item.matcher, hook.command, hook.timeout))
        : rowsOf(event, item.matcher, item.command, item.timeout),
    );
  });
}

/** The rows of hookd's encoding. */
export const encodedRows = (hooks: readonly NativeHook[]): Row[] =>
  hooks.flatMap((hook) => rowsOf(hook.event, hook.matcher, hook.command, hook.timeout));

/** Rows in one order, to compare as sets. */
export const sorted = (rows: readonly Row[]): Row[] =>
  [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** The rows as the client's real file writes them: Claude Code's grouped shape (Gemini CLI's too), or Cursor's flat one. */
export function realFile(rows: readonly Row[], flat: boolean): string {
  const hooks: Record<string, unknown[]> = {};
  for (const row of rows) {
    const hook = {
      type: 'command',
      command: row.command,
      ...(row.timeout !== undefined ? { timeout: row.timeout } : {}),
    };
    const entry = flat
      ? { ...hook, ...(row.matcher ? { matcher: row.matcher } : {}) }
      : { ...(row.matcher ? { matcher: row.matcher } : {}), hooks: [hook] };
    (hooks[row.event] ??= []).push(entry);
  }
  return JSON.stringify(flat ? { version: 1, hooks } : { hooks });
}
