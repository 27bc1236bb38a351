// The one call the Node synchronous bridge makes for a `--canonical` hook once it has run: read its
// answer by the spec and hand it to the client in the client's terms (read-canonical-answer.ts,
// translate-answer.ts). A run a signal ended is not an answer: the bridge reports it as for any hook.
import { readCanonicalAnswer } from './read-canonical-answer.js';
import { translateAnswer, type ClientAnswer } from './translate-answer.js';
import type { ClientProfile } from '../clients/profile.js';

/** What the client gets for a canonical hook of `client` that exited `exitCode` on `event`. */
export function answerInClientTerms(
  client: ClientProfile,
  event: string,
  exitCode: number,
  stdout: Buffer,
  stderr: Buffer,
): ClientAnswer {
  return translateAnswer(client.id, client.contract, event, readCanonicalAnswer(exitCode, stdout, stderr));
}
