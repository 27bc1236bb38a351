// What an outcome means, in one table: the five ways a run of a hook ends, and the two ways a
// record ends without a run (rejected, duplicate). What becomes of the record (settles), whether
// it counts as a failure, and how it reads in one line. The daemon's dispatch and log, the history,
// `hookd run`, `hookd status` and `hookd doctor` all ask this table rather than naming outcomes.
import { exitOutcome, type Outcome, type RunStatus } from '../common/run-result.js';
import type { Settlement } from '../inbox/inbox.js';

export { exitOutcome, type Outcome, type RunStatus };

/** Every outcome a record can end in: a run's, or the record's own when no hook ran. */
export type OutcomeName = RunStatus | 'rejected' | 'duplicate';

/** The facts an outcome's one-line reading uses; a history entry has them under these names. */
export interface OutcomeFacts {
  exitCode?: number | null;
  signal?: string | null;
  /** Why it could not start, or why the record was rejected. */
  detail?: string;
}

/** A row of the table. */
export interface OutcomeMeaning {
  /**
   * Where the outcome is produced: by a `run` of the hook (executor/posix-run.ts, or a bridge's run
   * record), or by the daemon's `check` of the record before any hook ran (daemon/pipeline/check-record.ts).
   */
  producedBy: 'run' | 'check';
  /** A hook ran (or tried to): the log says "hook finished" with its exit and duration; else the row's `says`. */
  ran: boolean;
  /** What the log says of a record that ended without a run (`ran: false`); `{window}`: the daemon's duplicate window. */
  says?: string;
  /**
   * What becomes of its record once this is recorded (Inbox.settle): `done` with, it leaves the
   * inbox; kept to run `again` on the next start; or `rejected`, set aside in inbox/rejected/.
   */
  settles: 'done' | 'again' | 'rejected';
  /** Counts as a failure: `hookd run` exits 1, the log warns, `hookd doctor`'s probe fails, the page paints it red. */
  failed: boolean;
  /** A hook ran (or tried to) and failed for good: its record is kept, and `hookd retry` runs it again. */
  retriable: boolean;
  /** The level of the log's line for it. */
  level: 'info' | 'warn';
  /** Its name in words, without its detail (the live page shows the detail beside it): `failed (exit 3)`, `timed out`. */
  label: (facts: OutcomeFacts) => string;
  /** One line: `ok`, `failed (exit 3)`, `timed out`, `could not start: …`. */
  reads: (facts: OutcomeFacts) => string;
  /** Its one line carries its detail: a view that shows the line need not show the detail again. */
  readsDetail: boolean;
}

// A row as written below: its record is done with unless it says; its level is `warn` for a failure
// unless it says; with `missing`, its one line is its label then its detail (`missing` standing in
// for none), else its label alone.
// A row is produced by a run unless it says `check`, and then no hook ran.
type Row = Omit<OutcomeMeaning, 'reads' | 'readsDetail' | 'level' | 'settles' | 'producedBy' | 'ran'> &
  Partial<Pick<OutcomeMeaning, 'level' | 'settles' | 'producedBy'>> & { missing?: string };
const row = ({ missing, ...meaning }: Row): OutcomeMeaning => ({
  settles: 'done',
  producedBy: 'run',
  ran: meaning.producedBy !== 'check',
  level: meaning.failed ? 'warn' : 'info',
  ...meaning,
  reads: missing === undefined ? meaning.label : (facts) => `${meaning.label(facts)}: ${facts.detail ?? missing}`,
  readsDetail: missing !== undefined,
});
const exitOrSignal = (facts: OutcomeFacts) =>
  facts.exitCode !== null && facts.exitCode !== undefined
    ? `failed (exit ${facts.exitCode})`
    : `failed (${facts.signal ?? null})`;

/** The one table of outcomes. */
export const OUTCOMES: Readonly<Record<OutcomeName, OutcomeMeaning>> = {
  ok: row({ failed: false, retriable: false, label: () => 'ok' }),
  failed: row({ failed: true, retriable: true, label: exitOrSignal }),
  timed_out: row({ failed: true, retriable: true, label: () => 'timed out' }),
  spawn_error: row({ failed: true, retriable: true, label: () => 'could not start', missing: 'unknown error' }),
  // Cut short by the daemon stopping: the record stays in the inbox and runs again on the next start.
  interrupted: row({ settles: 'again', failed: true, retriable: false, label: () => 'interrupted' }),
  rejected: row({
    producedBy: 'check',
    settles: 'rejected',
    failed: true,
    retriable: false,
    label: () => 'rejected',
    missing: 'see inbox/rejected/',
    says: 'event rejected; kept in the inbox rejected/ folder',
  }),
  // The same event delivered twice: it ran once, under the first delivery.
  duplicate: row({
    producedBy: 'check',
    failed: false,
    retriable: false,
    label: () => 'duplicate',
    says: 'same event delivered twice within {window}; ran it once',
  }),
};

/** An outcome the daemon's check of a record produces, when no hook runs (the table's `producedBy: 'check'`). */
export type CheckedOutcome = Exclude<OutcomeName, RunStatus>;

/** The outcomes whose record is kept for a retry, by name. */
export const RETRIABLE_OUTCOMES = (Object.keys(OUTCOMES) as OutcomeName[]).filter((name) => OUTCOMES[name].retriable);

/** The outcomes produced `by` a run or a check, by name. */
export const outcomesProducedBy = (by: OutcomeMeaning['producedBy']) =>
  (Object.keys(OUTCOMES) as OutcomeName[]).filter((name) => OUTCOMES[name].producedBy === by);

/** The meaning of outcome `name`. */
export function meaningOf(name: OutcomeName): OutcomeMeaning {
  if (Object.hasOwn(OUTCOMES, name)) return OUTCOMES[name];
  // An outcome this version does not know (a newer daemon's history line): a failure, read as its name.
  return row({ failed: true, retriable: false, label: () => name });
}

/** How the record of an outcome `name` settles (Inbox.settle); `detail`: why, for a record set aside. */
export function settlementOf(name: OutcomeName, detail = ''): Settlement {
  const { settles } = meaningOf(name);
  return settles === 'rejected' ? { rejected: detail } : settles;
}

/** How outcome `name` reads in one line, given its facts. */
export function describeOutcome(name: OutcomeName, facts: OutcomeFacts = {}): string {
  return meaningOf(name).reads(facts);
}

/** How a run's outcome reads in one line. */
export function describeRun(outcome: Outcome): string {
  return describeOutcome(outcome.status, { exitCode: outcome.exitCode, signal: outcome.signal, detail: outcome.error });
}

// A line that states an error: `Error: …`, `TypeError [ERR_X]: …`, Python's `ValueError: …`. Node
// prints its own first (`node:internal/modules/…:1228`, the source line, a caret), Python a
// traceback: the first line of stderr tells nothing there.
const ERROR_LINE = /^\s*(?:Uncaught\s+)?[\w$.]*(?:Error|Exception)(?:\s*\[[^\]]*\])?:\s/;

/** Where the telling part of `text` starts: its first error line, else its first non-empty line. */
function tellingStart(lines: readonly string[]): number {
  const error = lines.findIndex((line) => ERROR_LINE.test(line));
  return error >= 0
    ? error
    : Math.max(
        0,
        lines.findIndex((line) => line.trim() !== ''),
      );
}

/** At most `count` lines (and `chars` characters) of a hook's output, from its telling line on. */
export function tellingHead(text: string, count: number, chars = 1000): string {
  const lines = text.trimEnd().split('\n');
  return lines.slice(tellingStart(lines)).slice(0, count).join('\n').slice(0, chars);
}

/** The telling line of a hook's stderr (or stdout), to show beside its outcome in `hookd run`. */
export function firstLine(outcome: Pick<Outcome, 'stdout' | 'stderr'>): string {
  const line = tellingHead(outcome.stderr.text.trim() || outcome.stdout.text.trim(), 1).trim();
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}
