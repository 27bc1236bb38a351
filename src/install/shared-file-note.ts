// What install says when the file it wraps lives in a git repository (issue 29): a project file a
// team commits is run by teammates who may not have hookd. The guarded entries
// (settings/fallback-entry.ts) run each hook themselves where hookd is missing, so the teammate
// gets what the file gave before install; saying so lets the one who installs commit it knowingly.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { FALLBACK_GUARD } from '../settings/fallback-entry.js';

/** The top folder of the git repository holding `file` (one with a `.git` beside it, folder or file), if any. */
export function gitRepositoryOf(file: string): string | undefined {
  for (let dir = path.dirname(path.resolve(file)); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The note on a file in a git repository that, as written by install (`after`), holds guarded entries; none otherwise. */
export function sharedFileNote(file: string, after: string | null): string[] {
  if (after === null || !after.includes(FALLBACK_GUARD)) return [];
  const repository = gitRepositoryOf(file);
  if (!repository) return [];
  return [
    `note: this file is in the git repository ${repository}; a teammate whose client finds no hookd on its PATH gets what the file gave before hookd: each wrapped entry runs its own command (its guards still decide), and hookd records nothing of those runs`,
  ];
}
