// The systemd user unit that runs `hookd daemon`, with the socket of hookd.socket as fd 3.
import type { ServiceSpec } from './service-spec.js';
import { SOCKET_UNIT } from './render-systemd-socket.js';

// In a unit file, `%` starts a specifier and `$` a variable reference in ExecStart; inside
// double quotes, `\` and `"` are escaped with a backslash.
const quote = (value: string): string =>
  `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/%/g, '%%').replace(/\n/g, '\\n')}"`;
const quoteExec = (value: string): string => quote(value).replace(/\$/g, '$$$$');

/** The text of hookd.service for `spec`. */
export function renderSystemdUnit(spec: ServiceSpec): string {
  const lines = [
    '# Written by `hookd service install`; `hookd service uninstall` removes it.',
    '[Unit]',
    'Description=hookd: runs agent hooks without blocking the agent',
    // The socket is passed when it is up; Wants, not Requires: without it (its port taken) the
    // daemon still runs, and the bridge still works.
    `Wants=${SOCKET_UNIT}`,
    `After=${SOCKET_UNIT}`,
    '',
    '[Service]',
    'Type=simple',
    `ExecStart=${[spec.node, spec.script, 'daemon'].map(quoteExec).join(' ')}`,
    'Restart=on-failure',
    'RestartSec=2',
    // Running hooks get the daemon's shutdown deadline (10 s) before they are interrupted.
    'TimeoutStopSec=20',
    ...Object.entries(spec.env).map(([name, value]) => `Environment=${quote(`${name}=${value}`)}`),
    '',
    '[Install]',
    'WantedBy=default.target',
  ];
  return `${lines.join('\n')}\n`;
}
