// The loopback listener's own names. A request whose Host is anything else was sent to another
// name that resolves here (DNS rebinding: a web page's name pointed at 127.0.0.1), so the hook
// endpoint and the live page answer only to these.
/** The names the loopback listener answers to, with its port. */
export const LOOPBACK_NAMES: readonly string[] = ['127.0.0.1', 'localhost'];

/** Whether `host` (a Host header) names the loopback listener on `port`; host names are case-insensitive. */
export function isOwnHost(host: string | undefined, port: number | undefined): boolean {
  const given = (host ?? '').toLowerCase();
  return port !== undefined && LOOPBACK_NAMES.some((name) => given === `${name}:${port}`);
}

/** The origins of pages the loopback listener serves on `port`. */
export const ownOrigins = (port: number): string[] => LOOPBACK_NAMES.map((name) => `http://${name}:${port}`);
