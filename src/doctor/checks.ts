// The checks of `hookd doctor`, each independent and each ending in one line: what holds, or what
// is wrong and what to do about it.
import { randomBytes } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { SourceResult } from '../settings/load-sources.js';
import { requestDaemon } from '../server/socket-client.js';
import { packageRoot } from '../common/package-root.js';
import { findOnPath } from '../common/find-on-path.js';
import { probeRun } from '../runs/probe-marker.js';
import { awaitProbeRun } from './await-probe.js';
import { stateDir as defaultStateDir, type Paths } from '../common/paths.js';
import { shellQuote } from '../common/shell-word.js';
import type { HookEntry } from '../settings/config.js';
import { COUNTED_KINDS } from '../settings/entry-kinds.js';
import { countHooks } from '../settings/daemon-hooks.js';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
  /** What to do when the check failed. */
  fix?: string;
}

/** The hook files are valid and route at least one hook through the bridge. */
export function checkSettings(loaded: readonly SourceResult[] | string): Check[] {
  if (typeof loaded === 'string')
    return [
      {
        name: 'settings',
        ok: false,
        detail: loaded,
        fix: 'install an agent client, or point --settings at its settings file',
      },
    ];
  const failed = loaded.filter(({ result }) => !result.ok);
  if (failed.length) {
    const errors = failed.flatMap(({ result }) => (result.ok ? [] : result.errors));
    const missing = failed.every(({ result }) => !result.ok && result.missing);
    return [
      {
        name: 'settings',
        ok: false,
        detail: errors.join('; '),
        fix: missing
          ? 'point --settings or HOOKD_SETTINGS at the client settings file'
          : 'fix the file; hookd validate lists every error',
      },
    ];
  }
  const entries = loaded.flatMap(({ result }) => (result.ok ? result.config.entries : []));
  // Each kind the table counts, the first (the bridge's) always said, the others when there are some.
  const { byKind } = countHooks(entries);
  const counts = COUNTED_KINDS.map(({ kind, counted }) => ({ counted, n: byKind[kind] ?? 0 }));
  const said = counts
    .filter(({ n }, index) => index === 0 || n > 0)
    .map(({ counted, n }, index) => `${n} ${index === 0 ? 'hook(s) ' : ''}${counted}`);
  const files = loaded.map(({ source }) => source.file).join(', ') || 'no hook file yet';
  return [
    { name: 'settings', ok: true, detail: `${files}: valid, ${entries.length} hook(s)` },
    counts.some(({ n }) => n > 0)
      ? { name: 'bridge', ok: true, detail: said.join(', ') }
      : {
          name: 'bridge',
          ok: false,
          detail: 'no hook runs through hookd emit, so the daemon has nothing to do',
          fix: 'hookd install (or hookd install --add notify)',
        },
  ];
}

/** The `hookd` found on PATH is this package's. */
export function checkPath(pathVar: string | undefined): Check {
  const mine = path.join(packageRoot(), 'bin', 'hookd');
  const found = findOnPath('hookd', pathVar);
  if (!found)
    return {
      name: 'hookd on PATH',
      ok: false,
      detail:
        'no hookd on PATH: a client started from here runs each installed hook itself, and hookd sees none of those runs',
      fix: `npm link in ${packageRoot()}, or add ${path.dirname(mine)} to the PATH the client starts with`,
    };
  const real = realpathSync(mine);
  if (found.real !== real) {
    return {
      name: 'hookd on PATH',
      ok: false,
      detail: `PATH runs ${found.found} (${found.real}), not this hookd (${real})`,
      fix: `put ${path.dirname(mine)} first on PATH, or reinstall with npm link from ${packageRoot()}`,
    };
  }
  return { name: 'hookd on PATH', ok: true, detail: found.found === real ? found.found : `${found.found} → ${real}` };
}

/** The daemon answers GET /health on its socket. */
export async function checkDaemon(paths: Paths): Promise<Check> {
  try {
    const response = await requestDaemon(paths.socket, 'GET', '/health');
    if (response.status === 200)
      return {
        name: 'daemon',
        ok: true,
        detail: `hookd ${(response.body as { version?: string }).version ?? '?'} answers on ${paths.socket}`,
      };
    return {
      name: 'daemon',
      ok: false,
      detail: `${paths.socket} answered ${response.status}`,
      fix: 'restart the daemon: hookd service install (or hookd daemon)',
    };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return {
      name: 'daemon',
      ok: false,
      detail: `no daemon answers on ${paths.socket} (${code})`,
      fix: 'start it: hookd service install, or hookd daemon in a terminal',
    };
  }
}

/**
 * A synthetic event goes the way the client's events go: the bridge command line of the settings
 * (its `hookd` and `--state-dir`), run through `sh -c` with the client's PATH, then through the
 * inbox to a probe hook, and comes back with an outcome from the daemon.
 */
export async function checkProbe(
  paths: Paths,
  bridge: HookEntry['bridge'],
  pathVar: string | undefined,
  timeoutMs: number,
): Promise<Check> {
  const nonce = randomBytes(6).toString('hex');
  // Marked as the probe (probe-marker.ts): the history keeps it out of the counts and listings.
  const { sessionId, command } = probeRun(nonce);
  const payload = JSON.stringify({
    session_id: sessionId,
    transcript_path: '',
    cwd: '/',
    hook_event_name: 'Stop',
    stop_hook_active: false,
  });
  const line = `${bridge?.program ?? 'hookd'} emit${bridge?.stateDir ? ` --state-dir ${shellQuote(bridge.stateDir)}` : ''} -- ${shellQuote(command)}`;
  const fail = (detail: string, fix = 'look at hookd status and the daemon log') => ({
    name: 'probe event',
    ok: false,
    detail,
    fix,
  });
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: pathVar ?? process.env.PATH ?? '' };
    const sent = spawnSync('sh', ['-c', line], { input: payload, env, encoding: 'utf8', timeout: 10_000 });
    if (sent.status !== 0 || sent.stderr)
      return fail(`the bridge command ${line} said: ${sent.stderr.trim() || `exit ${sent.status}`}`);
    const run = await awaitProbeRun(paths, command, timeoutMs);
    if (run?.ran)
      return {
        name: 'probe event',
        ok: true,
        detail: `a Stop event went through the inbox and its hook ran (${run.entry.durationMs ?? '?'} ms)`,
      };
    if (run) return fail(run.detail);
    const where = bridge?.stateDir ?? defaultStateDir();
    if (path.resolve(where) !== path.resolve(paths.stateDir)) {
      return fail(
        `the client's events would not arrive: its bridge (${line}) stores them in ${where}, the daemon watches ${paths.stateDir}`,
        `run hookd install --state-dir ${paths.stateDir} again (it writes --state-dir into the bridge), or start the daemon on ${where}`,
      );
    }
    return fail(
      `no outcome for the probe hook within ${timeoutMs / 1000} s`,
      `the daemon is busy or stuck: hookd status shows its queue; check that ${paths.stateDir} is writable`,
    );
  } catch (error) {
    return fail(`the daemon stopped answering: ${(error as Error).message}`);
  }
}
