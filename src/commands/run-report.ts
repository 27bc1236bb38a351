// What `hookd run` prints for people: the hooks grouped under the client and file they came from,
// one aligned row each (mark, outcome, run time, where in the file, command, the telling line of a
// failure or the reason of a block), and the decision the client would act on beneath its row;
// then the groups whose matcher passed over the payload, each with the value it missed. Hook output
// is cleaned of terminal control sequences like every other printed run.
import { describeRun, firstLine, type Outcome } from '../runs/outcome.js';
import { columns, type Cell } from '../common/terminal/columns.js';
import { coloursFor, type Colours } from '../common/terminal/colours.js';
import { cleanLine } from '../common/terminal/clean-text.js';
import { oneLine, outcomePaint } from './history-format.js';
import { GENERIC } from '../clients/registry.js';
import { groupOf, type HookEntry } from '../settings/config.js';
import type { MatcherMiss } from '../settings/select-hooks.js';
import { verdictOf } from './run-as-client.js';

/** One hook that ran, with what it did and what its client would make of it. */
export interface RanHook {
  entry: HookEntry;
  outcome: Outcome;
  decision: string | undefined;
  /** The reason the client would give for stopping the action ('' for none), when the hook blocked it. */
  block: string | undefined;
}

// How a block reads: the exit code that made it, else the answer on stdout.
const blockLabel = (outcome: Outcome) =>
  outcome.exitCode !== 0 && outcome.exitCode !== null ? `blocked (exit ${outcome.exitCode})` : 'blocked (answer)';

// An interpreter that could not open the hook's own script exits 2 too (python: "can't open file"):
// the client blocks on it like on a guard's "no", every time.
const MISSING_SCRIPT = /can't open file|No such file or directory|Cannot find module/;

function row(hook: RanHook, colours: Colours): Cell[] {
  const { entry, outcome, block } = hook;
  const verdict = verdictOf(hook);
  const paint = verdict === 'blocked' ? colours.yellow : outcomePaint(colours, outcome.status);
  const timeout = outcome.status === 'timed_out' ? ` after ${entry.timeoutMs / 1000}s` : '';
  // Not said twice: a hook that could not start has sh's line as its outcome's detail.
  const detail =
    verdict === 'blocked'
      ? (block ?? '')
      : verdict === 'failed' && firstLine(outcome) !== outcome.error
        ? firstLine(outcome)
        : '';
  return [
    { text: verdict === 'blocked' ? '⊘' : verdict === 'failed' ? '✗' : '✓', paint },
    { text: verdict === 'blocked' ? blockLabel(outcome) : `${describeRun(outcome)}${timeout}`, paint },
    { text: `${(outcome.durationMs / 1000).toFixed(2)}s`, align: 'right' },
    entry.location,
    oneLine(entry.run, 80) + (detail ? `  — ${oneLine(detail, 200)}` : ''),
  ];
}

// The heading of a file's lines: a file of no known client (generic) is named alone.
const heading = (entry: HookEntry, colours: Colours) =>
  colours.bold(entry.client === GENERIC ? cleanLine(entry.file) : `${entry.client.name}: ${cleanLine(entry.file)}`);

/** The report of `ran`, grouped by file in the order the files were read. */
export function runReport(ran: readonly RanHook[]): string {
  const colours = coloursFor();
  const lines = columns(
    ran.map((hook) => row(hook, colours)),
    { indent: '  ' },
  );
  const out: string[] = [];
  let file: string | undefined;
  ran.forEach((hook, i) => {
    if (hook.entry.file !== file) {
      file = hook.entry.file;
      out.push(heading(hook.entry, colours));
    }
    out.push(lines[i]!);
    if (hook.decision) out.push(`      ${hook.decision}`);
    if (hook.block !== undefined && MISSING_SCRIPT.test(hook.block)) {
      out.push(
        `      the reason is a script that could not be found or opened, not a guard saying no: ${hook.entry.client.name} would block on it every time; check the path in the command`,
      );
    }
  });
  return `${out.join('\n')}\n`;
}

/** What a miss says of the payload: `tool_name "Bash"`, or that the payload has no such field. */
export const missedValue = ({ field, value }: MatcherMiss) =>
  typeof value === 'string' ? `${field} ${JSON.stringify(value)}` : `no ${field} (the payload has none)`;

/** The groups of `misses`, each once, under their files: which matcher passed over which value. */
export function missReport(event: string, misses: readonly MatcherMiss[]): string {
  const colours = coloursFor();
  // A group's hooks share its matcher: one line a group.
  const groups = [...new Map(misses.map((miss) => [`${miss.entry.file}\0${groupOf(miss.entry)}`, miss])).values()];
  const lines = columns(
    groups.map((miss) => [
      groupOf(miss.entry),
      `matcher ${JSON.stringify(miss.entry.matcher ?? '')}`,
      `does not match ${missedValue(miss)}`,
    ]),
    { indent: '  ' },
  );
  const out = [`not run: these ${event} hooks' matchers do not match this payload`];
  let file: string | undefined;
  groups.forEach((miss, i) => {
    if (miss.entry.file !== file) {
      file = miss.entry.file;
      out.push(heading(miss.entry, colours));
    }
    out.push(lines[i]!);
  });
  return `${out.join('\n')}\n`;
}
