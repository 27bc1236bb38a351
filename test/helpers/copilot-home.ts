// A home directory with Copilot CLI's user hooks folder made, as the daemon finds it on its
// defaults (HOME=home): each *.json file in `dir` is a hook file the daemon follows.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from './temp-dir.js';

export function copilotHome(): { home: string; dir: string } {
  const home = tempDir();
  const dir = path.join(home, '.copilot', 'hooks');
  mkdirSync(dir, { recursive: true });
  return { home, dir };
}
