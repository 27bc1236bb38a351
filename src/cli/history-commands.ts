// The commands over the daemon's runs: `hookd history [show ID]` and `hookd retry ID`. Their flags
// are checked here, so a bad --since or --outcome is a usage error (exit 2) before any request.
import { Option, type Command } from 'commander';
import { UsageError } from '../common/errors.js';
import { integerIn, jsonOption, socketOption, stateOption } from './options.js';
import { DEFAULT_LIMIT, MAX_LIMIT, parseOutcome, parseSince } from '../history/run-filter.js';
import { OUTCOMES } from '../runs/outcome.js';

// A parser that turns `parse`'s reason (a string, naming the flag it was given) into a usage error.
function checked<T>(parse: (value: string) => T | string, ok: (value: T | string) => boolean): (value: string) => T {
  return (value) => {
    const parsed = parse(value);
    if (ok(parsed)) return parsed as T;
    throw new UsageError(String(parsed));
  };
}

const isOutcome = (value: unknown) => typeof value === 'string' && Object.hasOwn(OUTCOMES, value);

/** Add `history` (with `history show`) and `retry` to `program`. */
export function addHistoryCommands(program: Command): void {
  const history = program
    .command('history')
    .description(
      'the runs, newest first: time, event, outcome, run time, command, id (--follow: new runs as they finish)',
    )
    .option('--event <name>', 'only this event, e.g. Stop')
    .addOption(
      new Option('--outcome <outcome>', `only this outcome: ${Object.keys(OUTCOMES).join(', ')}`).argParser(
        checked((value) => parseOutcome(value, '--outcome'), isOutcome),
      ),
    )
    .option('--session <id>', 'only this session')
    .option('--command <text>', 'only commands that contain this text')
    .addOption(
      new Option(
        '--since <when>',
        'only runs since: 30s, 10m, 2h, 3d ago, or a date (2024-05-01, 2024-05-01T12:00:00Z)',
      ).argParser(
        checked(
          (value) => parseSince(value, Date.now(), '--since'),
          (value) => typeof value === 'number',
        ),
      ),
    )
    .addOption(
      new Option('--limit <n>', 'at most this many runs')
        .argParser(integerIn('--limit', 'an integer', 1, MAX_LIMIT))
        .default(DEFAULT_LIMIT),
    )
    .option('--follow', 'print new runs as they finish, until interrupted (needs the daemon)')
    .option(
      '--sessions',
      'the agent sessions instead, the most recently active first: client, project, runs, the time the agent waited on hooks',
    )
    .option(
      '--timeline',
      'with --session: its runs on one time axis, where the agent waited on hooks in line, and the total wait (--json: the runs with their offsets)',
    )
    .option('--probes', "also the runs of hookd doctor's probe")
    .addOption(stateOption())
    .addOption(socketOption())
    .addOption(jsonOption())
    .action(async (options) => (await import('../commands/history.js')).historyCommand(options));

  history
    .command('show')
    .description('one run whole: its payload (when kept), stdout and stderr, timings and attempts')
    .argument('<id>', 'the run id hookd history shows (its end after a "-" is enough)')
    .addOption(stateOption())
    .addOption(socketOption())
    .addOption(jsonOption())
    .action(async (id: string, options) =>
      (await import('../commands/history.js')).historyShowCommand(id, { ...history.opts(), ...options }),
    );

  program
    .command('retry')
    .description(
      'run a failed run again with its payload (the daemon keeps those of the last 100 failed runs, 16 MiB at most)',
    )
    .argument('<id>', 'the id of the failed run (hookd history --outcome failed lists them)')
    .addOption(stateOption())
    .addOption(socketOption())
    .addOption(jsonOption())
    .action(async (id: string, options) => (await import('../commands/retry.js')).retryCommand(id, options));
}
