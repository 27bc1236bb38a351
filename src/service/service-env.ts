// The environment the service runs the daemon with: the hookd settings in effect in the shell that
// installs it, and what hooks need from the desktop session. A service manager starts the daemon
// with a bare environment, so whatever is not written here is missing when a hook runs.

export interface ServiceEnvironment {
  vars: Record<string, string>;
  notes: string[];
}

// Secrets never go into a service file: the API key, and the loopback token a user exports for
// their http hooks (the daemon reads its own from the state directory). The file is written 0600
// too, but a secret there outlives a rotation and travels with every copy of the file.
const SECRET = new Set(['HOOKD_API_KEY', 'HOOKD_TOKEN', 'HOOKD_LOCAL_TOKEN']);
const INSTEAD: Record<string, string> = {
  HOOKD_API_KEY: 'give the daemon HOOKD_API_KEY_FILE instead',
  HOOKD_TOKEN: 'the daemon reads its token from the state directory',
  HOOKD_LOCAL_TOKEN: 'the daemon reads its token from the state directory',
};
// Meaningless for the daemon.
const SKIP = new Set(['HOOKD_BRIDGE_NODE']);
// What desktop notifications need from the graphical session, what keeps the state directory
// where the bridge (run by the client, with the user's environment) looks for it, and the PATH
// the hooks find their tools on.
const PASS = ['DISPLAY', 'WAYLAND_DISPLAY', 'DBUS_SESSION_BUS_ADDRESS', 'XDG_STATE_HOME', 'PATH'];

/** The variables to write into the service file, sorted, and notes for the user. */
export function serviceEnvironment(env: NodeJS.ProcessEnv = process.env): ServiceEnvironment {
  const vars: Record<string, string> = {};
  const notes: string[] = [];
  const names = Object.keys(env)
    .filter((name) => (name.startsWith('HOOKD_') && !SKIP.has(name)) || PASS.includes(name))
    .sort();
  for (const name of names) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    if (SECRET.has(name)) {
      notes.push(
        `${name} is set here but is not written into the service file (a secret in a plain file); ${INSTEAD[name]}`,
      );
      continue;
    }
    vars[name] = value;
  }
  if (process.platform === 'linux' && !vars.DBUS_SESSION_BUS_ADDRESS) {
    notes.push(
      'DBUS_SESSION_BUS_ADDRESS is not set here, so desktop notifications from the service may not show; run this from your desktop session',
    );
  }
  return { vars, notes };
}
