// The command table, the only one: each action imports its command on demand, so a command pays
// only for the modules it uses (and `hookd emit`, taken by bin/hookd and src/cli/main.ts before this
// table is built, pays for none).
import { Command } from 'commander';
import {
  addBridgeOptions,
  clientOption,
  concurrencyOption,
  jsonOption,
  settingsOption,
  shutdownDeadlineOption,
  socketOption,
  stateOption,
  tcpPortOption,
} from './options.js';
import { addPlatformCommands } from './platform-commands.js';
import { addHistoryCommands } from './history-commands.js';
import { addLogsCommand } from './log-commands.js';
import { addGuardCommand } from './hif-commands.js';
import { exitCodesHelp, hasExitCodes } from './exit-codes.js';
import { EMIT_OPTIONS, SYNC_OPTIONS } from '../clients/bridge-options.js';
import { addInstallCommands } from './install-commands.js';
import { INTERNAL_ERROR_EXIT } from '../bridge/bridge-limits.js';

/**
 * Commander's own errors (an unknown option, a missing argument) in hookd's voice, with a hint:
 * `hookd: MESSAGE`. A bad option value is hookd's UsageError (options.ts) and never comes here.
 */
function oneVoice(text: string): string {
  return `${text.replace(/^error: /, 'hookd: ')}(run with --help for usage)\n`;
}

/** Build the `hookd` program. */
export function buildProgram(version: string): Command {
  const program = new Command('hookd')
    .description('Run agent hooks without blocking the agent, and never lose an event.')
    .version(version)
    // An option after a command's name is that command's (the platform's commands share `api`'s names).
    .enablePositionalOptions()
    // One voice: commander's "error: ..." reads as every other hookd error; a bad number names the flag once.
    .configureOutput({ outputError: (text, write) => write(oneVoice(text)) });

  // Hooks first: the platform API is one line at the end (`hookd api …`), its commands under it.
  addHookCommands(program);
  addInstallCommands(program);
  addDaemonCommands(program);
  addPlatformCommands(program);
  addExitCodes(program);
  return program;
}

/**
 * Each command's help ends with what its exit codes mean (exit-codes.ts), and commander's own usage
 * errors (an unknown option, a missing argument or subcommand) exit 2 like every other bad input. An
 * unknown command (`hookd synk`) exits as a bridge that cannot read its words (INTERNAL_ERROR_EXIT): a
 * mistyped entry is run by a client as a hook, which reads exit 2 as a block nobody decided.
 */
function addExitCodes(command: Command, path = ''): void {
  const unknownCommand = path === '' ? INTERNAL_ERROR_EXIT : 2;
  command.exitOverride((error) =>
    process.exit(error.exitCode === 0 ? 0 : error.code === 'commander.unknownCommand' ? unknownCommand : 2),
  );
  for (const sub of command.commands) {
    const subPath = path ? `${path} ${sub.name()}` : sub.name();
    if (sub.commands.length === 0 || hasExitCodes(subPath)) sub.addHelpText('after', exitCodesHelp(subPath));
    addExitCodes(sub, subPath);
  }
}

/** The hook commands: the bridge (for --help), run, validate, clients. */
function addHookCommands(program: Command): void {
  // Listed for --help only: bin/hookd (sh) and src/cli/main.ts take `emit` before this table is built,
  // so the bridge never loads commander; `hookd emit --help` comes back here for this text.
  const emit = program
    .command('emit')
    .description('the bridge the client runs: store the event for the daemon and return at once')
    .argument('[command...]', 'the hook command the daemon runs (quote it as one word)')
    .allowUnknownOption()
    .helpOption(false);
  addBridgeOptions(emit, EMIT_OPTIONS);

  // Listed for --help only, like emit: bin/hookd runs the native bridge, src/cli/main.ts the Node one.
  const sync = program
    .command('sync')
    .description(
      'the synchronous bridge for a hook that decides: run it now, hand the client its stdout, stderr and exit code, record the run',
    )
    .argument('[command...]', 'the hook command (quote it as one word)')
    .allowUnknownOption()
    .helpOption(false);
  addBridgeOptions(sync, SYNC_OPTIONS);

  addGuardCommand(program);

  program
    .command('run')
    .description("run an event's hooks now, in the foreground, and report each outcome")
    .argument('<event>', 'event name, e.g. Stop')
    .addOption(settingsOption())
    .addOption(clientOption())
    .option('--payload <file>', "payload JSON file, or - for stdin (default: the client's own sample payload)")
    .addOption(jsonOption())
    .action(async (event: string, options) => (await import('../commands/run.js')).runCommand(event, options));

  program
    .command('validate')
    .description("check the clients' hook files; exit 1 with located errors")
    .addOption(settingsOption())
    .addOption(clientOption())
    .addOption(jsonOption())
    .action(async (options) => (await import('../commands/validate.js')).validateCommand(options));

  program
    .command('clients')
    .description('the agent clients found here, their hook files and what hookd runs of them')
    .addOption(jsonOption())
    .action(async (options) => (await import('../commands/clients.js')).clientsCommand(options));
}

/** The daemon and the windows on its runs: status, the live page, the history. */
function addDaemonCommands(program: Command): void {
  program
    .command('daemon')
    .description('run the daemon in the foreground (what the service runs)')
    .addOption(settingsOption())
    .addOption(clientOption())
    .addOption(stateOption())
    .addOption(socketOption())
    .addOption(concurrencyOption())
    .addOption(shutdownDeadlineOption())
    .addOption(tcpPortOption())
    .action(async (options) => (await import('../commands/daemon.js')).daemonCommand(options));

  program
    .command('status')
    .description('daemon state: config, last reload, queue, recent outcomes')
    .addOption(stateOption())
    .addOption(socketOption())
    .addOption(jsonOption())
    .action(async (options) => (await import('../commands/status.js')).statusCommand(options));

  program
    .command('dashboard')
    .description(
      "print a one-time link to the daemon's live page of runs, and open it in a browser when one can be shown",
    )
    .option('--no-open', 'only print the link')
    .addOption(stateOption())
    .addOption(socketOption())
    .action(async (options) => (await import('../commands/dashboard.js')).dashboardCommand(options));

  program
    .command('token')
    .description('the loopback token http hooks send')
    .command('rotate')
    .description(
      'replace the token (the daemon refuses the old one at once); then export HOOKD_TOKEN again and restart the agent clients',
    )
    .addOption(stateOption())
    .addOption(socketOption())
    .action(async (options) => (await import('../commands/token.js')).rotateTokenCommand(options));

  addHistoryCommands(program);
  addLogsCommand(program);
}
