// Hook files another local user can change (issue 41, 2): a client runs what its hook files name,
// its plugins and its extensions as you, so a hook file, or any folder above it up to your home, that
// another user can write is theirs to plant a hook in (a Copilot CLI hook file, an OpenCode plugin, a
// pi extension, a line in Claude Code's settings). `hookd validate` and `hookd doctor` name each one.
// A folder others may write but not rename in (sticky, as /tmp) is not one; a folder of a group
// that is not the user's own is, as is a file or folder owned by another user than the user and root.
import { lstatSync, statSync, type Stats } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/** Who may write `info` besides its owner, in a few words, or undefined when nobody else (the user and root aside). */
function othersWho(info: Stats, uid: number, gid: number): string | undefined {
  const mode = (info.mode & 0o7777).toString(8).padStart(4, '0');
  const sticky = info.isDirectory() && (info.mode & 0o1000) !== 0;
  if (info.uid !== uid && info.uid !== 0) return `it belongs to another user (uid ${info.uid})`;
  if ((info.mode & 0o002) !== 0 && !sticky) return `every user can write it (mode ${mode})`;
  if ((info.mode & 0o020) !== 0 && info.gid !== gid && info.gid !== 0 && !sticky)
    return `the members of group ${info.gid} can write it (mode ${mode})`;
  return undefined;
}

const statOf = (at: string, follow: boolean): Stats | undefined => {
  try {
    return follow ? statSync(at) : lstatSync(at);
  } catch {
    return undefined;
  }
};

/**
 * The first of `file` and the folders above it, up to `home` (or the root for a file outside it),
 * that another user can write (`at`), with a line that names it and says how to close it; undefined when none.
 */
export function writableByOthers(
  file: string,
  home = homedir(),
  uid = process.getuid?.() ?? -1,
  gid = process.getgid?.() ?? -1,
): { at: string; line: string } | undefined {
  if (uid < 0) return undefined; // Windows: no modes to read.
  const top = path.resolve(home);
  const start = path.resolve(file);
  const inHome = start === top || start.startsWith(`${top}${path.sep}`);
  for (let at = start, first = true; ; first = false) {
    // The file itself as the client opens it (through a symlink); each folder as the path names it.
    const info = statOf(at, first) ?? undefined;
    const who = info && othersWho(info, uid, gid);
    if (who) {
      const what = info.isDirectory() ? (at === start ? 'hook folder' : 'folder above a hook file') : 'hook file';
      const fix = info.uid === uid ? `chmod go-w ${at}` : `move it away, or have its owner give it to you`;
      const line = `${at === start ? at : `${file}: its ${what} ${at}`}${at === start ? ` (${what})` : ''}: another user can change it: ${who}, so they could plant a hook the client runs as you; ${fix}`;
      return { at, line };
    }
    if ((inHome && at === top) || path.dirname(at) === at) return undefined;
    at = path.dirname(at);
  }
}
