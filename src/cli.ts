// The command table. Each action imports its command on demand, so a command pays only for
// the modules it uses.
import { Command, Option } from 'commander';

const settingsOption = () => new Option('--settings <path>', 'client settings file (env HOOKD_SETTINGS)');
const stateOption = () => new Option('--state-dir <dir>', 'hookd state directory (env HOOKD_STATE_DIR)');
const socketOption = () => new Option('--socket <path>', 'daemon socket (env HOOKD_SOCKET)');
const jsonOption = () => new Option('--json', 'print JSON');

/** Build the `hookd` program. */
export function buildProgram(version: string): Command {
  const program = new Command('hookd')
    .description('Run agent hooks without blocking the agent, and never lose an event.')
    .version(version)
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ outputError: (text, write) => write(text) });

  program
    .command('emit')
    .description('the bridge the client runs: store the event for the daemon and return at once')
    .argument('[command...]', 'the hook command the daemon runs (quote it as one word)')
    .allowUnknownOption()
    .helpOption(false)
    .addOption(stateOption())
    .action(async (words: string[], options) => (await import('./commands/emit.js')).emitCommand(words, options));

  program
    .command('run')
    .description("run an event's hooks now, in the foreground, and report each outcome")
    .argument('<event>', 'event name, e.g. Stop')
    .addOption(settingsOption())
    .option('--payload <file>', 'payload JSON file, or - for stdin (default: a sample payload)')
    .addOption(jsonOption())
    .action(async (event: string, options) => (await import('./commands/run.js')).runCommand(event, options));

  program
    .command('validate')
    .description('check the settings file; exit 1 with located errors')
    .addOption(settingsOption())
    .addOption(jsonOption())
    .action(async (options) => (await import('./commands/validate.js')).validateCommand(options));

  program
    .command('daemon')
    .description('run the daemon in the foreground (what the service runs)')
    .addOption(settingsOption())
    .addOption(stateOption())
    .addOption(socketOption())
    .option('--concurrency <n>', 'hooks running at once', '8')
    .action(async (options) => (await import('./commands/daemon.js')).daemonCommand(options));

  program
    .command('status')
    .description('daemon state: config, last reload, queue, recent outcomes')
    .addOption(stateOption())
    .addOption(socketOption())
    .addOption(jsonOption())
    .action(async (options) => (await import('./commands/status.js')).statusCommand(options));

  // Platform API commands (sessions, computers, reports, controls, limits, emulator) go below.

  return program;
}
