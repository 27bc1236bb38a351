// Where a shim client's shim lives and how a file says it is hookd's (profile.shim): read by install,
// which writes and removes it (install/shim-files.ts), and by the check that names the hooks no shim
// runs (cannot-run/shim-missing.ts).
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import type { ClientProfile } from './profile.js';

/** The first line of every shim hookd writes. */
export const SHIM_MARK =
  '// hookd shim: written by `hookd install`, removed by `hookd uninstall` (docs/clients.md). Do not edit: install rewrites it.';

/** Where `client`'s shim goes, or undefined for a client with hooks of its own. */
export function shimPath(client: ClientProfile, home = homedir()): string | undefined {
  return client.shim ? path.join(home, client.shim.file) : undefined;
}

/** Whether `file` is a shim hookd wrote (it starts with SHIM_MARK). */
export function isHookdShim(file: string): boolean {
  try {
    return readFileSync(file, 'utf8').startsWith(SHIM_MARK);
  } catch {
    return false;
  }
}
