// How each client is told a canonical answer (HIF hooks/0.1 §5, blocking-matrix.md), as data: one
// row per client, event and outcome, each the exit code and stdout the client reads for it, and
// whether the reason goes on stderr (the shape and templates: clients/answer-row.ts). Each client's
// rows are in its folder (clients/claude/hif.ts…), checked against the binaries where
// test/clients could (test/clients/deciding-cases.ts); everyone's default is here. Where a client
// has no row for an outcome (an ask, a rewrite), translate-answer.ts applies the spec's rule.
// translate-answer.ts renders them; scripts/build-native.mjs generates them into the C bridge's
// header (native/canonical-answer.c renders the same), so the two bridges cannot drift.
import { row, type AnswerRow } from '../clients/answer-row.js';
import { CLIENTS } from '../clients/registry.js';

export type { AnswerRow } from '../clients/answer-row.js';

/** The rows, each client's (its folder's hif.ts) before everyone's: the lookup takes the most particular. */
export const ANSWER_ROWS: readonly AnswerRow[] = [
  ...CLIENTS.flatMap((client) => client.answers),
  // A tool or prompt guard's exit 2 with the reason on stderr: every Claude-shaped client's denial.
  ...row('*', ['*'], 'deny', 2, '', true),
];

/** The row telling `client` the `outcome` on `event`, if the client has a way. */
export function answerRow(client: string, event: string, outcome: AnswerRow['outcome']): AnswerRow | undefined {
  const fits = (one: AnswerRow, c: string, e: string) => one.outcome === outcome && one.client === c && one.event === e;
  return (
    ANSWER_ROWS.find((one) => fits(one, client, event)) ??
    ANSWER_ROWS.find((one) => fits(one, client, '*')) ??
    ANSWER_ROWS.find((one) => fits(one, '*', event)) ??
    ANSWER_ROWS.find((one) => fits(one, '*', '*'))
  );
}

/** A template with the reason, context, event and rewritten input put in. */
export function renderTemplate(
  template: string,
  values: { reason: string; context: string; event: string; input?: string },
): string {
  return template.replace(/%[rceCu]/g, (mark) =>
    mark === '%r'
      ? JSON.stringify(values.reason)
      : mark === '%c'
        ? JSON.stringify(values.context)
        : mark === '%e'
          ? JSON.stringify(values.event)
          : mark === '%u'
            ? (values.input ?? '{}')
            : values.context,
  );
}
