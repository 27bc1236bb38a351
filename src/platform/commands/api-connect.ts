// How a command reaches the platform API: directly with the key from the environment, or, for
// session and message commands when no key is set here, through the daemon's proxy on its unix
// socket (the daemon holds the key). Without either, the command says how to get one. Every
// client says who it is (`hookd/0.1.0`), waits `--timeout` seconds per attempt, and sends its
// warnings about drifted answers to stderr, once each.
import { statSync } from 'node:fs';
import { UsageError } from '../../common/errors.js';
import { resolvePaths } from '../../common/paths.js';
import { packageVersion } from '../../common/package-root.js';
import { ApiClient } from '../api/api-client.js';
import { resolveApiConfig } from '../api/api-config.js';
import { daemonAgent } from '../../server/daemon-agent.js';
import { warnOnce } from './api-output.js';

export interface ConnectOptions {
  /** Session and message commands may go through the daemon. */
  viaDaemon?: boolean;
  socket?: string;
  stateDir?: string;
  /** `--timeout`: seconds each attempt may wait for an answer. */
  timeout?: number;
}

/** Seconds a call waits by default; through the daemon a little longer, so the proxy's own 504 (30 s) arrives first. */
export const DEFAULT_TIMEOUT_SEC = 30;
const VIA_DAEMON_TIMEOUT_SEC = 35;

const NO_KEY =
  'no API key: set HOOKD_API_KEY, or HOOKD_API_KEY_FILE to a file only you can read (chmod 600); for offline work run `hookd api emulator` and point HOOKD_API_URL at it';

function isSocket(file: string): boolean {
  try {
    return statSync(file).isSocket();
  } catch {
    return false;
  }
}

/** `hookd/0.1.0 (node 20.19.0; linux)`: servers and their logs can tell which hookd called. */
export function userAgent(): string {
  return `hookd/${packageVersion()} (node ${process.versions.node}; ${process.platform})`;
}

/** A client for this command, or a UsageError saying what to set. */
export function connectApi(options: ConnectOptions = {}): ApiClient {
  const config = resolveApiConfig();
  const common = { userAgent: userAgent(), onWarning: warnOnce() };
  if (config.apiKey) {
    return new ApiClient({
      ...common,
      apiUrl: config.apiUrl,
      appUrl: config.appUrl,
      apiKey: config.apiKey,
      timeoutMs: (options.timeout ?? DEFAULT_TIMEOUT_SEC) * 1000,
    });
  }
  if (options.viaDaemon) {
    const { socket } = resolvePaths({ socket: options.socket, stateDir: options.stateDir });
    if (isSocket(socket)) {
      // The daemon calls its own HOOKD_API_URL: one set in this shell (the emulator's, say) would be ignored without a word (issue 23).
      if (process.env.HOOKD_API_URL)
        process.stderr.write(
          `hookd: note: no API key in this shell, so this goes through the hookd daemon at ${socket}, which calls its own HOOKD_API_URL, not this shell's ${config.apiUrl}; set HOOKD_API_KEY here to call that directly\n`,
        );
      return new ApiClient({
        ...common,
        apiUrl: 'http://hookd',
        dispatcher: daemonAgent(socket),
        timeoutMs: (options.timeout ?? VIA_DAEMON_TIMEOUT_SEC) * 1000,
        target: `the hookd daemon at ${socket} (is hookd daemon running?)`,
        keyHolder: 'daemon',
      });
    }
    throw new UsageError(`${NO_KEY}; or start hookd daemon with a key (no daemon socket at ${socket})`);
  }
  throw new UsageError(NO_KEY);
}
