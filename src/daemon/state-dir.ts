// The state directory holds events and the socket: it must be the user's own and private, and
// reached by a path no other user can redirect. It is resolved once, here, and the daemon then
// uses the real path everywhere (checked-path.ts says why and how it is checked).
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { HookdError } from '../common/errors.js';
import type { Paths } from '../common/paths.js';
import { checkHolds, resolveChecked } from './checked-path.js';
import { isPipeName } from '../common/paths.js';

/** The real path of the directory `given`, created (0700) if missing, refusing a path another user could redirect. */
function realDir(given: string): string {
  let found = resolveChecked(given);
  if (found.missing.length > 0) {
    mkdirSync(path.join(found.real, ...found.missing), { recursive: true, mode: 0o700 });
    found = resolveChecked(given);
  }
  return found.real;
}

/** Create the state directory (0700) or check that an existing one is safe to use; returns its real path. */
export function prepareStateDir(dir: string): string {
  const real = realDir(dir);
  const info = statSync(real);
  const uid = process.getuid?.();
  if (uid !== undefined && info.uid !== uid) {
    throw new HookdError(
      'ESTATEDIR',
      `${dir}: the state directory belongs to another user (uid ${info.uid}); use your own with --state-dir or HOOKD_STATE_DIR`,
    );
  }
  // Windows keeps no such bits (its folders read 0o666): the folder's ACL, inherited from the profile, keeps others out.
  if (uid !== undefined && info.mode & 0o022) {
    throw new HookdError('ESTATEDIR', `${dir}: the state directory is writable by others; run: chmod 700 '${dir}'`);
  }
  return real;
}

/** The daemon's paths resolved once: the state directory and the socket's directory as real paths, both checked. */
export function securePaths(paths: Paths): Paths {
  const stateDir = prepareStateDir(paths.stateDir);
  // A named pipe (Windows) has no folder to check: pipe-claim.ts refuses one another program serves.
  if (isPipeName(paths.socket)) return { ...paths, stateDir };
  const socketDir = realDir(path.dirname(paths.socket));
  checkHolds(paths.socket, socketDir);
  return { ...paths, stateDir, socket: path.join(socketDir, path.basename(paths.socket)) };
}
