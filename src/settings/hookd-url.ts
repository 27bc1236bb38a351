// The URL of hookd's hook endpoint, the one place that reads and writes it:
//   http://127.0.0.1:PORT/hooks/v1/<Event>?command=<URL-encoded CMD>   (also `localhost`)
// An http hook of Claude Code whose URL has this shape is a daemon hook: the client POSTs the
// event to the daemon, which runs CMD. The command is read with URLSearchParams on both sides
// (settings and request), so any valid encoding of it names the same command. Another endpoint of
// the same shape under its own prefix (a transport's row in entry-kinds.ts) is read and written
// here too, given its prefix.
import { LOOPBACK_NAMES } from '../http/own-host.js';

/** The path prefix of the hook endpoint. */
export const HOOK_PATH_PREFIX = '/hooks/v1/';

export interface HookdUrl {
  host: string;
  port: number;
  /** The event named in the path. */
  event: string;
  /** The command of `?command=`, decoded; undefined when absent or empty. */
  command: string | undefined;
}

/** The parts of `url` when it points at hookd's hook endpoint (under `prefix`), else undefined (someone else's URL). */
export function parseHookdUrl(url: string, prefix = HOOK_PATH_PREFIX): HookdUrl | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' || !LOOPBACK_NAMES.includes(parsed.hostname) || !parsed.pathname.startsWith(prefix))
    return undefined;
  const command = parsed.searchParams.get('command') ?? '';
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 80),
    event: hookEventOf(parsed.pathname, prefix) ?? '',
    command: command.trim() === '' ? undefined : command,
  };
}

/** The event a path under the hook endpoint names (`/hooks/v1/<Event>`), decoded; undefined when it names none. */
export function hookEventOf(pathname: string, prefix = HOOK_PATH_PREFIX): string | undefined {
  const rest = pathname.slice(prefix.length);
  try {
    const event = decodeURIComponent(rest);
    return event === '' || rest.includes('/') ? undefined : event;
  } catch {
    return undefined;
  }
}

/** The hook URL that makes the daemon on `port` run `command` for `event` (posted under `prefix`). */
export function hookdUrl(port: number, event: string, command: string, prefix = HOOK_PATH_PREFIX): string {
  return `http://127.0.0.1:${port}${prefix}${encodeURIComponent(event)}?command=${encodeURIComponent(command)}`;
}
