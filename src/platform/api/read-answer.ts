// Reading a success answer tolerantly. Servers drift: an optional field comes back null, a number
// as a string, an object gains or loses a field, an enum gains a value. The answer is kept exactly
// as sent (commands show it, `--json` prints it); the endpoint's schema only says where it differs
// from the spec, as warnings grouped by field (`sessions[].createdAt: expected a number, got "…"
// (3 items)`), so one odd field never hides the rest. Nulls in optional fields, unknown fields and
// unlisted enum values are not even warned about: the schemas take them.
import type { z } from 'zod';
import { describeIssue } from '../../common/format-issues.js';
import { excerpt } from './answer-text.js';

/** One way an answer differs from the spec; `key` names the field and the problem, whatever the value, so the pages of a walk say it once. */
export interface Drift {
  key: string;
  text: string;
}

/** A success answer as read: the value as sent (undefined without a JSON body) and what differs from the spec. */
export type ReadBody =
  | { ok: true; value: unknown; warnings: Drift[] }
  /** The body is not JSON: an excerpt of what it is. */
  | { ok: false; excerpt: string };

/** Distinct warnings shown for one answer; the rest are counted. */
const MAX_WARNINGS = 12;

/** `sessions[].sessionSettings.tokenUsage`: the path of an issue, every index written `[]`. */
function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? '[]' : out === '' ? String(key) : `.${String(key)}`;
  return out;
}

function problem(issue: z.core.$ZodIssue): string {
  const missing = issue.code === 'invalid_type' && (!('input' in issue) || issue.input === undefined);
  return missing
    ? `missing (expected ${issue.expected === 'object' ? 'an object' : issue.expected === 'array' ? 'an array' : `a ${issue.expected}`})`
    : describeIssue(issue);
}

/** One line per drifted field, grouped over the items of a list. */
function driftWarnings(issues: readonly z.core.$ZodIssue[], what: string): Drift[] {
  const groups = new Map<string, { line: string; count: number }>();
  for (const issue of issues) {
    const path = fieldPath(issue.path);
    const key = `${path}\u0000${issue.code}\u0000${'expected' in issue ? String(issue.expected) : issue.message}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { line: `${path ? `${path}: ` : ''}${problem(issue)}`, count: 1 });
  }
  const lines = [...groups].map(([key, { line, count }]) => ({
    key: `${what}\u0000${key}`,
    text: `${what}: ${line}${count > 1 ? ` (${count} items of the page)` : ''}; shown as sent`,
  }));
  if (lines.length <= MAX_WARNINGS) return lines;
  const more = {
    key: `${what}\u0000more`,
    text: `${what}: ${lines.length - MAX_WARNINGS} more fields differ from the spec; --json shows the answer as sent`,
  };
  return [...lines.slice(0, MAX_WARNINGS), more];
}

/** Read the body of a 2xx answer against `schema`; `what` names the call in warnings. */
export function readBody(schema: z.ZodType, status: number, body: Buffer, what: string): ReadBody {
  const text = body.toString('utf8');
  // A 204 says it has no content; any other status with none is worth a word.
  if (text.trim() === '')
    return {
      ok: true,
      value: undefined,
      warnings:
        status === 204 ? [] : [{ key: `${what}\u0000empty`, text: `${what}: the answer (HTTP ${status}) has no body` }],
    };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, excerpt: excerpt(body) };
  }
  const checked = schema.safeParse(value, { reportInput: true });
  return { ok: true, value, warnings: checked.success ? [] : driftWarnings(checked.error.issues, what) };
}
