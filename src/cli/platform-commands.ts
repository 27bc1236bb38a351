// The platform API's part of the command table (src/cli/program.ts registers it), all under one
// command, `hookd api`, so that the first help screen is about hooks: sessions, computers, readiness
// reports, enterprise controls, credit limits, the emulator, and `hookd api METHOD PATH` itself for a
// raw request. Each action imports its command on demand, like the rest of the table.
import { Option, type Command } from 'commander';
import { jsonOption, seconds, socketOption, stateOption } from './options.js';

/** How long each attempt of a call waits for its answer (default 30 s; 35 s through the daemon, whose proxy gives up at 30). */
const timeoutOption = () =>
  new Option('--timeout <seconds>', 'how long each attempt waits for an answer (default 30)')
    .env('HOOKD_API_TIMEOUT')
    .argParser(seconds('--timeout', true, 'HOOKD_API_TIMEOUT'));

/**
 * The options a call to the platform API ends with, after its own: `--json` (unless it prints the
 * answer as sent), `--timeout`, and for a command that may go through the daemon (connectApi's
 * `viaDaemon`) which daemon: `--socket`, `--state-dir`.
 */
function addCallOptions(command: Command, { json = true, viaDaemon = false } = {}): Command {
  if (json) command.addOption(jsonOption());
  command.addOption(timeoutOption());
  return viaDaemon ? command.addOption(socketOption()).addOption(stateOption()) : command;
}

/** Register the platform API commands on `program`, as `hookd api …`. */
export function addPlatformCommands(program: Command): void {
  const api = addRawCommand(program);
  addSessionCommands(api);
  addComputerCommands(api);
  addOrganizationCommands(api);
  addEmulatorCommand(api);
  // The commands under `api` have options of the same names as its own (--timeout, --socket,
  // --state-dir): positional at every level (program.ts sets the root), an option after a
  // subcommand's name is the subcommand's.
  for (const parent of [api, ...api.commands]) parent.enablePositionalOptions();
}

// The parser of a repeatable option: every value given, in order.
const repeat = (value: string, previous: string[] = []) => [...previous, value];

/**
 * `hookd api METHOD PATH`: any endpoint, the answer as sent. It is also the parent of the platform's
 * other commands (`hookd api sessions list`): a first word that names none of them is a method.
 */
function addRawCommand(program: Command): Command {
  const api = program
    .command('api')
    .description(
      'the platform API: its sessions, computers, reports, controls, limits and emulator, or any request (hookd api METHOD PATH, like gh api)',
    )
    // Either a command of the platform's (below) or a raw request: the usage line says both.
    .usage('<command> … | [options] <method> <path>')
    .argument('<method>', 'GET, POST, PUT, PATCH or DELETE')
    .argument('<path>', 'a path (/api/v0/... goes to HOOKD_API_URL, others to HOOKD_APP_URL) or a URL of either')
    .option(
      '-F, --field <key=value>',
      'a field: true, false, null and numbers typed, @file read (repeatable; the query of a GET, else the JSON body)',
      repeat,
    )
    .option('-f, --raw-field <key=value>', 'a field kept as a string (repeatable)', repeat)
    .option('--input <file>', 'the JSON body from a file (- for stdin); fields then go to the query')
    .option(
      '--paginate',
      'follow the pages of a list (nextCursor, or startAfter for reports), printing each as it arrives',
    )
    .option('-i, --include', 'print the status line and headers before the body');
  return addCallOptions(api, { json: false, viaDaemon: true }).action(async (method: string, path: string, options) =>
    (await import('../platform/commands/api-raw.js')).apiRawCommand(method, path, options),
  );
}

/** sessions list, create, message. */
function addSessionCommands(program: Command): void {
  const sessions = program
    .command('sessions')
    .description('sessions of the platform (through the daemon when no key is set here)');
  const list = sessions
    .command('list')
    .description('list sessions, newest first')
    .option('--limit <n>', 'sessions per page, 1 to 100 (default 20)')
    .option('--cursor <cursor>', 'start at this page cursor')
    .option('--computer <id>', 'only sessions of this computer')
    .option('--all', 'walk every page, printing each as it arrives');
  addCallOptions(list, { viaDaemon: true }).action(async (options) =>
    (await import('../platform/commands/sessions.js')).sessionsList(options),
  );
  const create = sessions
    .command('create')
    .description('create a session on a computer')
    .requiredOption('--computer <id>', 'the computer to connect')
    .option('--cwd <dir>', 'working directory on the computer')
    .option('--settings-json <json>', 'session settings as a JSON object');
  addCallOptions(create, { viaDaemon: true }).action(async (options) =>
    (await import('../platform/commands/sessions.js')).sessionsCreate(options),
  );
  const message = sessions
    .command('message')
    .description('add a message to a session')
    .argument('<session-id>', 'the session')
    .argument('<text>', 'the message text')
    .option('--image <file>', 'attach an image (repeatable)', repeat)
    .option('--file <file>', 'attach a file (repeatable)', repeat)
    .option('--computer <id>', "route to this computer instead of the session's");
  addCallOptions(message, { viaDaemon: true }).action(async (id: string, text: string, options) =>
    (await import('../platform/commands/sessions.js')).sessionsMessage(id, text, options),
  );
}

/** computers list, get, update, install-deps. */
function addComputerCommands(program: Command): void {
  const computers = program.command('computers').description('the computers (execution hosts) of the organization');
  const list = computers.command('list').description('list computers, newest first');
  addCallOptions(list).action(async (options) =>
    (await import('../platform/commands/computers.js')).computersList(options),
  );
  const get = computers.command('get').description('show one computer').argument('<id>', 'the computer');
  addCallOptions(get).action(async (id: string, options) =>
    (await import('../platform/commands/computers.js')).computersGet(id, options),
  );
  const update = computers
    .command('update')
    .description("change a computer's name, host id or remote user")
    .argument('<id>', 'the computer')
    .option('--name <name>', 'new name, 1 to 63 characters')
    .option('--host-id <uuid>', 'host id (a UUID; only on a computer that has none)')
    .option('--remote-user <user>', 'remote user, 1 to 63 characters');
  addCallOptions(update).action(async (id: string, options) =>
    (await import('../platform/commands/computers.js')).computersUpdate(id, options),
  );
  const installDeps = computers
    .command('install-deps')
    .description('retry the install-dependencies step of a computer')
    .argument('<id>', 'the computer');
  addCallOptions(installDeps).action(async (id: string, options) =>
    (await import('../platform/commands/computers.js')).computersInstallDeps(id, options),
  );
}

/** Readiness reports, enterprise controls, credit limits. */
function addOrganizationCommands(program: Command): void {
  const list = program
    .command('reports')
    .description('readiness reports of the organization')
    .command('list')
    .description('list readiness reports, newest first')
    .option('--repo <id>', 'only reports of this repository id')
    .option('--limit <n>', 'reports per page (a positive number)')
    .option('--start-after <report-id>', 'start after this report')
    .option('--all', 'walk every page, printing each as it arrives');
  addCallOptions(list).action(async (options) =>
    (await import('../platform/commands/reports.js')).reportsList(options),
  );

  const history = program
    .command('controls')
    .description('enterprise controls of the organization')
    .command('history')
    .description('list changes to the organization-wide settings, newest first')
    .option('--limit <n>', 'changes per page, 1 to 100')
    .option('--cursor <cursor>', 'start at this page cursor')
    .option('--all', 'walk every page, printing each as it arrives');
  addCallOptions(history).action(async (options) =>
    (await import('../platform/commands/controls.js')).controlsHistory(options),
  );

  const set = program
    .command('limits')
    .description('credit limits of users')
    .command('set')
    .description("set users' credit limits (EMAIL=none removes an override); sent in batches of 100")
    .argument('[users...]', 'EMAIL=LIMIT words')
    .option('--file <file>', 'more users: EMAIL=LIMIT lines, or a JSON list of {email, limit}');
  addCallOptions(set).action(async (users: string[], options) =>
    (await import('../platform/commands/limits.js')).limitsSet(users, options),
  );
}

/** The emulator: a local stand-in for the platform API, plain or drifting. */
function addEmulatorCommand(program: Command): void {
  program
    .command('emulator')
    .description('run a local server that behaves like the platform API (offline work, tests)')
    .option('--port <n>', 'port on 127.0.0.1 (default: a free one)')
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--data <file>', 'seed data (JSON); default: generated sample data')
    .option('--key <key>', 'the API key clients must send (default: HOOKD_API_KEY, else hookd-emulator-key)')
    .option('--run-ms <ms>', 'length of a simulated agent turn or install (default 2000)')
    .option(
      '--drift',
      'answer the way production servers drift: nulls in optional fields, unknown fields, unlisted enum values, 200 for 201, short pages (for tests)',
    )
    .option('--test-hooks', 'enable the test-only /__emulator/ routes (fault injection, request log)')
    .action(async (options) => (await import('../platform/commands/emulator.js')).emulatorCommand(options));
}
