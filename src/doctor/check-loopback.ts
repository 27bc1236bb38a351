// Whether the running daemon's loopback listener holds its port on both loopback addresses. One
// it lacks is held by another process, which receives the http hooks sent there and answers the
// deciding ones (issue 29): the daemon tries again until it is free, and doctor says so meanwhile.
import { requestDaemon } from '../server/socket-client.js';
import { StatusSchema, readAnswer } from '../server/local-api-schemas.js';
import { missingSaid } from '../server/loopback-addresses.js';
import type { Paths } from '../common/paths.js';
import type { Check } from './checks.js';

/** The daemon's hook listener holds 127.0.0.1 and [::1] at its port; undefined when the daemon does not say (an older one). */
export async function checkLoopbackAddresses(paths: Paths): Promise<Check | undefined> {
  let loopback;
  try {
    loopback = readAnswer(StatusSchema, await requestDaemon(paths.socket, 'GET', '/status'), 'GET /status').loopback;
  } catch (error) {
    return {
      name: 'hook listener',
      ok: false,
      detail: `the daemon did not say what it listens on: ${(error as Error).message}`,
      fix: 'see the daemon log (hookd logs)',
    };
  }
  if (!loopback) return undefined;
  if (loopback.missing.length === 0) {
    const where = loopback.activated
      ? 'the sockets the service manager holds'
      : `127.0.0.1:${loopback.port} and its IPv6 loopback`;
    return { name: 'hook listener', ok: true, detail: `listening on ${where}` };
  }
  return {
    name: 'hook listener',
    ok: false,
    detail: loopback.missing.map((missing) => missingSaid(missing)).join('; '),
    fix: 'stop whatever holds the port (the daemon takes it back within seconds); for good, hookd service install (socket activation holds the port from login) or hookd install --transport bridge',
  };
}
