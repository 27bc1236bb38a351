// Where hookd's files live. Flags win, then the environment, then per-platform defaults
// (XDG on Linux, ~/Library on macOS, %LOCALAPPDATA% on Windows). bin/hookd computes the same state directory in sh for the
// bridge's fast path (keep the two in step); the C bridge reads STATE_DIR_RULE from
// native/hookd-shared.h, generated from here.
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';
import path from 'node:path';
import { fail } from './errors.js';

export interface PathFlags {
  settings?: string;
  stateDir?: string;
  socket?: string;
}

export interface Paths {
  /** The one hook file given by flag or environment; undefined means: the clients' own files. */
  settings: string | undefined;
  stateDir: string;
  socket: string;
}

type Env = Record<string, string | undefined>;

const isMac = process.platform === 'darwin';
const isWindows = process.platform === 'win32';

/** The state directory's defaults, under the home directory unless the XDG variable is set (the C bridge's are generated from these). */
export const STATE_DIR_RULE = {
  variable: 'HOOKD_STATE_DIR',
  mac: 'Library/Application Support/hookd',
  xdgVariable: 'XDG_STATE_HOME',
  xdgDefault: '.local/state',
  windowsVariable: 'LOCALAPPDATA',
  windowsDefault: 'AppData/Local',
  name: 'hookd',
} as const;

export function expandHome(p: string): string {
  return p === '~' || p.startsWith('~/') ? path.join(homedir(), p.slice(1)) : p;
}

/** The one hook file a command was given (--settings, then HOOKD_SETTINGS), if any. */
export function settingsPath(flag?: string, env: Env = process.env): string | undefined {
  const chosen = flag ?? env.HOOKD_SETTINGS;
  return chosen ? path.resolve(expandHome(chosen)) : undefined;
}

/**
 * A state directory as given: `~` and `~/…` are the home directory; anything else must be absolute.
 * The bridge (bin/hookd) runs in the agent's working directory and the daemon in its own, so a
 * relative path would name two places and events would vanish between them: both refuse it.
 */
function absoluteState(chosen: string, from: string): string {
  const expanded = expandHome(chosen);
  if (!path.isAbsolute(expanded)) throw fail('ESTATE_RELATIVE', { from, given: chosen });
  return path.resolve(expanded);
}

/** hookd's private state: inbox, history, lock and socket. */
export function stateDir(flag?: string, env: Env = process.env): string {
  if (flag) return absoluteState(flag, '--state-dir');
  const given = env[STATE_DIR_RULE.variable];
  if (given) return absoluteState(given, STATE_DIR_RULE.variable);
  if (isMac) return path.join(homedir(), STATE_DIR_RULE.mac);
  if (isWindows)
    return path.join(
      env[STATE_DIR_RULE.windowsVariable] || path.join(homedir(), STATE_DIR_RULE.windowsDefault),
      STATE_DIR_RULE.name,
    );
  const base = env[STATE_DIR_RULE.xdgVariable] || path.join(homedir(), STATE_DIR_RULE.xdgDefault);
  return path.join(base, STATE_DIR_RULE.name);
}

/** Where the daemon's socket is: the variable that names it, else this name in the state directory (native/ask-warm.c reads the same). */
export const SOCKET_RULE = { variable: 'HOOKD_SOCKET', name: 'hookd.sock' } as const;

/** Whether `where` names a Windows named pipe (`\\\\.\\pipe\\NAME`) rather than a file. */
export const isPipeName = (where: string): boolean => /^\\\\[.?]\\pipe\\/i.test(where);

/**
 * A Windows named pipe of the user's and of `state`: `\\.\pipe\hookd-USER` for the default state
 * folder, with a hash of the folder for another (two daemons of two folders never share a name),
 * and `suffix` after (the lock's). Pipes live in one namespace for all users: the user's name keeps
 * theirs apart, and pipe-claim.ts refuses a name someone else took first.
 */
function pipeName(state: string, env: Env, suffix = ''): string {
  const user = env.USERNAME || userInfo().username;
  const own = path.resolve(state).toLowerCase() === stateDir(undefined, { ...env, HOOKD_STATE_DIR: '' }).toLowerCase();
  const folder = own
    ? ''
    : `-${createHash('sha256').update(path.resolve(state).toLowerCase()).digest('hex').slice(0, 12)}`;
  return `\\\\.\\pipe\\hookd-${user}${folder}${suffix}`;
}

/** The daemon's local API: a unix socket in the state directory (a named pipe on Windows) unless told otherwise. */
export function socketPath(flag: string | undefined, state: string, env: Env = process.env): string {
  const chosen = flag ?? env[SOCKET_RULE.variable];
  if (chosen) return isWindows && isPipeName(chosen) ? chosen : path.resolve(expandHome(chosen));
  return isWindows ? pipeName(state, env) : path.join(state, SOCKET_RULE.name);
}

/** The daemon lock of `state` (daemon/lock.ts): a socket in it, a named pipe of its own on Windows. */
export function lockPath(state: string, env: Env = process.env): string {
  return isWindows ? pipeName(state, env, '-lock') : path.join(state, 'daemon.lock');
}

/** All three paths, resolved once at the edge. */
export function resolvePaths(flags: PathFlags = {}, env: Env = process.env): Paths {
  const state = stateDir(flags.stateDir, env);
  return { settings: settingsPath(flags.settings, env), stateDir: state, socket: socketPath(flags.socket, state, env) };
}

/**
 * Whether directory `state` exists and belongs to another user: the bridges' form of the daemon's
 * rule (daemon/state-dir.ts), as bin/hookd checks it (`[ ! -O "$state" ]`): a state directory of
 * another user's would hand them the event. One not there yet is made ours.
 */
export function ownedByOther(state: string): boolean {
  try {
    // Windows has no uids (its files all read 0): the folder's ACL is what keeps it the user's.
    return process.geteuid !== undefined && statSync(state).uid !== process.geteuid();
  } catch {
    return false;
  }
}
