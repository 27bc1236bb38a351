// What a request to the hook endpoint must look like before anything of it is read: no page in a
// browser can make such a request (an Origin header, a non-JSON content type, or a Host that is
// not the listener's own, as DNS rebinding would send, are refused), and the command it names must
// be one a followed settings file posts to hookd for that event (or doctor's probe), as the one
// predicate of the hooks the daemon runs answers (settings/daemon-hooks.ts, the endpoint's way: `http`).
import type { IncomingMessage } from 'node:http';
import type { DaemonHooks, Way } from '../settings/daemon-hooks.js';
import { isOwnHost } from '../http/own-host.js';
import type { RefusalCode } from '../common/error-catalogue.js';
import { isProbeCommand } from '../runs/probe-marker.js';

export interface Refusal {
  code: RefusalCode;
  detail: string;
}

/** The media type of a Content-Type header, lower case, without parameters. */
function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Why `req` may not reach the endpoint from where it came, or undefined. */
export function refuseOrigin(req: IncomingMessage): Refusal | undefined {
  if (req.headers.origin !== undefined) {
    return {
      code: 'EFORBIDDEN' as const,
      detail:
        'a request with an Origin header comes from a web page; the hook endpoint takes requests from agent clients only',
    };
  }
  const port = req.socket.localPort;
  if (!isOwnHost(req.headers.host, port)) {
    return {
      code: 'EFORBIDDEN' as const,
      detail: `Host must be 127.0.0.1:${port} or localhost:${port} (this listener), got ${JSON.stringify(req.headers.host ?? '')}`,
    };
  }
  if (mediaType(req.headers['content-type']) !== 'application/json') {
    return {
      code: 'EMEDIA' as const,
      detail: `Content-Type must be application/json, got ${JSON.stringify(req.headers['content-type'] ?? '')}`,
    };
  }
  return undefined;
}

/** Why the daemon may not run `command` for `event`, or undefined when a followed file posts it there (under `at.prefix`, asked by `at.way`). */
export function refuseCommand(
  hooks: DaemonHooks,
  event: string,
  command: string | undefined,
  at: { prefix: string; way: Way },
): Refusal | undefined {
  if (command === undefined || command.trim() === '') {
    return {
      code: 'EREQUEST' as const,
      detail: `name the command to run: POST ${at.prefix}<Event>?command=<URL-encoded command>`,
    };
  }
  // `hookd doctor`'s probe, `echo hookd-doctor-probe <nonce>`, checks this path the client's way.
  if (hooks.entriesFor(event, command, undefined, at.way).length > 0 || isProbeCommand(command)) return undefined;
  const elsewhere = hooks.eventsFor(command, at.way).filter((other) => other !== event);
  const also = elsewhere.length ? ` (it is configured for ${elsewhere.join(', ')})` : '';
  return {
    code: 'EFORBIDDEN' as const,
    detail: `no settings file the daemon follows has an http hook for ${event} with this command${also}; nothing was run`,
  };
}
