// hookd.socket: systemd holds the hook endpoint's port and passes it to hookd.service as fd 3
// (socket activation, see socket-activation.ts). While the daemon restarts, a client's http hook
// waits in the kernel's queue of this socket instead of being refused. It holds [::1]:PORT too:
// `localhost` may resolve to ::1 first, and another local user could otherwise bind it and receive
// the hooks (and their token) of an entry that says localhost. FreeBind lets the unit start where
// IPv6 is turned off on the loopback (no ::1 to bind yet); a kernel built or booted without IPv6
// at all fails the unit, and the daemon then runs without it (Wants=, not Requires=).

/** The socket unit's name; hookd.service takes its socket by this shared name. */
export const SOCKET_UNIT = 'hookd.socket';

/** The text of hookd.socket, listening on 127.0.0.1:`port` and [::1]:`port`. */
export function renderSystemdSocket(port: number): string {
  const lines = [
    '# Written by `hookd service install`; `hookd service uninstall` removes it.',
    '[Unit]',
    "Description=hookd: holds the hook endpoint's port while the daemon restarts",
    '',
    '[Socket]',
    `ListenStream=127.0.0.1:${port}`,
    `ListenStream=[::1]:${port}`,
    'FreeBind=true',
    '',
    '[Install]',
    'WantedBy=sockets.target',
  ];
  return `${lines.join('\n')}\n`;
}
