// `hookd logs`: the daemon's log (src/commands/logs.ts), registered beside the daemon's commands.
import { Option, type Command } from 'commander';
import { integerIn, jsonOption, stateOption } from './options.js';

const DEFAULT_LINES = 50;

/** Add `logs` to `program`. */
export function addLogsCommand(program: Command): void {
  program
    .command('logs')
    .description(
      "the daemon's log, from its state directory: readable on a terminal, JSON lines otherwise (--follow: new lines as they come)",
    )
    .addOption(
      new Option('--lines <n>', 'print the last n lines first')
        .argParser(integerIn('--lines', 'an integer', 0, 1_000_000))
        .default(DEFAULT_LINES),
    )
    .option('--follow', 'then print new lines as the daemon writes them, until interrupted')
    .addOption(stateOption())
    .addOption(jsonOption())
    .action(async (options) => (await import('../commands/logs.js')).logsCommand(options));
}
