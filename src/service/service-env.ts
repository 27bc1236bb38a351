// The environment the service runs the daemon with: the hookd settings in effect in the shell that
// installs it, and what hooks need from the desktop session. A service manager starts the daemon
// with a bare environment, so whatever is not written here is missing when a hook runs.

export interface ServiceEnvironment {
  vars: Record<string, string>;
  notes: string[];
}

// Secrets never go into a service file, which any process of the user can read.
const SECRET = new Set(['HOOKD_API_KEY']);
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
  const names = Object.keys(env).filter((name) => (name.startsWith('HOOKD_') && !SKIP.has(name)) || PASS.includes(name)).sort();
  for (const name of names) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    if (SECRET.has(name)) {
      notes.push(`${name} is set here but is not written into the service file (a secret in a plain file); give the daemon HOOKD_API_KEY_FILE instead`);
      continue;
    }
    vars[name] = value;
  }
  if (process.platform === 'linux' && !vars.DBUS_SESSION_BUS_ADDRESS) {
    notes.push('DBUS_SESSION_BUS_ADDRESS is not set here, so desktop notifications from the service may not show; run this from your desktop session');
  }
  return { vars, notes };
}
