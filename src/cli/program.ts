// The command table, the only one: each action imports its command on demand, so a command pays
// only for the modules it uses (and `hookd emit`, taken by bin/hookd and src/bin.ts before this
// table is built, pays for none).
import { Command } from 'commander';
import {
  clientOption, concurrencyOption, dryRunOption, jsonOption, probeTimeoutOption, settingsOption, shutdownDeadlineOption, socketOption, stateOption, tcpPortOption,
} from './options.js';

/**
 * Commander's errors in hookd's voice: `hookd: MESSAGE`. A bad value of a number option is already
 * a whole sentence naming the flag (options.ts); other mistakes (an unknown option) get a hint.
 */
function oneVoice(text: string): string {
  const badValue = /^error: option '.*?' argument '.*' is invalid\. /s;
  if (badValue.test(text)) return text.replace(badValue, 'hookd: ');
  return `${text.replace(/^error: /, 'hookd: ')}(run with --help for usage)\n`;
}

/** Build the `hookd` program. */
export function buildProgram(version: string): Command {
  const program = new Command('hookd')
    .description('Run agent hooks without blocking the agent, and never lose an event.')
    .version(version)
    // One voice: commander's "error: ..." reads as every other hookd error; a bad number names the flag once.
    .configureOutput({ outputError: (text, write) => write(oneVoice(text)) });

  // Listed for --help only: bin/hookd (sh) and src/bin.ts take `emit` before this table is built,
  // so the bridge never loads commander.
  program
    .command('emit')
    .description('the bridge the client runs: store the event for the daemon and return at once')
    .argument('[command...]', 'the hook command the daemon runs (quote it as one word)')
    .allowUnknownOption()
    .helpOption(false)
    .addOption(stateOption());

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
    .command('clients')
    .description('the agent clients found here, their hook files and what hookd runs of them')
    .addOption(jsonOption())
    .action(async (options) => (await import('../commands/clients.js')).clientsCommand(options));

  program
    .command('status')
    .description('daemon state: config, last reload, queue, recent outcomes')
    .addOption(stateOption())
    .addOption(socketOption())
    .addOption(jsonOption())
    .action(async (options) => (await import('../commands/status.js')).statusCommand(options));

  // Platform API commands (sessions, computers, reports, controls, limits, emulator) go below.
  const repeat = (value: string, previous: string[] = []) => [...previous, value];
  const sessions = program.command('sessions').description('sessions of the platform (through the daemon when no key is set here)');
  sessions
    .command('list')
    .description('list sessions, newest first')
    .option('--limit <n>', 'sessions per page, 1 to 100 (default 20)')
    .option('--cursor <cursor>', 'start at this page cursor')
    .option('--computer <id>', 'only sessions of this computer')
    .option('--all', 'walk every page and print one list')
    .addOption(jsonOption())
    .addOption(socketOption())
    .addOption(stateOption())
    .action(async (options) => (await import('../commands/sessions.js')).sessionsList(options));
  sessions
    .command('create')
    .description('create a session on a computer')
    .requiredOption('--computer <id>', 'the computer to connect')
    .option('--cwd <dir>', 'working directory on the computer')
    .option('--settings-json <json>', 'session settings as a JSON object')
    .addOption(jsonOption())
    .addOption(socketOption())
    .addOption(stateOption())
    .action(async (options) => (await import('../commands/sessions.js')).sessionsCreate(options));
  sessions
    .command('message')
    .description('add a message to a session')
    .argument('<session-id>', 'the session')
    .argument('<text>', 'the message text')
    .option('--image <file>', 'attach an image (repeatable)', repeat)
    .option('--file <file>', 'attach a file (repeatable)', repeat)
    .option('--computer <id>', "route to this computer instead of the session's")
    .addOption(jsonOption())
    .addOption(socketOption())
    .addOption(stateOption())
    .action(async (id: string, text: string, options) => (await import('../commands/sessions.js')).sessionsMessage(id, text, options));

  const computers = program.command('computers').description('the computers (execution hosts) of the organization');
  computers
    .command('list')
    .description('list computers, newest first')
    .addOption(jsonOption())
    .action(async (options) => (await import('../commands/computers.js')).computersList(options));
  computers
    .command('get')
    .description('show one computer')
    .argument('<id>', 'the computer')
    .addOption(jsonOption())
    .action(async (id: string, options) => (await import('../commands/computers.js')).computersGet(id, options));
  computers
    .command('update')
    .description("change a computer's name, host id or remote user")
    .argument('<id>', 'the computer')
    .option('--name <name>', 'new name, 1 to 63 characters')
    .option('--host-id <uuid>', 'host id (a UUID; only on a computer that has none)')
    .option('--remote-user <user>', 'remote user, 1 to 63 characters')
    .addOption(jsonOption())
    .action(async (id: string, options) => (await import('../commands/computers.js')).computersUpdate(id, options));
  computers
    .command('install-deps')
    .description('retry the install-dependencies step of a computer')
    .argument('<id>', 'the computer')
    .addOption(jsonOption())
    .action(async (id: string, options) => (await import('../commands/computers.js')).computersInstallDeps(id, options));

  program
    .command('reports')
    .description('readiness reports of the organization')
    .command('list')
    .description('list readiness reports, newest first')
    .option('--repo <id>', 'only reports of this repository id')
    .option('--limit <n>', 'reports per page (a positive number)')
    .option('--start-after <report-id>', 'start after this report')
    .option('--all', 'walk every page and print one list')
    .addOption(jsonOption())
    .action(async (options) => (await import('../commands/reports.js')).reportsList(options));

  program
    .command('controls')
    .description('enterprise controls of the organization')
    .command('history')
    .description('list changes to the organization-wide settings, newest first')
    .option('--limit <n>', 'changes per page, 1 to 100')
    .option('--cursor <cursor>', 'start at this page cursor')
    .option('--all', 'walk every page and print one list')
    .addOption(jsonOption())
    .action(async (options) => (await import('../commands/controls.js')).controlsHistory(options));

  program
    .command('limits')
    .description('credit limits of users')
    .command('set')
    .description('set users\' credit limits (EMAIL=none removes an override); sent in batches of 100')
    .argument('[users...]', 'EMAIL=LIMIT words')
    .option('--file <file>', 'more users: EMAIL=LIMIT lines, or a JSON list of {email, limit}')
    .addOption(jsonOption())
    .action(async (users: string[], options) => (await import('../commands/limits.js')).limitsSet(users, options));

  program
    .command('emulator')
    .description('run a local server that behaves like the platform API (offline work, tests)')
    .option('--port <n>', 'port on 127.0.0.1 (default: a free one)')
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--data <file>', 'seed data (JSON); default: generated sample data')
    .option('--key <key>', 'the API key clients must send (default: HOOKD_API_KEY, else hookd-emulator-key)')
    .option('--run-ms <ms>', 'length of a simulated agent turn or install (default 2000)')
    .option('--test-hooks', 'enable the test-only /__emulator/ routes (fault injection, request log)')
    .action(async (options) => (await import('../commands/emulator.js')).emulatorCommand(options));

  // Install, uninstall, the user service and doctor.
  program
    .command('install')
    .description("wire the bridge into the clients' settings: wrap the plain hooks of events whose result the client ignores, add example hooks")
    .addOption(settingsOption())
    .addOption(clientOption())
    .addOption(stateOption())
    .option('--events <list>', "events to wrap, comma-separated (default: the events whose result the client ignores; naming a deciding event such as Stop wraps it, and its hooks lose their say)")
    .option('--add <name...>', 'add an example hook: notify, log, webhook, followup')
    .addOption(dryRunOption())
    .action(async (options) => (await import('../commands/install.js')).installCommand(options));

  program
    .command('uninstall')
    .description('undo hookd install: restore the wrapped commands, remove the added hooks')
    .addOption(settingsOption())
    .addOption(clientOption())
    .addOption(stateOption())
    .addOption(dryRunOption())
    .action(async (options) => (await import('../commands/uninstall.js')).uninstallCommand(options));

  const service = program.command('service').description('the user service that runs the daemon (systemd user unit / LaunchAgent)');
  for (const [action, description] of [
    ['install', 'write the service file, then enable and start the service'],
    ['uninstall', 'stop and disable the service, then remove its file'],
    ['status', 'whether the service is installed, current and running'],
  ] as const) {
    service
      .command(action)
      .description(description)
      .addOption(dryRunOption())
      .action(async (options) => (await import('../commands/service.js')).serviceCommand(action, options));
  }

  program
    .command('doctor')
    .description('check the whole chain: settings, the hookd on PATH, the daemon, a probe event through the inbox')
    .addOption(settingsOption())
    .addOption(clientOption())
    .addOption(stateOption())
    .addOption(socketOption())
    .option('--path <PATH>', "the PATH the client runs hooks with, to check the hookd it finds (default: this shell's PATH)")
    .addOption(probeTimeoutOption())
    .addOption(jsonOption())
    .action(async (options) => (await import('../commands/doctor.js')).doctorCommand(options));

  return program;
}
