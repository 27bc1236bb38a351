// A hook's shell on Windows run inside a Job Object, where the native bridge is here: Node cannot make
// one, so `hookd-bridge.exe job -- SHELL ARGS...` (native/win/job-win.c) starts the shell in a job that
// ends every process in it, a grandchild whose parent has exited included, when the bridge is killed.
// The shell gets the bridge's own standard handles: the payload and output go through byte for byte,
// nothing copied between. Where no bridge is found, the tree is walked instead (windows-tree.ts).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { prebuiltBridge } from '../common/prebuilt-bridge.js';
import { findOnPath } from '../common/find-on-path.js';
import { packageRoot } from '../common/package-root.js';
import type { ShellLaunch } from './windows-shell.js';

/** What to spawn for a hook: the program, its arguments as Node is to pass them, and its argv[0]. */
export interface Spawnable {
  file: string;
  args: string[];
  argv0?: string;
  verbatim: boolean;
  /** Whether a Job Object holds the tree: then killing `file` ends it all. */
  job: boolean;
}

/**
 * The hookd-bridge.exe whose job mode runs hooks: HOOKD_JOB_BRIDGE when set (empty: none, the tree
 * walked), else the prebuilt one installed with the package (@hookd-dev/hookd-win32-x64).
 */
export function jobBridge(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const named = env.HOOKD_JOB_BRIDGE;
  if (named !== undefined) return named && existsSync(named) ? named : undefined;
  // Looked up once: the package's folders do not change under a running process, and every hook asks.
  installed ??= { path: prebuiltBridge(packageRoot()) };
  return installed.path;
}
let installed: { path: string | undefined } | undefined;

/** One word of a Windows command line as the C library parses it back (libuv's quoting, which Node uses). */
export function windowsWord(word: string): string {
  if (word === '') return '""';
  if (!/[ \t"]/.test(word)) return word;
  if (!/["\\]/.test(word)) return `"${word}"`;
  return `"${word.replace(/(\\*)"/g, '$1$1\\"').replace(/(\\+)$/, '$1$1')}"`;
}

/**
 * How to spawn `launch`: through the bridge's job mode when there is a bridge and the shell is found
 * (a shell that is not is left to Node's spawn, whose error says so), else the shell itself. The
 * shell's command line is written here as Node would write it, and the bridge passes it on unparsed.
 */
export function spawnable(launch: ShellLaunch, env: NodeJS.ProcessEnv, bridge = jobBridge()): Spawnable {
  const direct = { file: launch.file, args: launch.args, verbatim: launch.verbatim, job: false };
  const shell = path.win32.isAbsolute(launch.file)
    ? existsSync(launch.file) && launch.file
    : findOnPath(launch.file, env.Path ?? env.PATH)?.found;
  if (!bridge || !shell) return direct;
  const words = launch.verbatim ? launch.args : launch.args.map(windowsWord);
  const line = [windowsWord(shell), ...words].join(' ');
  return { file: bridge, args: ['job', '--', line], argv0: windowsWord(bridge), verbatim: true, job: true };
}
