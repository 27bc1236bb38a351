// A warm handler's answer line, read as the bridges read a canonical hook's stdout: one JSON object
// in the canonical form is the hook's answer; anything else sends the bridge to the cold run.
import { readCanonicalAnswer } from '../hif/read-canonical-answer.js';

/** What the bridge gets: the handler's answer line, or why the hook must run cold. */
export type WarmResult = { ok: true; answer: string } | { ok: false; why: string };

/** An answer line, checked: a canonical answer the bridges read as the hook's own, else why not. */
export function readAnswer(line: Buffer): WarmResult {
  const text = line.toString('utf8').trim();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, why: 'the handler answered something other than one JSON object' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { ok: false, why: 'the handler answered something other than one JSON object' };
  if ('error' in parsed)
    return { ok: false, why: `the handler could not decide: ${String(parsed.error).slice(0, 200)}` };
  if (readCanonicalAnswer(0, Buffer.from(text), Buffer.alloc(0)).outcome === 'error')
    return { ok: false, why: 'the handler answered outside the canonical form' };
  return { ok: true, answer: text };
}
