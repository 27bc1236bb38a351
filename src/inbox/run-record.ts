// The record of a run the synchronous bridge made in line (native/hookd-bridge.c, or sync.ts when
// there is no native bridge): the hook already ran and the client already has its answer; the
// daemon only records it. One file, written with plain writes:
//
//   hookd-run 1\n  CMD \0  name=value \0 ...  \0  PAYLOAD  STDOUT-KEPT  STDERR-KEPT
//
// The facts give the three parts' lengths (payloadBytes, stdoutKept, stderrKept) and the run's
// own facts (client, event, cwd, times, exitCode or signal, timedOut, spawnError, answer).

import { nulFields, pairsOf } from './nul-fields.js';

export const RUN_MAGIC = 'hookd-run 1\n';

/** The facts' names, in the record's order (native/hookd-shared.h names them from this list). */
export const RUN_FACT_NAMES = [
  'client', 'event', 'cwd', 'spawnError', 'answer', 'timeoutMs', 'startedAt', 'endedAt', 'durationMs',
  'signal', 'exitCode', 'timedOut', 'payloadBytes', 'stdoutBytes', 'stdoutKept', 'stderrBytes', 'stderrKept',
] as const;
/** A client variable the record keeps is the fact `env.NAME`. */
export const ENV_FACT_PREFIX = 'env.';

/** What the synchronous bridge saw of one run. Times are ms since the epoch. */
export interface BridgeRun {
  client: string;
  event: string;
  cwd?: string;
  startedAt: number;
  endedAt: number;
  durationMs: number;
  timeoutMs: number;
  exitCode: number | null;
  /** The signal's number, when the hook was killed by one. */
  signal: number | null;
  timedOut: boolean;
  /** Why the hook could not start, when it could not. */
  spawnError?: string;
  /** What the bridge printed for a hook that said nothing (Codex's Stop needs `{}`). */
  answer?: string;
  stdout: Buffer;
  stderr: Buffer;
  /** The whole output's sizes: more than the kept bytes when the hook printed past the cap. */
  stdoutBytes: number;
  stderrBytes: number;
  /** The client's variables the record keeps (`env.NAME` facts): its trace context (TRACEPARENT, TRACESTATE, BAGGAGE). */
  env?: Record<string, string>;
}

/** The facts as `name=value` fields, in the record's order (sync.ts writes what the C bridge writes). */
function runFacts(run: Omit<BridgeRun, 'stdout' | 'stderr'> & { payloadBytes: number; stdoutKept: number; stderrKept: number }): string[] {
  const env = Object.entries(run.env ?? {}).map(([name, value]): [string, string] => [`${ENV_FACT_PREFIX}${name}`, value]);
  const facts: Array<[string, string | number | undefined]> = [
    ['client', run.client], ['event', run.event], ['cwd', run.cwd], ['spawnError', run.spawnError], ['answer', run.answer], ...env,
    ['timeoutMs', run.timeoutMs], ['startedAt', run.startedAt], ['endedAt', run.endedAt], ['durationMs', run.durationMs],
    run.signal !== null ? ['signal', run.signal] : ['exitCode', run.exitCode ?? 0], ['timedOut', run.timedOut ? 1 : undefined],
    ['payloadBytes', run.payloadBytes], ['stdoutBytes', run.stdoutBytes], ['stdoutKept', run.stdoutKept],
    ['stderrBytes', run.stderrBytes], ['stderrKept', run.stderrKept],
  ];
  return facts.filter(([, value]) => value !== undefined).map(([name, value]) => `${name}=${value}`);
}

/** Parse a run record's body (after its command field): the facts, then payload and outputs. */
export function parseRunBody(bytes: Buffer, start: number): { ok: true; run: BridgeRun; payload: Buffer } | { ok: false; reason: string } {
  const header = nulFields(bytes, start);
  if (!header) return { ok: false, reason: 'run record is cut short (the bridge stopped while writing)' };
  const facts = new Map(pairsOf(header.fields));
  start = header.rest;
  const count = (name: string) => {
    const value = Number(facts.get(name) ?? 0);
    return Number.isSafeInteger(value) && value >= 0 ? value : 0;
  };
  const [payloadBytes, stdoutKept, stderrKept] = [count('payloadBytes'), count('stdoutKept'), count('stderrKept')];
  if (start + payloadBytes + stdoutKept + stderrKept !== bytes.length) return { ok: false, reason: 'run record does not hold the bytes its facts announce' };
  const payload = bytes.subarray(start, start + payloadBytes);
  const stdout = bytes.subarray(start + payloadBytes, start + payloadBytes + stdoutKept);
  const stderr = bytes.subarray(start + payloadBytes + stdoutKept);
  const signal = facts.has('signal') ? count('signal') : null;
  const run: BridgeRun = {
    client: facts.get('client') ?? 'generic',
    event: facts.get('event') ?? '',
    ...(facts.has('cwd') && { cwd: facts.get('cwd') }),
    startedAt: count('startedAt'),
    endedAt: count('endedAt'),
    durationMs: count('durationMs'),
    timeoutMs: count('timeoutMs'),
    exitCode: signal === null ? count('exitCode') : null,
    signal,
    timedOut: facts.get('timedOut') === '1',
    ...(facts.has('spawnError') && { spawnError: facts.get('spawnError') }),
    ...(facts.has('answer') && { answer: facts.get('answer') }),
    stdout,
    stderr,
    stdoutBytes: Math.max(count('stdoutBytes'), stdoutKept),
    stderrBytes: Math.max(count('stderrBytes'), stderrKept),
    env: Object.fromEntries([...facts].filter(([name]) => name.startsWith('env.')).map(([name, value]) => [name.slice(4), value])),
  };
  return { ok: true, run, payload };
}

/**
 * The bytes of a run record (what native/run-record.c writes), with the outputs the bridge kept:
 * the whole stdout it held (the decision is read from all of it) and the first bytes of stderr
 * (bridge/bridge-limits.ts); stdoutBytes and stderrBytes say how much the hook wrote in all.
 */
export function serializeRun(command: string, run: BridgeRun, payload: Buffer): Buffer {
  const facts = runFacts({ ...run, payloadBytes: payload.length, stdoutKept: run.stdout.length, stderrKept: run.stderr.length });
  return Buffer.concat([Buffer.from(`${RUN_MAGIC}${[command, ...facts, ''].join('\0')}\0`), payload, run.stdout, run.stderr]);
}
