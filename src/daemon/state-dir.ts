// The state directory holds events and the socket: it must be the user's own and private.
import { mkdirSync, statSync } from 'node:fs';
import { HookdError } from '../common/errors.js';

/** Create the state directory (0700) or check that an existing one is safe to use. */
export function prepareStateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const info = statSync(dir);
  const uid = process.getuid?.();
  if (uid !== undefined && info.uid !== uid) {
    throw new HookdError('ESTATEDIR', `${dir}: the state directory belongs to another user (uid ${info.uid}); use your own with --state-dir or HOOKD_STATE_DIR`);
  }
  if (info.mode & 0o022) {
    throw new HookdError('ESTATEDIR', `${dir}: the state directory is writable by others; run: chmod 700 '${dir}'`);
  }
}
