// How a command reaches the platform API: directly with the key from the environment, or, for
// session and message commands when no key is set here, through the daemon's proxy on its unix
// socket (the daemon holds the key). Without either, the command says how to get one.
import { statSync } from 'node:fs';
import { UsageError } from '../common/errors.js';
import { resolvePaths } from '../common/paths.js';
import { ApiClient } from '../api/api-client.js';
import { resolveApiConfig } from '../api/api-config.js';
import { daemonAgent } from '../daemon/socket-client.js';

export interface ConnectOptions {
  /** Session and message commands may go through the daemon. */
  viaDaemon?: boolean;
  socket?: string;
  stateDir?: string;
}

const NO_KEY =
  'no API key: set HOOKD_API_KEY, or HOOKD_API_KEY_FILE to a file only you can read (chmod 600); for offline work run `hookd emulator` and point HOOKD_API_URL at it';

function isSocket(file: string): boolean {
  try {
    return statSync(file).isSocket();
  } catch {
    return false;
  }
}

/** A client for this command, or a UsageError saying what to set. */
export function connectApi(options: ConnectOptions = {}): ApiClient {
  const config = resolveApiConfig();
  if (config.apiKey) return new ApiClient({ apiUrl: config.apiUrl, appUrl: config.appUrl, apiKey: config.apiKey });
  if (options.viaDaemon) {
    const { socket } = resolvePaths({ socket: options.socket, stateDir: options.stateDir });
    if (isSocket(socket)) {
      // The daemon calls its own HOOKD_API_URL: one set in this shell (the emulator's, say) would be ignored without a word (issue 23).
      if (process.env.HOOKD_API_URL) process.stderr.write(`hookd: note: no API key in this shell, so this goes through the hookd daemon at ${socket}, which calls its own HOOKD_API_URL, not this shell's ${config.apiUrl}; set HOOKD_API_KEY here to call that directly\n`);
      // A little longer than the proxy's own 30 s upstream timeout, so its 504 arrives first.
      return new ApiClient({ apiUrl: 'http://hookd', dispatcher: daemonAgent(socket), timeoutMs: 35_000, target: `the hookd daemon at ${socket} (is hookd daemon running?)` });
    }
    throw new UsageError(`${NO_KEY}; or start hookd daemon with a key (no daemon socket at ${socket})`);
  }
  throw new UsageError(NO_KEY);
}
