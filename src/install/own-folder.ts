// The folder hookd keeps hook files of its own in, ~/.config/hookd/ (OpenCode's and pi's hooks,
// clients/opencode/profile.ts and clients/pi/profile.ts): install creates it with the first file; uninstall, having removed
// the last, removes the folder too, so that nothing of hookd's is left behind.
import { readdirSync, rmdirSync } from 'node:fs';
import path from 'node:path';

/** After uninstall removed `file`: its folder, when it is hookd's own and now empty, is removed; the line that says so. */
export function removeEmptyOwnFolder(file: string): string[] {
  const folder = path.dirname(file);
  if (path.basename(folder) !== 'hookd' || path.basename(path.dirname(folder)) !== '.config') return [];
  try {
    if (readdirSync(folder).length > 0) return [];
    rmdirSync(folder);
  } catch {
    // Gone already, or not ours to remove: nothing to say.
    return [];
  }
  return [`${folder}: removed (hookd's own folder, empty now)`];
}
