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

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const got = 'input' in issue ? issue.input : undefined;
  switch (issue.code) {
    case 'invalid_type': {
      const expected = issue.expected === 'object' || issue.expected === 'record' ? 'an object' : issue.expected === 'array' ? 'an array' : `a ${issue.expected}`;
      return `expected ${expected}, got ${show(got)}`;
    }
    case 'invalid_value':
      return `expected ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}, got ${show(got)}`;
    default:
      return got === undefined ? issue.message : `${issue.message}, got ${show(got)}`;
  }
}

/** One line per issue, each prefixed with `prefix` (usually the file name) and the issue's path. */
export function formatIssues(issues: readonly z.core.$ZodIssue[], prefix: string, basePath: readonly PropertyKey[] = []): string[] {
  return issues.map((issue) => {
    const where = formatPath([...basePath, ...issue.path]);
    return `${prefix}: ${where ? `${where}: ` : ''}${describeIssue(issue)}`;
  });
}
