// The loopback port of the hook endpoint. Fixed by default, so that an http hook written into a
// client's settings keeps working across daemon restarts; below 32768, so that Linux never hands it
// out as an ephemeral port (net.ipv4.ip_local_port_range starts at 32768).

/** The default port of the loopback listener and its hook endpoint; --tcp-port or HOOKD_TCP_PORT change it. */
export const DEFAULT_HOOK_PORT = 14653;

/** The port a command uses for hook URLs: the one given (flag, then HOOKD_TCP_PORT, as parsed once), else the default. */
export function hookPort(given: number | undefined): number {
  return given !== undefined && given > 0 ? given : DEFAULT_HOOK_PORT;
}
