// Which front door the client's `hookd` is (issue 33): the native program, one exec per hook, or
// the shell script, with why the native one is not in its place. Informational: the script gives
// the same answers, a millisecond or two later.
import path from 'node:path';
import { bridgeInUse } from '../bridge/bridge-in-use.js';
import { frontDoorOf } from '../bridge/front-door.js';
import { findOnPath } from '../common/find-on-path.js';
import { packageRoot } from '../common/package-root.js';
import type { Check } from './checks.js';

export function checkFrontDoor(pathVar: string | undefined): Check {
  const root = packageRoot();
  const file = findOnPath('hookd', pathVar)?.real ?? path.join(root, 'bin', 'hookd');
  try {
    return { name: 'front door', ok: true, detail: frontDoorOf(file, root, bridgeInUse(root, {}).program).summary };
  } catch (error) {
    return { name: 'front door', ok: true, detail: `${file} cannot be read (${(error as Error).message})` };
  }
}
