// Whether a desktop notification a hook sends can be seen (issue 23): with no notify-send (or
// osascript on macOS) on PATH, or no display to show it on, a notification hook exits 0, is
// recorded ok, and nobody ever sees it. Doctor runs in the user's shell, whose display variables
// are the ones the bridge carries to the hook, so it checks there.
import { platform } from 'node:os';
import { findOnPath } from '../common/find-on-path.js';
import type { HookEntry } from '../settings/config.js';
import type { Check } from './checks.js';

// A command that shows a desktop notification: notify-send itself, or hookd's notify example.
const NOTIFIES = /(^|[\s/'"])(notify-send|notify\.sh)([\s'"]|$)/;

/** The notification check, when a hook of the followed files sends desktop notifications; undefined otherwise. */
export function checkNotify(entries: readonly HookEntry[], env: NodeJS.ProcessEnv): Check | undefined {
  const notifying = entries.find((entry) => NOTIFIES.test(entry.command));
  if (!notifying) return undefined;
  const name = 'notifications';
  if (platform() === 'darwin') {
    return findOnPath('osascript', env.PATH)
      ? { name, ok: true, detail: 'osascript shows them' }
      : {
          name,
          ok: false,
          detail: 'no osascript on PATH: a notification hook succeeds and shows nothing',
          fix: 'put /usr/bin on the PATH the client and the daemon start with',
        };
  }
  const where = `${notifying.client.name}'s ${notifying.event} hook (${notifying.command})`;
  if (!findOnPath('notify-send', env.PATH)) {
    return {
      name,
      ok: false,
      detail: `${where} sends desktop notifications, but notify-send is not installed here: each run is recorded ok and nothing is ever shown`,
      fix: 'install notify-send (Debian and Ubuntu: sudo apt install libnotify-bin), or use another hook',
    };
  }
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) {
    return {
      name,
      ok: false,
      detail: `${where} sends desktop notifications, but there is no display here (DISPLAY and WAYLAND_DISPLAY are unset): each run is recorded ok and nothing is shown`,
      fix: 'run the agent client in a desktop session, or send notifications another way (a webhook: hookd install --add webhook)',
    };
  }
  if (!env.DBUS_SESSION_BUS_ADDRESS) {
    return {
      name,
      ok: false,
      detail: `${where} sends desktop notifications, but DBUS_SESSION_BUS_ADDRESS is unset: notify-send cannot reach the notification daemon`,
      fix: 'start the client from your desktop session (its terminal sets DBUS_SESSION_BUS_ADDRESS)',
    };
  }
  return {
    name,
    ok: true,
    detail: `notify-send and a display (${env.WAYLAND_DISPLAY ? `Wayland ${env.WAYLAND_DISPLAY}` : `X ${env.DISPLAY}`}) are here`,
  };
}
