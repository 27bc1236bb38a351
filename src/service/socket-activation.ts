// systemd socket activation (sd_listen_fds(3)): a service manager that holds the listening socket
// passes it as fd 3 and says so in LISTEN_FDS and LISTEN_PID. While the daemon restarts, requests
// wait in the kernel's accept queue of that socket instead of being refused.

/** The first passed descriptor (SD_LISTEN_FDS_START). */
export const FIRST_LISTEN_FD = 3;

/**
 * The listening socket passed to this process, if any. The variables are removed, as
 * sd_listen_fds(1) does, so that hooks the daemon starts do not take them as theirs.
 */
export function takeActivatedSocket(env: NodeJS.ProcessEnv = process.env, pid = process.pid): number | undefined {
  const passed = env.LISTEN_PID === String(pid) && Number(env.LISTEN_FDS) >= 1;
  delete env.LISTEN_PID;
  delete env.LISTEN_FDS;
  delete env.LISTEN_FDNAMES;
  return passed ? FIRST_LISTEN_FD : undefined;
}
