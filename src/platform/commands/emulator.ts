// `hookd api emulator`: a local stand-in for the platform API, for offline work and for tests (with
// `--drift`, one that answers the way drifting production servers do). It prints its URL on
// stdout and runs until interrupted.
import { HookdError, UsageError, describeError, fail } from '../../common/errors.js';
import { startEmulator, type RunningEmulator } from '../emulator/start-emulator.js';

export interface EmulatorCommandOptions {
  port?: string;
  host?: string;
  data?: string;
  key?: string;
  runMs?: string;
  drift?: boolean;
  testHooks?: boolean;
}

/** The key clients must send when none is given. */
export const DEFAULT_EMULATOR_KEY = 'hookd-emulator-key';

function whole(value: string | undefined, flag: string, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) > max)
    throw new UsageError(`${flag}: expected a whole number from 0 to ${max}, got ${JSON.stringify(value)}`);
  return Number(value);
}

// Why the emulator could not listen, and what to do, instead of Node's `listen EADDRINUSE`.
async function listening(
  start: () => Promise<RunningEmulator>,
  host: string,
  port: number | undefined,
): Promise<RunningEmulator> {
  try {
    return await start();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const choose = 'choose another with --port N, or --port 0 for a free one';
    if (code === 'EADDRINUSE')
      throw new HookdError(
        'EADDRINUSE',
        `port ${port} on ${host} is taken: another program listens there (another hookd api emulator?); ${choose}. \`ss -ltnp 'sport = :${port}'\` shows which`,
        { cause: error },
      );
    if (code === 'EACCES')
      throw fail(
        'ELISTEN',
        { where: `${host}:${port}`, reason: `permission denied (ports below 1024 need privileges); ${choose}` },
        { cause: error },
      );
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
      throw new UsageError(
        `--host ${host}: not an address of this machine; the default 127.0.0.1 serves this machine only`,
      );
    throw fail('ELISTEN', { where: `${host}:${port ?? 0}`, reason: describeError(error) }, { cause: error });
  }
}

/** Start the emulator and serve until SIGINT or SIGTERM. */
export async function emulatorCommand(options: EmulatorCommandOptions): Promise<void> {
  const port = whole(options.port, '--port', 65535);
  const runMs = whole(options.runMs, '--run-ms', 3_600_000);
  const given = options.key ?? process.env.HOOKD_API_KEY;
  const key = given || DEFAULT_EMULATOR_KEY;
  const emulator = await listening(
    () =>
      startEmulator({
        port,
        host: options.host,
        key,
        data: options.data,
        runMs,
        drift: options.drift,
        testHooks: options.testHooks,
      }),
    options.host ?? '127.0.0.1',
    port,
  );
  // Listening for the signals before saying where it listens: a caller that reads the URL and stops it at once is heard.
  const stopped = new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  process.stdout.write(`the emulator listening on ${emulator.url}\n`);
  // Only the built-in key is shown: a key passed in may be a real one.
  process.stdout.write(
    given
      ? 'clients must send the key given with --key or HOOKD_API_KEY\n'
      : `clients must send the key ${DEFAULT_EMULATOR_KEY}\n`,
  );
  process.stdout.write(
    `try: HOOKD_API_URL=${emulator.url} HOOKD_API_KEY=${given ? '<key>' : key} hookd api sessions list\n`,
  );
  if (options.drift)
    process.stdout.write(
      'drift mode: answers drift from the spec the way production servers do (nulls, unknown fields, unlisted enum values, other 2xx statuses, short pages)\n',
    );
  if (options.testHooks)
    process.stdout.write('test hooks on: /__emulator/faults and /__emulator/requests (for tests only)\n');
  await stopped;
  await emulator.close();
}
