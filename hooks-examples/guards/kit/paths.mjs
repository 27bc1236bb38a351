// Where a path really points, and which files a glob names: a guard checks the file a command would
// reach, through symlinks (a link inside the project to a folder outside it is outside), and a glob by
// the files it matches on disk, as bash expands it when the command runs.
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';

/** `file` (absolute) with every symlink on the way followed; the part that does not exist yet kept as written. */
export function realPath(file) {
  try {
    return realpathSync.native(file);
  } catch {
    const parent = path.dirname(file);
    return parent === file ? file : path.join(realPath(parent), path.basename(file));
  }
}

/**
 * Where `target` (from `cwd`) points: its folders' symlinks followed, and the last one too when
 * `followLast` (a trailing `/`, or a read: `rm -rf link` removes the link itself, `cat link` reads what it names).
 */
export function resolveTarget(target, cwd, followLast = /\/\.?$/.test(target)) {
  const full = path.resolve(cwd, target);
  if (followLast) return realPath(full);
  const parent = path.dirname(full);
  return parent === full ? full : path.join(realPath(parent), path.basename(full));
}

/** A glob component (`*.env`, `.[e]nv`, `id_*`) as a regular expression; a leading dot must be matched literally. */
export function globPattern(component) {
  let source = '';
  for (let i = 0; i < component.length; i++) {
    const c = component[i];
    if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else if (c === '[') {
      const close = component.indexOf(']', i + 2);
      if (close === -1) source += '\\[';
      else {
        let set = component.slice(i + 1, close);
        if (set[0] === '!') set = `^${set.slice(1)}`;
        source += `[${set.replace(/\\/g, '\\\\')}]`;
        i = close;
      }
    } else if (c === '\\' && i + 1 < component.length) source += component[++i].replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    else source += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

const hasGlob = (component) => /[*?[]/.test(component);

/** Whether `name` is one a glob component matches (a dotfile only by a pattern starting with a dot). */
export function globMatches(component, name) {
  if (name.startsWith('.') && !component.startsWith('.')) return false;
  return globPattern(component).test(name);
}

/** The files `pattern` (from `cwd`) names on disk, absolute, at most `limit`; none when nothing matches. */
export function expandGlob(pattern, cwd, limit = 2000) {
  const absolute = path.isAbsolute(pattern);
  const parts = pattern.split('/').filter((part, i) => part !== '' || i === 0);
  let current = [absolute ? '/' : cwd];
  let expanded = false;
  for (const part of parts) {
    if (part === '') continue;
    const next = [];
    for (const dir of current) {
      if (!hasGlob(part)) {
        // After a glob, a fixed name must exist for the pattern to match there (`*/__pycache__`).
        if (!expanded || existsSync(path.join(dir, part))) next.push(path.join(dir, part));
        continue;
      }
      expanded = true;
      let names;
      try {
        names = readdirSync(dir);
      } catch {
        continue;
      }
      for (const name of names) if (globMatches(part, name)) next.push(path.join(dir, name));
      if (next.length > limit) break;
    }
    current = next.slice(0, limit);
  }
  return current;
}

/** Whether a glob's last component names everything in its folder (`*`, `.*`, `{*,.*}`): the folder itself. */
export const namesWholeFolder = (pattern) => /(^|\/)(\*|\.\*|\.\?\*|\*\*)$/.test(pattern);
