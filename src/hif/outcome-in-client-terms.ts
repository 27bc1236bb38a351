// `hookd run` for a canonical hook (`hookd sync --canonical`): the outcome as the client is handed it
// by the synchronous bridge (the same rules: read-canonical-answer.ts, translate-answer.ts), and a
// line saying what the hook answered canonically and what the client got, so that what `hookd run`
// then reads as the client's decision is the translated answer's.
import { readCanonicalAnswer } from './read-canonical-answer.js';
import { translateAnswer } from './translate-answer.js';
import type { ClientProfile } from '../clients/profile.js';
import type { Outcome } from '../common/run-result.js';

const clip = (text: string) => (text.length > 160 ? `${text.slice(0, 157)}...` : text);

/** `outcome` of a canonical hook for `client`'s `event` in the client's terms, with a line that says so; as it is when a signal or timeout ended it. */
export function outcomeInClientTerms(
  client: ClientProfile,
  event: string,
  outcome: Outcome,
): { outcome: Outcome; said?: string } {
  if (outcome.exitCode === null || (outcome.status !== 'ok' && outcome.status !== 'failed')) return { outcome };
  const canonical = readCanonicalAnswer(
    outcome.exitCode,
    Buffer.from(outcome.stdout.text),
    Buffer.from(outcome.stderr.text),
  );
  const answer = translateAnswer(client.id, client.contract, event, canonical);
  const stderr = outcome.stderr.text + answer.stderr;
  const handed: Outcome = {
    ...outcome,
    status: answer.exitCode === 0 ? 'ok' : 'failed',
    exitCode: answer.exitCode,
    stdout: { text: answer.stdout, bytes: Buffer.byteLength(answer.stdout), truncated: false },
    stderr: { text: stderr, bytes: Buffer.byteLength(stderr), truncated: outcome.stderr.truncated },
  };
  const what = [
    canonical.outcome,
    canonical.reason && `reason ${JSON.stringify(clip(canonical.reason))}`,
    canonical.context && 'with context',
    canonical.note,
  ]
    .filter(Boolean)
    .join(', ');
  const got = [
    `exit ${answer.exitCode}`,
    answer.stdout && `stdout ${clip(answer.stdout)}`,
    answer.stderr && `stderr ${JSON.stringify(clip(answer.stderr.trim()))}`,
  ]
    .filter(Boolean)
    .join(', ');
  return { outcome: handed, said: `canonical answer: ${what}; ${client.name} is handed ${got}` };
}
