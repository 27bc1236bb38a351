// The options several commands share, and the number options, written once: each default, each
// environment variable and each range in one place. Numbers are parsed here (commander's
// argParser), so a command receives numbers it can trust.
import { Option, type Command } from 'commander';
import { UsageError } from '../common/errors.js';
import { CLIENT_IDS } from '../clients/registry.js';
import type { BridgeOptions } from '../clients/bridge-options.js';
import { TRANSPORT_NAMES, transportHelp } from '../install/transports.js';

/** How many hooks the daemon runs at once unless told otherwise. */
export const DEFAULT_CONCURRENCY = 8;
/** How long running hooks may finish after a stop request, in seconds. */
export const DEFAULT_SHUTDOWN_DEADLINE_SEC = 10;

export const settingsOption = () =>
  new Option('--settings <path>', "one hook file to use instead of the clients' own (env HOOKD_SETTINGS)");
export const clientOption = () =>
  new Option('--client <name>', 'the client whose files to use (default: every client found here)').choices(CLIENT_IDS);
/** `--client` for install: one client or several, comma-separated (`claude,gemini`), each checked. */
export const clientsOption = () =>
  new Option(
    '--client <names>',
    'the clients whose files to use, comma-separated (default: every client found here)',
  ).argParser((value: string) => {
    const unknown = value
      .split(',')
      .map((name) => name.trim())
      .filter((name) => !(CLIENT_IDS as readonly string[]).includes(name));
    if (unknown.length)
      throw new UsageError(
        `--client: unknown client ${unknown.map((name) => JSON.stringify(name)).join(', ')}; choose from ${CLIENT_IDS.join(', ')}`,
      );
    return value;
  });
export const stateOption = () => new Option('--state-dir <dir>', 'hookd state directory (env HOOKD_STATE_DIR)');
export const socketOption = () => new Option('--socket <path>', 'daemon socket (env HOOKD_SOCKET)');
export const jsonOption = () => new Option('--json', 'print JSON');
export const dryRunOption = () => new Option('--dry-run', 'show what would change and write nothing');

/**
 * A usage error about `flag`'s value, naming the environment variable `env` instead when the value
 * is its. Not commander's InvalidArgumentError: commander would prefix it with its own sentence;
 * this one goes through to src/cli/main.ts like any other usage error.
 */
function invalid(flag: string, what: string, value: string, env?: string): UsageError {
  const name = env !== undefined && process.env[env] === value ? env : flag;
  return new UsageError(`${name} must be ${what}, got ${JSON.stringify(value)}`);
}

/** A parser of whole numbers from `min` to `max` (plain decimal digits: no `0x10`, `1e2` or spaces); `env`: the option's variable. */
export function integerIn(
  flag: string,
  what: string,
  min: number,
  max: number,
  env?: string,
): (value: string) => number {
  return (value) => {
    const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(number) || number < min || number > max)
      throw invalid(flag, `${what} from ${min} to ${max}`, value, env);
    return number;
  };
}

/** A parser of a number of seconds (decimals allowed), 0 or more, or above 0 when `positive`; `env`: the option's variable. */
export function seconds(flag: string, positive: boolean, env?: string): (value: string) => number {
  return (value) => {
    const number = /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isFinite(number) || (positive && number <= 0))
      throw invalid(flag, `a ${positive ? 'positive ' : ''}number of seconds`, value, env);
    return number;
  };
}

export const concurrencyOption = () =>
  new Option('--concurrency <n>', 'hooks running at once')
    .argParser(integerIn('--concurrency', 'an integer', 1, 256))
    .default(DEFAULT_CONCURRENCY);
export const shutdownDeadlineOption = () =>
  new Option('--shutdown-deadline <seconds>', 'on stop, how long running hooks may finish before they are interrupted')
    .argParser(seconds('--shutdown-deadline', false))
    .default(DEFAULT_SHUTDOWN_DEADLINE_SEC);
export const tcpPortOption = () =>
  new Option(
    '--tcp-port <port>',
    'the loopback listener (local API and http hooks, bearer token in <state>/local-token); default 14653, 0 any free port',
  )
    .env('HOOKD_TCP_PORT')
    .argParser(integerIn('--tcp-port', 'a port number', 0, 65535, 'HOOKD_TCP_PORT'));
export const transportOption = () =>
  new Option('--transport <how>', transportHelp()).choices(TRANSPORT_NAMES).default(TRANSPORT_NAMES[0]);
export const probeTimeoutOption = () =>
  new Option('--timeout <seconds>', 'how long to wait for the probe hook')
    .argParser(seconds('--timeout', true))
    .default(10);

/** A bridge's options on its command, for its help only: the bridges read their own words (clients/bridge-options.ts). */
export function addBridgeOptions(command: Command, table: BridgeOptions): Command {
  for (const option of Object.values(table))
    command.addOption(new Option(option.value ? `${option.flag} <${option.value}>` : option.flag, option.help));
  return command;
}
