// This package as an install that made no dist/node (`npm --ignore-scripts`, or the Node.js it was
// installed with since removed: src/bridge/installed-node.ts): its dist/ is the built one less that
// link. `script` is bin/hookd's shell script there, `front` the native program in bin/hookd's place.
import { copyFileSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { HOOKD, ROOT } from './paths.js';
import { tempDir } from './temp-dir.js';

export function installWithoutNode(): { script: string; front: string } {
  const make = (name: string) => {
    const root = path.join(tempDir(), name);
    mkdirSync(path.join(root, 'bin'), { recursive: true });
    return root;
  };
  const scriptRoot = make('script-install');
  mkdirSync(path.join(scriptRoot, 'dist'));
  for (const entry of readdirSync(path.join(ROOT, 'dist')).filter((entry) => entry !== 'node'))
    symlinkSync(path.join(ROOT, 'dist', entry), path.join(scriptRoot, 'dist', entry));
  copyFileSync(HOOKD, path.join(scriptRoot, 'bin', 'hookd'));
  // The program finds its package from its own real path: a copy, not a link.
  const frontRoot = make('front-install');
  symlinkSync(path.join(scriptRoot, 'dist'), path.join(frontRoot, 'dist'));
  copyFileSync(path.join(ROOT, 'dist', 'hookd-bridge'), path.join(frontRoot, 'bin', 'hookd'));
  return { script: path.join(scriptRoot, 'bin', 'hookd'), front: path.join(frontRoot, 'bin', 'hookd') };
}
