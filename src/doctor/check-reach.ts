// Whether the clients find hookd the way they are started (issue 29). A client started from a
// terminal gets its login shell's PATH; one started from a desktop launcher gets the desktop
// session's (systemd's user manager on Linux). `npm link` or an npm prefix added in ~/.bashrc
// reaches neither: there the guarded entries run each hook themselves (it still decides; hookd
// sees nothing of that run), and an entry written without the fallback fails with exit 127.
// Each way is asked as it starts: a login shell from a fresh login's environment (it reads
// /etc/profile and ~/.profile, ~/.bash_profile, ~/.zprofile… as it would), and the PATH the user
// manager hands the programs it starts (launchd's on macOS).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { findOnPath } from '../common/find-on-path.js';
import type { Check } from './checks.js';

/** One way a client is started, and the PATH it starts with (undefined: this way is not used here). */
interface StartWay {
  name: string;
  pathVar: string | undefined;
}

// The login shell prints its PATH after this marker: a profile may print lines of its own.
const MARKER = 'hookd-doctor-path:';
// Bounds a profile that hangs (waits for input, a slow network mount).
const SHELL_TIMEOUT_MS = 10_000;

// What a fresh login carries before any profile runs: no PATH, so the shell takes the system's.
function loginEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const kept = ['HOME', 'USER', 'LOGNAME', 'SHELL', 'LANG', 'TMPDIR', 'XDG_RUNTIME_DIR'].filter(
    (name) => env[name] !== undefined,
  );
  return Object.fromEntries(kept.map((name) => [name, env[name]]));
}

/** The PATH `shell -l` ends up with after its profiles, or undefined when it cannot be started. */
function loginShellPath(shell: string, env: NodeJS.ProcessEnv): string | undefined {
  const run = spawnSync(shell, ['-lc', `printf '\\n${MARKER}%s\\n' "$PATH"`], {
    env: loginEnv(env),
    encoding: 'utf8',
    timeout: SHELL_TIMEOUT_MS,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const line = run.stdout?.split('\n').findLast((text) => text.startsWith(MARKER));
  return line === undefined ? undefined : line.slice(MARKER.length);
}

/** The PATH systemd's user manager gives the programs of the desktop session, or undefined without one. */
function desktopPath(env: NodeJS.ProcessEnv): string | undefined {
  const run = spawnSync('systemctl', ['--user', 'show-environment'], {
    env,
    encoding: 'utf8',
    timeout: SHELL_TIMEOUT_MS,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  if (run.status !== 0) return undefined;
  return run.stdout
    .split('\n')
    .find((text) => text.startsWith('PATH='))
    ?.slice('PATH='.length);
}

// launchd's PATH for what it starts, when nobody set one (launchd.plist(5)).
const LAUNCHD_DEFAULT_PATH = '/usr/bin:/bin:/usr/sbin:/sbin';

/** The PATH an app started from the Dock or Finder gets on macOS: launchd's, unless `launchctl setenv` changed it. */
function launchdPath(env: NodeJS.ProcessEnv): string | undefined {
  const run = spawnSync('launchctl', ['getenv', 'PATH'], {
    env,
    encoding: 'utf8',
    timeout: SHELL_TIMEOUT_MS,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  if (run.error) return undefined;
  return run.stdout.trim() || LAUNCHD_DEFAULT_PATH;
}

/** The ways clients start on this machine: a login `sh`, the user's login shell when it is another, the desktop session when systemd runs one. */
export function startWays(env: NodeJS.ProcessEnv = process.env): StartWay[] {
  const ways: StartWay[] = [{ name: 'a login shell (sh -l)', pathVar: loginShellPath('sh', env) }];
  const shell = env.SHELL;
  if (shell && path.basename(shell) !== 'sh')
    ways.push({ name: `your login shell (${shell} -l)`, pathVar: loginShellPath(shell, env) });
  if (process.platform === 'darwin') {
    const apps = launchdPath(env);
    if (apps !== undefined)
      ways.push({ name: 'an app started from the Dock or Finder (launchctl getenv PATH)', pathVar: apps });
    return ways;
  }
  const desktop = desktopPath(env);
  if (desktop !== undefined)
    ways.push({ name: 'the desktop session (systemctl --user show-environment)', pathVar: desktop });
  return ways;
}

// Where the desktop's PATH is set: systemd's environment.d on Linux, launchd's user path on macOS.
const desktopFix = (dir: string) =>
  process.platform === 'darwin'
    ? `sudo launchctl config user path "${dir}:${LAUNCHD_DEFAULT_PATH}" (apps started from the Dock or Finder, after a restart)`
    : `PATH=${dir}:$PATH in ~/.config/environment.d/hookd.conf (the desktop session, from the next login)`;

// Hooks whose own command calls hookd by name (an older install's guards: `hookd guard NAME`):
// where hookd is not found, the fallback cannot run them either (exit 127, a non-blocking error).
// Guards installed now run by absolute paths (install/examples.ts guardsCommand) and are not among them.
const callsHookd = (run: string) => /^hookd(\s|$)/.test(run.trim());

/**
 * Whether each way a client starts finds hookd; `hookdDir` is the folder to add where one does not;
 * `runs` the commands the configured hooks run (the inner CMD of a bridge entry).
 */
export function checkReach(ways: readonly StartWay[], hookdDir: string, runs: readonly string[] = []): Check {
  const name = 'clients reach hookd';
  const found = ways.map((way) => ({
    ...way,
    hookd: way.pathVar === undefined ? undefined : findOnPath('hookd', way.pathVar)?.found,
  }));
  const said = found.map(
    (way) =>
      `${way.name}: ${way.pathVar === undefined ? 'could not be started' : (way.hookd ?? 'no hookd on its PATH')}`,
  );
  const missing = found.filter((way) => !way.hookd);
  if (missing.length === 0) return { name, ok: true, detail: said.join('; ') };
  const byName = [...new Set(runs.filter(callsHookd))];
  const lost = byName.length
    ? `; but ${byName.length} hook(s) call hookd by name (${byName.map((run) => JSON.stringify(run)).join(', ')}): there they cannot run (exit 127, a non-blocking error: a guard fails open)`
    : '';
  return {
    name,
    ok: false,
    detail: `${said.join('; ')}. A client started from ${missing.map((way) => way.name).join(' or ')} finds no hookd: it runs each wrapped hook itself (guards still decide; hookd records nothing of those runs)${lost}, and a bridge entry written without the fallback fails there with exit 127`,
    fix: `put ${hookdDir} on those PATHs: export PATH="${hookdDir}:$PATH" in ~/.profile (login shells; bash reads ~/.bash_profile first, zsh ~/.zprofile), and ${desktopFix(hookdDir)}${byName.length ? '; run hookd install again: it rewrites the guards an older install wrote as `hookd guard NAME` to run without hookd' : ''}`,
  };
}
