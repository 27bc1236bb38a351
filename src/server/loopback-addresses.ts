// The loopback listener's port on both loopback addresses, held for the daemon's whole life (issue
// 29 item 4). Another local user who binds 127.0.0.1:PORT or [::1]:PORT before the daemon starts
// receives the http hooks sent there, their token and the whole tool input, and answers them: a
// deciding hook's "allow" of its choosing. A daemon that gave up on a busy address left it to them
// for good. Here the daemon keeps the address it could take, tries the missing one again every
// RETRY_MS (a timer, not a loop: nothing runs between tries), takes it back the moment it is free,
// and says so in the log; `missing()` feeds GET /status, which `hookd status`, `hookd doctor` and
// the page read, so that each says it loudly for as long as an address is missing.
//
// One HTTP server serves both addresses: the first address taken is the server's own listen, the
// other is handed to it by listen-both.ts, so a stop closes both wherever they were taken.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listenAlso, stopAccepting } from './listen-both.js';
import { listenersOn, userName } from '../os/os.js';
import { envMs } from '../common/env-ms.js';
import type { Logger } from '../common/logger.js';

/** The two loopback addresses, IPv4 first: it is the one hook URLs name (hookd install writes 127.0.0.1). */
export const LOOPBACK_HOSTS = ['127.0.0.1', '::1'] as const;
export type LoopbackHost = (typeof LOOPBACK_HOSTS)[number];

// A few seconds between tries: a freed port is taken back soon, and an idle daemon stays idle.
// HOOKD_PORT_RETRY_MS shortens it for tests, as HOOKD_LAUNCHER_IDLE_MS does the launcher's idle time.
const RETRY_MS = 3000;

// How often the log says again that an address is still missing.
const REMIND_MS = 10 * 60_000;

// Errors that mean this system has no IPv6 loopback: nothing there for anyone to take, nothing to retry.
const NO_IPV6 = new Set(['EADDRNOTAVAIL', 'EAFNOSUPPORT', 'EPROTONOSUPPORT']);

// The addresses, as the kernel's tables name them (os/listener-owner.ts), whose listener a connection to each loopback address reaches.
const REACHED_BY: Record<LoopbackHost, readonly string[]> = {
  '127.0.0.1': ['127.0.0.1', '0.0.0.0', '::ffff:127.0.0.1', '::ffff:0.0.0.0', '::'],
  '::1': ['::1', '::'],
};

/** An address the listener lacks: since when, why, and who holds it when the kernel says. */
export type MissingAddress = {
  host: LoopbackHost;
  port: number;
  since: string;
  /** The listen error's code (EADDRINUSE, EACCES …). */
  code: string;
  /** `name (uid N)` of the user whose listener holds it, when the kernel's tables say. */
  heldBy: string | null;
};

/** `[::1]:PORT` or `127.0.0.1:PORT`, as a URL writes it. */
export const hostPort = (host: string, port: number) => `${host.includes(':') ? `[${host}]` : host}:${port}`;

// Listen with `server` itself when it listens nowhere yet, else hand it a second listener.
function listenOn(server: Server, host: LoopbackHost, port: number): Promise<void> {
  if (server.listening) return listenAlso(server, { host, port });
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.once('error', failed);
    server.listen({ host, port }, () => {
      server.off('error', failed);
      resolve();
    });
  });
}

function heldBy(host: LoopbackHost, port: number): string | null {
  const holder = (listenersOn(port) ?? []).find((listener) => REACHED_BY[host].includes(listener.address));
  return holder ? userName(holder.uid) : null;
}

/** The loopback listener's addresses: both taken, or the missing ones tried again until they are. */
export class LoopbackAddresses {
  private readonly lacking = new Map<LoopbackHost, MissingAddress>();
  private readonly saidAt = new Map<LoopbackHost, number>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly server: Server,
    /** The port held (0 until the first listen chose one). */
    public port: number,
    private readonly logger: Logger,
    private readonly retryMs = envMs('HOOKD_PORT_RETRY_MS', RETRY_MS),
  ) {}

  /** Take both addresses, or those free now; the port, chosen by the first listen when it was 0. */
  async take(): Promise<number> {
    for (const host of LOOPBACK_HOSTS) await this.tryHost(host);
    this.schedule();
    return this.port;
  }

  /** The addresses the listener lacks now (empty when it holds both). */
  missing(): MissingAddress[] {
    return [...this.lacking.values()];
  }

  /** Whether a connection to `host` at the port reaches this daemon now. */
  holds(host: LoopbackHost): boolean {
    return this.server.listening && !this.lacking.has(host);
  }

  /** No more tries (the daemon is stopping). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private async tryHost(host: LoopbackHost): Promise<void> {
    try {
      await listenOn(this.server, host, this.port);
      // Port 0 is a free port chosen by the first listen; the other address takes the same one.
      if (this.port === 0) this.port = (this.server.address() as AddressInfo).port;
      // A stop that came while this listen was under way: let go at once, or the process would stay up holding it.
      if (this.stopped) return stopAccepting(this.server);
      const lacked = this.lacking.get(host);
      this.lacking.delete(host);
      if (lacked)
        this.logger.warn(
          { host, port: this.port, missingSince: lacked.since },
          `took ${hostPort(host, this.port)} back: http hooks sent there reach this daemon again`,
        );
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
      if (host === '::1' && NO_IPV6.has(code))
        return this.logger.debug({ code }, 'no IPv6 loopback here: the listener holds 127.0.0.1 only');
      // A port the first listen was to choose was not chosen: there is nothing to hold, so nothing to try again.
      if (this.port === 0) throw error;
      const known = this.lacking.get(host);
      // Said when it is lost, then again every REMIND_MS for as long as it lasts: one line at start scrolls away.
      if (known && Date.now() - this.saidAt.get(host)! < REMIND_MS) return;
      const missing: MissingAddress = known ?? {
        host,
        port: this.port,
        since: new Date().toISOString(),
        code,
        heldBy: heldBy(host, this.port),
      };
      this.lacking.set(host, missing);
      this.saidAt.set(host, Date.now());
      this.logger.error(
        { host, port: this.port, code, heldBy: missing.heldBy, since: missing.since },
        missingSaid(missing, this.retryMs),
      );
    }
  }

  // One try of every missing address RETRY_MS after the last ended; unref'd, so that it never keeps a stopping process alive.
  private schedule(): void {
    if (this.stopped || this.lacking.size === 0) return;
    this.timer = setTimeout(() => {
      void (async () => {
        for (const host of [...this.lacking.keys()]) if (!this.stopped) await this.tryHost(host);
        this.schedule();
      })();
    }, this.retryMs);
    this.timer.unref();
  }
}

/** What a missing address means, for the log, `hookd status` and `hookd doctor`. */
export function missingSaid(missing: Omit<MissingAddress, 'host'> & { host: string }, retryMs?: number): string {
  const who = missing.heldBy ? `${missing.heldBy} holds it` : `it is taken (${missing.code})`;
  const retry =
    retryMs === undefined
      ? 'the daemon tries again every few seconds'
      : `the daemon tries again every ${Math.round(retryMs / 1000)} s`;
  return `the hook listener LACKS ${hostPort(missing.host, missing.port)} (${who}): http hooks sent there reach whoever holds it, with their token, and a deciding hook gets its answer; ${retry} and takes it back when it is free. Stop that listener; on a shared machine, hold the port from login with socket activation (hookd service install), or put deciding hooks behind the bridge (hookd install --transport bridge)`;
}
