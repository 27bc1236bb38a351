// How `hookd history` prints runs: one line per run (time, event, outcome, took, command, id), and
// one run whole for `hookd history show`.
import { describeOutcome } from '../runner/outcome.js';
import type { HistoryEntry } from '../history/history-entry.js';
import type { RunSummary } from '../history/run-summary.js';

/** A duration as people read it: 12ms, 1.5s, 2m03s. */
export function took(ms: number | undefined): string {
  if (ms === undefined) return '-';
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Local time, to the second: 2024-05-01 12:00:03. */
export function localTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s*\n\s*/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** One run in one line. */
export function runLine(run: RunSummary): string {
  const outcome = describeOutcome(run.outcome, run) + (run.probe ? ' (probe)' : '') + (run.retryOf ? ' (retry)' : '');
  return `${localTime(run.time)}  ${(run.event || '?').padEnd(16)} ${oneLine(outcome, 40).padEnd(20)} ${took(run.durationMs).padStart(6)}  ${oneLine(run.command, 60).padEnd(40)}  ${run.id}`;
}

/** The moments of one attempt, each after the bridge wrote the event. */
function timings(entry: HistoryEntry): string {
  const written = entry.receivedAt ? Date.parse(entry.receivedAt) : Number.NaN;
  const after = (iso: string | undefined) => (iso && !Number.isNaN(written) ? `+${took(Date.parse(iso) - written)}` : '-');
  const parts = [`written ${entry.receivedAt ? localTime(entry.receivedAt) : '-'}`, `taken ${after(entry.takenAt)}`, `started ${after(entry.startedAt)}`, `ended ${after(entry.endedAt ?? entry.time)}`];
  const sums = entry.startedAt ? `; delivery delay ${took(entry.delayMs)}, run time ${took(entry.durationMs)}` : '';
  return `${parts.join(', ')}${sums}`;
}

/** One attempt whole: outcome, times, output. */
function attemptLines(entry: HistoryEntry): string[] {
  const lines = [`attempt ${entry.attempt}: ${describeOutcome(entry.outcome, entry)} at ${localTime(entry.time)}`, `  times:   ${timings(entry)}`];
  if (entry.detail && entry.outcome !== 'spawn_error' && entry.outcome !== 'rejected') lines.push(`  detail:  ${entry.detail}`);
  for (const stream of ['stdout', 'stderr'] as const) {
    const text = entry[stream];
    if (text === undefined) continue;
    lines.push(text === '' ? `  ${stream}:  (empty)` : `  ${stream}:`, ...(text === '' ? [] : text.replace(/\n$/, '').split('\n').map((line) => `    ${line}`)));
  }
  if (entry.truncated) lines.push('  (output cut: the first 64 KiB of each stream are kept)');
  return lines;
}

/** One run whole, for `hookd history show`. */
export function runDetail(run: RunSummary, attempts: readonly HistoryEntry[], payload: { kept: boolean; bytes?: number; head?: string }): string {
  const lines = [
    `run:      ${run.id}`,
    `event:    ${run.event || '?'} (session ${run.session || '?'})${run.probe ? ', a hookd doctor probe' : ''}`,
    `command:  ${run.command}`,
    `outcome:  ${describeOutcome(run.outcome, run)}${run.retryOf ? ` (a retry of ${run.retryOf})` : ''}`,
    payload.kept ? `payload:  ${payload.bytes} bytes, kept for hookd retry: ${oneLine(payload.head ?? '', 200)}` : 'payload:  not kept (only the payloads of failed runs are, for hookd retry)',
    ...attempts.flatMap(attemptLines),
  ];
  return `${lines.join('\n')}\n`;
}
