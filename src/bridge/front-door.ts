// The front door: what the client's `sh -c 'hookd …'` starts. Installed, it is the native program in
// the place of the package's bin/hookd script (native/front-door.c, one exec to `hookd emit` and
// `hookd sync`, Node for the rest); where it cannot be, the script (bin/hookd), which costs each
// hook a second sh. native/front-door-place.c puts it in place and owns the rules of when; this
// module asks it to (the install script) and says which one the client runs (`hookd doctor`).
import { spawnSync } from 'node:child_process';
import { accessSync, closeSync, constants, existsSync, openSync, readSync, realpathSync } from 'node:fs';
import path from 'node:path';

export interface FrontDoor {
  kind: 'native' | 'script';
  /** One line: which one, and for the script why the native program is not in its place. */
  summary: string;
}

// The first bytes of `file`: a script starts `#!`, the program with its executable format's magic.
function startsAsScript(file: string): boolean {
  const head = Buffer.alloc(2);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 2, 0);
  } finally {
    closeSync(fd);
  }
  return head.toString('latin1') === '#!';
}

/**
 * Why the native program is not in the place of the script at `root`/bin/hookd: native/front-door-place.c's
 * rules (keep in step), said for a person.
 */
export function whyScript(root: string, program: string | undefined): string {
  if (!program) return 'there is no native program here (the bridges run in Node)';
  const real = realpathSync(root);
  if (real.includes(`${path.sep}node_modules${path.sep}.pnpm${path.sep}`))
    return "pnpm's command shims run bin/hookd with sh, so the script stays";
  if (existsSync(path.join(root, '.git')))
    return `a git checkout, where bin/hookd is a tracked file; for the native one put ${path.join(root, 'dist', 'front-door')} on PATH before npm link's folder`;
  try {
    accessSync(path.join(root, 'bin'), constants.W_OK);
  } catch {
    return `${path.join(root, 'bin')} is not writable by this user, so the install script could not put the native program there`;
  }
  return 'the install script did not run (npm --ignore-scripts, Bun without trust); `npm rebuild @hookd-dev/hookd` (or `bun pm trust @hookd-dev/hookd`) puts the native program in place';
}

/** Which front door `file` (the `hookd` the client finds) is, for the package at `root` with its native `program`. */
export function frontDoorOf(file: string, root: string, program: string | undefined): FrontDoor {
  if (!startsAsScript(file))
    return { kind: 'native', summary: `the native program (${file}): one exec to hookd emit and hookd sync` };
  return {
    kind: 'script',
    summary: `the shell script (${file}), a second sh before the bridge on every hook: ${whyScript(root, program)}`,
  };
}

/** Ask the native `program` to take the place of `root`/bin/hookd (native/front-door-place.c); why not, if it did not. */
export function placeFrontDoor(root: string, program: string): { placed: boolean; detail: string } {
  const run = spawnSync(program, ['place-front-door', path.join(root, 'bin', 'hookd')], {
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  if (run.status === 0) return { placed: true, detail: `${path.join(root, 'bin', 'hookd')} is the native program` };
  return { placed: false, detail: run.error?.message ?? run.stderr.trim() };
}
