// What `hookd run` prints for people: the hooks grouped under the client and file they came from,
// one aligned row each (mark, outcome, run time, where in the file, command, the telling line of a
// failure), and the decision the client would act on beneath its row. Hook output is cleaned of
// terminal control sequences like every other printed run.
import { describeRun, firstLine, meaningOf, type Outcome } from '../runs/outcome.js';
import { columns, type Cell } from '../common/terminal/columns.js';
import { coloursFor, type Colours } from '../common/terminal/colours.js';
import { cleanLine } from '../common/terminal/clean-text.js';
import { oneLine, outcomePaint } from './history-format.js';
import { GENERIC } from '../clients/registry.js';
import type { HookEntry } from '../settings/config.js';

/** One hook that ran, with what it did and what its client would make of it. */
export interface RanHook {
  entry: HookEntry;
  outcome: Outcome;
  decision: string | undefined;
}

function row({ entry, outcome }: RanHook, colours: Colours): Cell[] {
  const failed = meaningOf(outcome.status).failed;
  const paint = outcomePaint(colours, outcome.status);
  const timeout = outcome.status === 'timed_out' ? ` after ${entry.timeoutMs / 1000}s` : '';
  // Not said twice: a hook that could not start has sh's line as its outcome's detail.
  const detail = failed && firstLine(outcome) !== outcome.error ? firstLine(outcome) : '';
  return [
    { text: failed ? '✗' : '✓', paint },
    { text: `${describeRun(outcome)}${timeout}`, paint },
    { text: `${(outcome.durationMs / 1000).toFixed(2)}s`, align: 'right' },
    entry.location,
    oneLine(entry.run, 80) + (detail ? `  — ${oneLine(detail, 200)}` : ''),
  ];
}

/** The report of `ran`, grouped by file in the order the files were read. */
export function runReport(ran: readonly RanHook[]): string {
  const colours = coloursFor();
  const lines = columns(ran.map((hook) => row(hook, colours)), { indent: '  ' });
  const out: string[] = [];
  let file: string | undefined;
  ran.forEach((hook, i) => {
    if (hook.entry.file !== file) {
      file = hook.entry.file;
      // A file of no known client (generic) is named alone.
      out.push(colours.bold(hook.entry.client === GENERIC ? cleanLine(file) : `${hook.entry.client.name}: ${cleanLine(file)}`));
    }
    out.push(lines[i]!);
    if (hook.decision) out.push(`      ${hook.decision}`);
  });
  return `${out.join('\n')}\n`;
}
