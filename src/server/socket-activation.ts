// systemd socket activation (sd_listen_fds(3)): a service manager that holds the listening sockets
// passes them from fd 3 on and says so in LISTEN_FDS and LISTEN_PID. While the daemon restarts,
// requests wait in the kernel's accept queues of those sockets instead of being refused.
// hookd.socket passes two: 127.0.0.1:PORT and [::1]:PORT (render-systemd-socket.ts says why).

/** The first passed descriptor (SD_LISTEN_FDS_START). */
export const FIRST_LISTEN_FD = 3;

/**
 * The listening sockets passed to this process, in order (none when not activated). The variables
 * are removed, as sd_listen_fds(1) does, so that hooks the daemon starts do not take them as theirs.
 */
export function takeActivatedSockets(env: NodeJS.ProcessEnv = process.env, pid = process.pid): number[] {
  const count = env.LISTEN_PID === String(pid) ? Number(env.LISTEN_FDS) : 0;
  delete env.LISTEN_PID;
  delete env.LISTEN_FDS;
  delete env.LISTEN_FDNAMES;
  return Number.isInteger(count) && count > 0 ? Array.from({ length: count }, (_, i) => FIRST_LISTEN_FD + i) : [];
}
