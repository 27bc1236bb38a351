// How `hookd history --session S --timeline` draws a session: one line per run on a time axis of
// characters, the runs in line (the agent waited on them) as solid bars marked `waited`, the runs
// the daemon made beside the agent as light bars; each run's decision beside its bar, and the
// total the agent waited at the bottom. Colour by outcome, as `hookd history` paints it.
import { cleanLine } from '../common/terminal/clean-text.js';
import { columns, type Cell } from '../common/terminal/columns.js';
import { coloursFor, type Colours } from '../common/terminal/colours.js';
import { localTime } from '../common/terminal/local-time.js';
import { describeOutcome } from '../runs/outcome.js';
import type { SessionRun, SessionRuns, SessionSummary } from '../history/sessions.js';
import { oneLine, outcomePaint, took } from './history-format.js';

/** The characters of a bar: in line (the agent waited), beside the agent. */
export const BAR = { agent: '█', beside: '░' } as const;

/** A bar of `width` characters for a run at `offsetMs` lasting `lengthMs` on an axis of `spanMs`: at least one character. */
export function barOf(run: Pick<SessionRun, 'offsetMs' | 'lengthMs' | 'lane'>, spanMs: number, width: number): string {
  const scale = spanMs > 0 ? width / spanMs : 0;
  const from = Math.min(width - 1, Math.floor(run.offsetMs * scale));
  const to = Math.max(from + 1, Math.min(width, Math.round((run.offsetMs + run.lengthMs) * scale)));
  return ' '.repeat(from) + BAR[run.lane].repeat(to - from) + ' '.repeat(width - to);
}

// The axis under the bars: 0 at its left, the span at its right, the middle between.
function axisOf(spanMs: number, width: number): string {
  const [left, middle, right] = ['0s', took(spanMs / 2), took(spanMs)];
  const at = Math.max(left.length + 1, Math.floor(width / 2 - middle.length / 2));
  const head = `${left}${' '.repeat(at - left.length)}${middle}`;
  return width >= head.length + right.length + 1
    ? `${head}${' '.repeat(width - head.length - right.length)}${right}`
    : `${left}${' '.repeat(Math.max(1, width - left.length - right.length))}${right}`;
}

function runRow(run: SessionRun, spanMs: number, width: number, colours: Colours): Cell[] {
  const paint = outcomePaint(colours, run.outcome);
  return [
    { text: `+${took(run.offsetMs)}`, align: 'right' },
    run.lane === 'agent' ? 'waited' : 'beside',
    { text: `|${barOf(run, spanMs, width)}|`, paint },
    { text: took(run.durationMs ?? run.lengthMs), align: 'right' },
    oneLine(run.event || '?', 24),
    { text: oneLine(describeOutcome(run.outcome, run), 30), paint },
    run.lane === 'agent' ? oneLine(run.decision ?? 'none', 40) : '-',
    oneLine(run.command, 50),
  ];
}

/** The session's picture as lines; `width` is the axis's, in characters. */
export function timelineLines(picture: SessionRuns, width = 40, colours: Colours = coloursFor()): string[] {
  const { session, runs, spanMs } = picture;
  const who = [session.client, session.project].filter((part): part is string => part !== undefined).map(cleanLine);
  const rows = runs.map((run) => runRow(run, spanMs, width, colours));
  rows.push(['', '', ` ${axisOf(spanMs, width)} `, '', '', '', '', '']);
  const beside = session.runs - session.inLine;
  return [
    `session ${cleanLine(session.id)}${who.length ? ` (${who.join(', ')})` : ''}`,
    `${session.runs} run${session.runs === 1 ? '' : 's'} from ${localTime(session.firstAt)} over ${took(spanMs)}; ${BAR.agent} the agent waited (in line), ${BAR.beside} beside the agent`,
    ...(picture.leftOut > 0
      ? [`(the ${picture.leftOut} oldest runs are left out: the newest ${runs.length} are drawn)`]
      : []),
    '',
    ...columns(rows).map((line) => line.trimEnd()),
    '',
    colours.bold(
      `the agent waited ${took(session.waitedMs)} on hooks (${session.inLine} run${session.inLine === 1 ? '' : 's'} in line); ${beside} ran beside it`,
    ),
  ];
}

/** The sessions as aligned lines: last run, client, project, runs, the time the agent waited, id. */
export function sessionLines(sessions: readonly SessionSummary[], colours: Colours = coloursFor()): string[] {
  const rows: Cell[][] = sessions.map((session) => [
    localTime(session.lastAt),
    session.client ?? '-',
    oneLine(session.project ?? '-', 60),
    { text: `${session.runs} run${session.runs === 1 ? '' : 's'}`, align: 'right' },
    session.inLine ? `waited ${took(session.waitedMs)} (${session.inLine} in line)` : 'never waited',
    { text: session.id, paint: colours.dim },
  ]);
  return columns(rows).map((line) => line.trimEnd());
}
