// Resolving a path the way the kernel does (every symlink followed), while checking that no other
// user can change where it leads: a state directory reached through a symlink in /tmp that
// another user owned was repointed under a running daemon, which then ran that user's planted
// command. Each name on the way (every directory, every symlink, and the names inside each
// symlink's target) must belong to root or to us, and a directory holding one of those names
// must not be writable by others unless it is sticky (then others cannot rename or remove our
// names in it: /tmp and a directory of ours in it are fine, another user's symlink in /tmp is not).
import { existsSync, lstatSync, readlinkSync, realpathSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { HookdError } from '../common/errors.js';

// As the kernel's limit on symlinks followed in one lookup (Linux MAXSYMLINKS).
const MAX_LINKS = 40;

/** What resolving found: the real path of the part that exists, and the rest (not created yet). */
export interface Resolved {
  real: string;
  missing: string[];
}

interface Walk {
  uid: number;
  given: string;
  links: number;
}

function refuse(walk: Walk, why: string): never {
  throw new HookdError(
    'ESTATEDIR',
    `${walk.given}: ${why}; another user could redirect it. Use a directory only you control (--state-dir, --socket or the environment)`,
  );
}

/** Refuse `dir` when another user may rename or replace the names in it. */
function checkHolder(walk: Walk, dir: string, info: Stats): void {
  if (info.uid !== 0 && info.uid !== walk.uid)
    refuse(walk, `its path goes through ${dir}, which belongs to another user (uid ${info.uid})`);
  if (info.mode & 0o022 && !(info.mode & 0o1000))
    refuse(walk, `its path goes through ${dir}, which others can write (and it is not sticky)`);
}

/** Resolve `names` from the real directory `from`, checking each name; see the header. */
function resolveFrom(walk: Walk, from: string, names: string[]): Resolved {
  let real = from;
  for (const [index, name] of names.entries()) {
    if (name === '.' || name === '') continue;
    if (name === '..') {
      real = path.dirname(real);
      continue;
    }
    const next = path.join(real, name);
    const info = lstatSync(next, { throwIfNoEntry: false });
    if (!info) return { real, missing: names.slice(index).filter((n) => n !== '' && n !== '.') };
    checkHolder(walk, real, statSync(real));
    const last = index === names.length - 1;
    // The directory at the end is the caller's to judge (its owner, its mode); a symlink there is not.
    if ((!last || info.isSymbolicLink()) && info.uid !== 0 && info.uid !== walk.uid)
      refuse(walk, `its path goes through ${next}, which belongs to another user (uid ${info.uid})`);
    if (!info.isSymbolicLink()) {
      real = next;
      continue;
    }
    if (++walk.links > MAX_LINKS)
      throw new HookdError('ESTATEDIR', `${walk.given}: too many symbolic links on its path`);
    const target = readlinkSync(next);
    const resolved = resolveFrom(walk, path.isAbsolute(target) ? '/' : real, target.split('/'));
    if (resolved.missing.length > 0)
      return { real: resolved.real, missing: [...resolved.missing, ...names.slice(index + 1)] };
    real = resolved.real;
  }
  return { real, missing: [] };
}

/** The part of `full` that exists, as its real path, and the names below it that do not (Windows). */
function existingPart(full: string): Resolved {
  const missing: string[] = [];
  for (let at = full; ; at = path.dirname(at)) {
    if (existsSync(at) || path.dirname(at) === at) return { real: realpathSync.native(at), missing };
    missing.unshift(path.basename(at));
  }
}

/** The real path of the absolute path `given` (its existing part), refusing one that another user could redirect. */
export function resolveChecked(given: string): Resolved {
  const uid = process.getuid?.();
  // Windows has no uid: nothing to check against (the folder's ACL is Windows' to keep); only what is there yet.
  if (uid === undefined) return existingPart(path.resolve(given));
  return resolveFrom({ uid, given, links: 0 }, '/', path.resolve(given).split('/'));
}

/** Refuse the real directory `dir` (reached from `given`) as a place for our own names, as on the way. */
export function checkHolds(given: string, dir: string): void {
  const uid = process.getuid?.();
  if (uid !== undefined) checkHolder({ uid, given, links: 0 }, dir, statSync(dir));
}
