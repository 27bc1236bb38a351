// Turns zod issues into messages people can act on: `file: hooks.Stop[0].hooks[1].timeout:
// expected a number, got "ten"`. Every located validation message of hookd is built here.
import type { z } from 'zod';

/** `hooks.Stop[0].hooks[1]` from a path of keys and indexes. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

// How much of a bad value a message shows.
const SHOWN = 40;

/**
 * A bad value as it reads in a message, at most 40 characters. A container is never serialized
 * whole: a payload's field nested thousands of levels deep would overflow the stack (and take the
 * daemon's intake down with it), and a megabyte array would be copied only to be cut.
 */
function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `an array of ${value.length}`;
  if (typeof value === 'object' && value !== null) return Object.keys(value).length === 0 ? '{}' : 'an object';
  const text =
    typeof value === 'string' && value.length > SHOWN
      ? JSON.stringify(value.slice(0, SHOWN))
      : (JSON.stringify(value) ?? String(value));
  return text.length > SHOWN ? `${text.slice(0, SHOWN - 3)}...` : text;
}

/** What is wrong with one value: `expected a number, got "ten"`. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const got = 'input' in issue ? issue.input : undefined;
  switch (issue.code) {
    case 'invalid_type': {
      const expected =
        issue.expected === 'object' || issue.expected === 'record'
          ? 'an object'
          : issue.expected === 'array'
            ? 'an array'
            : `a ${issue.expected}`;
      return `expected ${expected}, got ${show(got)}`;
    }
    case 'invalid_value':
      return `expected ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}, got ${show(got)}`;
    default:
      return got === undefined ? issue.message : `${issue.message}, got ${show(got)}`;
  }
}

/** One line per issue, each prefixed with `prefix` (usually the file name) and the issue's path. */
export function formatIssues(
  issues: readonly z.core.$ZodIssue[],
  prefix: string,
  basePath: readonly PropertyKey[] = [],
): string[] {
  return issues.map((issue) => {
    const where = formatPath([...basePath, ...issue.path]);
    return `${prefix}: ${where ? `${where}: ` : ''}${describeIssue(issue)}`;
  });
}
