// The Node.js the package was installed with: the install script (scripts/build-native.mjs, also run by
// `npm run build`) links it as dist/node, by its absolute path. Whatever runs hookd's JavaScript from
// the front door (bin/hookd, native/front-door.c) runs that Node, so that neither a PATH without
// `node` (exit 127, which every client reads as a non-blocking error: a guard failing open) nor
// another user's `node` found further down PATH decides which program runs a bridge. Keep the name
// in step with bin/hookd; native/ gets it generated (hookd-shared.h, INSTALLED_NODE).
import path from 'node:path';
import { isExecutable } from '../common/find-on-path.js';

/** The link's name inside dist/. */
export const INSTALLED_NODE = 'node';

/** The installed Node of the package at `root`, when it is still there and runs. */
export function installedNode(root: string): string | undefined {
  const link = path.join(root, 'dist', INSTALLED_NODE);
  return isExecutable(link) ? link : undefined;
}
