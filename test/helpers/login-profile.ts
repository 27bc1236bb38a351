// A home whose login shell finds this checkout's hookd, as a user's ~/.profile puts it on PATH:
// `hookd doctor` asks a login shell started from that home (src/doctor/check-reach.ts).
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.js';

/** Add this checkout's bin/ to the PATH of `home`'s login shells (its ~/.profile). */
export function profileWithHookd(home: string): void {
  appendFileSync(path.join(home, '.profile'), `export PATH="${path.join(ROOT, 'bin')}:$PATH"\n`);
}
