// The prebuilt native bridge installed with the package (a platform package, `@hookd-dev/hookd-${os}-${cpu}`):
// what `hookd sync` runs where it is (bridge/bridge-in-use.ts), and what lends its Job Object to the
// Windows executor (executor/windows-job.ts). Keep in step with bin/hookd's find_bridge.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { isExecutable } from './find-on-path.js';

// This system's platform packages beside the package (hoisted: npm local, pnpm, Bun) or under it
// (nested: npm global); bin/hookd tells macOS from the rest by /System/Library/CoreServices.
const system = () =>
  process.platform === 'win32' ? 'win32' : existsSync('/System/Library/CoreServices') ? 'darwin' : 'linux';
/** The bridge's file name on `os` (scripts/zig-bridge.mjs names it the same). */
export const bridgeProgram = (os: string) => (os === 'win32' ? 'hookd-bridge.exe' : 'hookd-bridge');
const candidates = (root: string) =>
  [path.join(root, 'node_modules', '@hookd-dev'), path.join(root, '..')].flatMap((dir) => {
    try {
      return readdirSync(dir)
        .filter((name) => name.startsWith(`hookd-${system()}-`))
        .sort()
        .map((name) => path.join(dir, name, 'bin', bridgeProgram(system())));
    } catch {
      return [];
    }
  });

/** The prebuilt bridge installed with the package at `root`, if any. */
export function prebuiltBridge(root: string): string | undefined {
  return candidates(root).find(isExecutable);
}
