// The record of a run the synchronous bridge made in line (native/hookd-bridge.c, or sync.ts when
// there is no native bridge): the hook already ran and the client already has its answer; the
// daemon only records it. One file, written with plain writes:
//
//   hookd-run 1\n  CMD \0  name=value \0 ...  \0  PAYLOAD  STDOUT-KEPT  STDERR-KEPT
//
// The facts give the three parts' lengths (payloadBytes, stdoutKept, stderrKept) and the run's
// own facts (client, event, cwd, times, exitCode or signal, timedOut, spawnError, answer): the
// runner's Outcome, serialised (RunRecord).

import { constants } from 'node:os';
import { nulFields, pairsOf } from './nul-fields.js';
import { exitOutcome, type Captured, type Outcome } from '../common/run-result.js';

export const RUN_MAGIC = 'hookd-run 1\n';

/** The facts' names, in the record's order (native/hookd-shared.h names them from this list). */
export const RUN_FACT_NAMES = [
  'client',
  'event',
  'cwd',
  'spawnError',
  'answer',
  'warm',
  'timeoutMs',
  'startedAt',
  'endedAt',
  'durationMs',
  'signal',
  'exitCode',
  'timedOut',
  'payloadBytes',
  'stdoutBytes',
  'stdoutKept',
  'stderrBytes',
  'stderrKept',
] as const;
/** A client variable the record keeps is the fact `env.NAME`. */
export const ENV_FACT_PREFIX = 'env.';
/** The `warm` fact of a run its warm handler answered (any other value says why it ran cold). */
export const WARM_ANSWERED = 'answered';

/**
 * A run the synchronous bridge made, as its record keeps it: the runner's Outcome (the one result
 * shape, executor/posix-run.ts) and where it ran. Times are ms since the epoch.
 */
export interface RunRecord {
  client: string;
  event: string;
  cwd?: string;
  startedAt: number;
  endedAt: number;
  timeoutMs: number;
  /** What the bridge printed for a hook that said nothing (Codex's Stop needs `{}`). */
  answer?: string;
  /** A warm hook's path (`hookd sync --warm`): WARM_ANSWERED, or `cold: WHY` when it ran cold. */
  warm?: string;
  /** The client's variables the record keeps (`env.NAME` facts): its trace context and project directories. */
  env?: Record<string, string>;
  outcome: Outcome;
}

const SIGNAL_NUMBERS = constants.signals as Record<string, number>;
const SIGNAL_NAMES = new Map(Object.entries(SIGNAL_NUMBERS).map(([name, number]) => [number, name]));

/**
 * Why the bridge failed a run it could not see through (the hook could not start, stdout past its
 * bound): a spawn_error with no exit of sh's. A spawn_error sh said by exiting 126 or 127 is an exit,
 * read again from the exit code and stderr.
 */
export const bridgeFailure = (outcome: Outcome) =>
  outcome.status === 'spawn_error' && outcome.exitCode === null ? (outcome.error ?? 'could not start') : undefined;

/** A stream as a run keeps it: its first bytes, and how many it wrote in all (all of them, unless said). */
export const capturedOf = (raw: Buffer, bytes = raw.length): Captured => ({
  text: raw.toString('utf8'),
  bytes: Math.max(bytes, raw.length),
  truncated: bytes > raw.length,
  raw,
});

/** How the recorded run ended, from its facts: the bridge's failure, hookd's timeout, a signal, else sh's exit (run-result.ts). */
function statusOf(
  facts: Map<string, string>,
  exitCode: number | null,
  signal: number | null,
  stderr: string,
): Pick<Outcome, 'status' | 'error'> {
  if (facts.has('spawnError')) return { status: 'spawn_error', error: facts.get('spawnError') };
  if (facts.get('timedOut') === '1') return { status: 'timed_out' };
  if (signal !== null) return { status: 'failed' };
  const { status, detail } = exitOutcome(exitCode, stderr);
  return { status, ...(detail !== undefined && { error: detail }) };
}

/** Parse a run record (its magic checked by the caller): its command, the facts, then payload and outputs. */
export function parseRun(
  bytes: Buffer,
): { ok: true; command: string; run: RunRecord; payload: Buffer } | { ok: false; reason: string } {
  const header = nulFields(bytes, RUN_MAGIC.length);
  if (!header) {
    const where = bytes.indexOf(0, RUN_MAGIC.length) === -1 ? 'run record header' : 'run record';
    return { ok: false, reason: `${where} is cut short (the bridge stopped while writing)` };
  }
  const [command, ...factFields] = header.fields;
  if (!command) return { ok: false, reason: 'record names no command' };
  const facts = new Map(pairsOf(factFields));
  const start = header.rest;
  const count = (name: string) => {
    const value = Number(facts.get(name) ?? 0);
    return Number.isSafeInteger(value) && value >= 0 ? value : 0;
  };
  const [payloadBytes, stdoutKept, stderrKept] = [count('payloadBytes'), count('stdoutKept'), count('stderrKept')];
  if (start + payloadBytes + stdoutKept + stderrKept !== bytes.length)
    return { ok: false, reason: 'run record does not hold the bytes its facts announce' };
  const payload = bytes.subarray(start, start + payloadBytes);
  const stdout = capturedOf(
    bytes.subarray(start + payloadBytes, start + payloadBytes + stdoutKept),
    count('stdoutBytes'),
  );
  const stderr = capturedOf(bytes.subarray(start + payloadBytes + stdoutKept), count('stderrBytes'));
  const signal = facts.has('signal') ? count('signal') : null;
  const exitCode = signal === null ? count('exitCode') : null;
  const outcome: Outcome = {
    ...statusOf(facts, exitCode, signal, stderr.text),
    exitCode,
    signal: signal === null ? null : (SIGNAL_NAMES.get(signal) ?? String(signal)),
    durationMs: count('durationMs'),
    stdout,
    stderr,
  };
  const run: RunRecord = {
    client: facts.get('client') ?? 'generic',
    event: facts.get('event') ?? '',
    ...(facts.has('cwd') && { cwd: facts.get('cwd') }),
    startedAt: count('startedAt'),
    endedAt: count('endedAt'),
    timeoutMs: count('timeoutMs'),
    ...(facts.has('answer') && { answer: facts.get('answer') }),
    ...(facts.has('warm') && { warm: facts.get('warm') }),
    env: Object.fromEntries(
      [...facts]
        .filter(([name]) => name.startsWith(ENV_FACT_PREFIX))
        .map(([name, value]) => [name.slice(ENV_FACT_PREFIX.length), value]),
    ),
    outcome,
  };
  return { ok: true, command, run, payload };
}

/**
 * The bytes of a run record (what native/record-bytes.c writes, test/bridge/record-bytes.test.ts compares), with the outputs the bridge kept:
 * the whole stdout it held (the decision is read from all of it) and the first bytes of stderr
 * (bridge/bridge-limits.ts); stdoutBytes and stderrBytes say how much the hook wrote in all.
 */
export function serializeRun(command: string, run: RunRecord, payload: Buffer): Buffer {
  const { outcome } = run;
  // The bytes kept of each output: as they came, else its text.
  const stdout = outcome.stdout.raw ?? Buffer.from(outcome.stdout.text);
  const stderr = outcome.stderr.raw ?? Buffer.from(outcome.stderr.text);
  const signal = outcome.signal === null ? null : (SIGNAL_NUMBERS[outcome.signal] ?? 0);
  const env = Object.entries(run.env ?? {}).map(([name, value]): [string, string] => [
    `${ENV_FACT_PREFIX}${name}`,
    value,
  ]);
  // The facts, in the record's order (sync.ts writes what the C bridge writes).
  const facts: Array<[string, string | number | undefined]> = [
    ['client', run.client],
    ['event', run.event],
    ['cwd', run.cwd],
    ['spawnError', bridgeFailure(outcome)],
    ['answer', run.answer],
    ['warm', run.warm],
    ...env,
    ['timeoutMs', run.timeoutMs],
    ['startedAt', run.startedAt],
    ['endedAt', run.endedAt],
    ['durationMs', outcome.durationMs],
    signal !== null ? ['signal', signal] : ['exitCode', outcome.exitCode ?? 0],
    ['timedOut', outcome.status === 'timed_out' ? 1 : undefined],
    ['payloadBytes', payload.length],
    ['stdoutBytes', outcome.stdout.bytes],
    ['stdoutKept', stdout.length],
    ['stderrBytes', outcome.stderr.bytes],
    ['stderrKept', stderr.length],
  ];
  const fields = facts.filter(([, value]) => value !== undefined).map(([name, value]) => `${name}=${value}`);
  return Buffer.concat([Buffer.from(`${RUN_MAGIC}${[command, ...fields, ''].join('\0')}\0`), payload, stdout, stderr]);
}
