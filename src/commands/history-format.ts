// How the CLI prints runs: one row per run (time, client, event, outcome, took, command, id) in
// aligned columns, and one run whole for `hookd history show`. Every string that came from a run
// (event, session, command, output) is cleaned of terminal control sequences before it is printed.
import { describeOutcome, meaningOf, type OutcomeName } from '../runs/outcome.js';
import { cleanLine, cleanText } from '../common/terminal/clean-text.js';
import { columns, type Cell } from '../common/terminal/columns.js';
import { coloursFor, type Colours } from '../common/terminal/colours.js';
import { localTime } from '../common/terminal/local-time.js';
import type { HistoryEntry } from '../runs/history-line.js';
import type { RunSummary } from '../history/run-summary.js';

/** A duration as people read it: 12ms, 1.5s, 2m03s. */
export function took(ms: number | undefined): string {
  if (ms === undefined) return '-';
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
}

/** `text` cleaned, on one line, cut to `max` characters with an ellipsis. */
export function oneLine(text: string, max: number): string {
  const flat = cleanLine(text);
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The colour of outcome `name`: green when it went well, red when it failed, yellow otherwise. */
export function outcomePaint(colours: Colours, name: OutcomeName): (text: string) => string {
  return name === 'ok' ? colours.green : meaningOf(name).failed ? colours.red : colours.yellow;
}

/** The client's name in a listing: its profile id, `-` when the run did not say. */
export const clientOf = (run: { client?: string | undefined }) => run.client ?? '-';

/** What a run in line decided, as its listing shows it after the outcome: ` → block: tests fail`; nothing for other runs. */
const decided = (run: Pick<RunSummary, 'bridge' | 'decision' | 'warm'>) =>
  warmMark(run) + (run.bridge === 'sync' && run.decision ? ` → ${run.decision}` : '');

/** Which way a warm hook's decision was taken (`hookd sync --warm`): its warm handler, or a cold run. */
const warmMark = (run: Pick<RunSummary, 'warm'>) =>
  run.warm === undefined ? '' : run.warm === 'answered' ? ' (warm)' : ' (cold)';

/** One run as a row of cells. */
export function runRow(run: RunSummary, colours: Colours): Cell[] {
  const marks = oneLine(decided(run), 80) + (run.probe ? ' (probe)' : '') + (run.retryOf ? ' (retry)' : '');
  return [
    localTime(run.time),
    clientOf(run),
    oneLine(run.event || '?', 40),
    { text: oneLine(describeOutcome(run.outcome, run), 100) + marks, paint: outcomePaint(colours, run.outcome) },
    { text: took(run.durationMs), align: 'right' },
    oneLine(run.command, 60),
    { text: run.id, paint: colours.dim },
  ];
}

// The narrowest each column of a run is when rows print one at a time (--follow): most rows line up.
const FOLLOW_WIDTHS = [25, 6, 16, 16, 6, 40];

/** Runs as aligned lines; `streaming` for rows printed one at a time, which cannot see the others. */
export function runLines(runs: readonly RunSummary[], streaming = false): string[] {
  const colours = coloursFor();
  return columns(
    runs.map((run) => runRow(run, colours)),
    { minWidths: streaming ? FOLLOW_WIDTHS : [] },
  );
}

/** The moments of one attempt, each after the bridge wrote the event. */
function timings(entry: HistoryEntry): string {
  const written = entry.receivedAt ? Date.parse(entry.receivedAt) : Number.NaN;
  const after = (iso: string | undefined) =>
    iso && !Number.isNaN(written) ? `+${took(Date.parse(iso) - written)}` : '-';
  const parts = [
    `written ${localTime(entry.receivedAt)}`,
    `taken ${after(entry.takenAt)}`,
    `started ${after(entry.startedAt)}`,
    `ended ${after(entry.endedAt ?? entry.time)}`,
  ];
  const sums = entry.startedAt ? `; delivery delay ${took(entry.delayMs)}, run time ${took(entry.durationMs)}` : '';
  return `${parts.join(', ')}${sums}`;
}

/** One attempt whole: outcome, times, output. */
function attemptLines(entry: HistoryEntry, colours: Colours): string[] {
  const outcome = outcomePaint(colours, entry.outcome)(cleanLine(describeOutcome(entry.outcome, entry)));
  const lines = [`attempt ${entry.attempt}: ${outcome} at ${localTime(entry.time)}`, `  times:   ${timings(entry)}`];
  if (entry.detail && !meaningOf(entry.outcome).readsDetail) lines.push(`  detail:  ${cleanLine(entry.detail)}`);
  for (const stream of ['stdout', 'stderr'] as const) {
    const text = entry[stream];
    if (text === undefined) continue;
    lines.push(
      text === '' ? `  ${stream}:  (empty)` : `  ${stream}:`,
      ...(text === ''
        ? []
        : cleanText(text)
            .replace(/\n$/, '')
            .split('\n')
            .map((line) => `    ${line}`)),
    );
  }
  if (entry.truncated) lines.push('  (output cut: the first 64 KiB of each stream are kept)');
  return lines;
}

/** One run whole, for `hookd history show`. */
export function runDetail(
  run: RunSummary,
  attempts: readonly HistoryEntry[],
  payload: { kept: boolean; bytes?: number; head?: string },
): string {
  const colours = coloursFor();
  const outcome = outcomePaint(colours, run.outcome)(cleanLine(describeOutcome(run.outcome, run)));
  const lines = [
    `run:      ${run.id}`,
    `event:    ${cleanLine(run.event || '?')} (session ${cleanLine(run.session || '?')})${run.probe ? ', a hookd doctor probe' : ''}`,
    `client:   ${clientOf(run)}`,
    `command:  ${cleanLine(run.command)}`,
    `outcome:  ${outcome}${run.retryOf ? ` (a retry of ${cleanLine(run.retryOf)})` : ''}`,
    ...(run.bridge === 'sync'
      ? [`decision: ${cleanLine(run.decision ?? 'none')} (run in line by hookd sync: the agent waited for it)`]
      : []),
    payload.kept
      ? `payload:  ${payload.bytes} bytes, kept for hookd retry: ${oneLine(payload.head ?? '', 200)}`
      : 'payload:  not kept (only the payloads of failed runs are, for hookd retry)',
    ...attempts.flatMap((attempt) => attemptLines(attempt, colours)),
  ];
  return `${lines.join('\n')}\n`;
}
