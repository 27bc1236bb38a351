// Runs the checks of `hookd doctor` in order. The probes (through the bridge, and through the http
// path when the settings have http entries) need the daemon, so they run only when the daemon
// answered; a check that cannot run is reported as failed with the reason.
import { checkDaemon, checkPath, checkProbe, checkSettings, type Check } from './checks.js';
import { checkBridge } from './check-bridge.js';
import { checkFrontDoor } from './check-front-door.js';
import { checkHttpProbe, portHolder } from './http-probe.js';
import { checkPortOwner } from './check-port-owner.js';
import { checkNotify } from './check-notify.js';
import { checkCannotRun } from './check-cannot-run.js';
import { checkDidNotFire } from './check-did-not-fire.js';
import { checkReach, startWays } from './check-reach.js';
import { findOnPath } from '../common/find-on-path.js';
import { packageRoot } from '../common/package-root.js';
import path from 'node:path';
import { checkLoopbackAddresses } from './check-loopback.js';
import type { Paths } from '../common/paths.js';
import type { SourceResult } from '../settings/load-sources.js';
import { posts } from '../settings/entry-kinds.js';

/** Every check, in the order a person would fix them. */
export async function runDoctor(
  paths: Paths,
  loaded: readonly SourceResult[] | string,
  options: { pathVar: string | undefined; timeoutMs: number; othersCanWrite?: readonly string[] },
): Promise<Check[]> {
  const checks = [...checkSettings(loaded), checkPath(options.pathVar), checkBridge(), checkFrontDoor(options.pathVar)];
  // Hook files another user can change (issue 41, 2): theirs to plant a hook in, whatever else holds.
  if (options.othersCanWrite?.length)
    checks.push({
      name: 'hook files only you can change',
      ok: false,
      detail: options.othersCanWrite.join('; '),
      fix: 'close each one to other users (chmod go-w), then check what it holds: hookd validate',
    });
  // The way the clients start, which may not be this shell's (issue 29): the folder to add is this hookd's.
  const hookdDir = path.dirname(
    findOnPath('hookd', options.pathVar)?.found ?? path.join(packageRoot(), 'bin', 'hookd'),
  );
  const entries = (typeof loaded === 'string' ? [] : loaded).flatMap(({ result }) =>
    result.ok ? result.config.entries : [],
  );
  checks.push(
    checkReach(
      startWays(),
      hookdDir,
      entries.map((entry) => entry.run),
    ),
  );
  const daemon = await checkDaemon(paths);
  checks.push(daemon);
  // A loopback address the daemon lacks is one where another process answers the http hooks.
  const listener = daemon.ok ? await checkLoopbackAddresses(paths) : undefined;
  if (listener) checks.push(listener);
  const bridge = entries.find((entry) => entry.bridge)?.bridge;
  if (daemon.ok) checks.push(await checkProbe(paths, bridge, options.pathVar, options.timeoutMs));
  else
    checks.push({
      name: 'probe event',
      ok: false,
      detail: 'not sent: the daemon is not running',
      fix: 'start the daemon first',
    });
  const notify = checkNotify(entries, { ...process.env, PATH: options.pathVar ?? process.env.PATH });
  if (notify) checks.push(notify);
  // Configured hooks their client will not run, whatever hookd does (issue 30): said before the http checks.
  const cannotRun = await checkCannotRun(loaded, options.pathVar);
  if (cannotRun) checks.push(cannotRun);
  const didNotFire = await checkDidNotFire(paths.stateDir, loaded, options.pathVar);
  if (didNotFire) checks.push(didNotFire);
  // With http entries, a probe goes their way too (http-probe.ts).
  // Any kind that posts (the entry-kind table's `posting`): a new transport gets the port-owner check too.
  const posted = entries.find((entry) => posts(entry.kind));
  // Who listens there first: the token goes only to the daemon (check-port-owner.ts).
  const owner = posted && (await checkPortOwner(paths, posted.http!.host, posted.http!.port));
  if (owner) checks.push(owner);
  if (owner && !owner.ok)
    checks.push({
      name: 'http probe',
      ok: false,
      detail: `not sent: ${posted!.http!.host}:${posted!.http!.port} is not the daemon's (see above)`,
      fix: 'see the port owner check',
    });
  else if (posted && daemon.ok)
    checks.push(await checkHttpProbe(paths, posted.event, posted.http!, process.env, options.timeoutMs));
  else if (posted)
    checks.push({
      name: 'http probe',
      ok: false,
      detail: `not sent: the daemon is not running; ${await portHolder(posted.http!.port)}`,
      fix: 'start the daemon first',
    });
  return checks;
}

/** The checks as lines: ✓ or ✗, what was found, and what to do. */
export function renderChecks(checks: readonly Check[]): string {
  const lines = checks.map(
    (check) =>
      `${check.ok ? '✓' : '✗'} ${check.name}: ${check.detail}${check.ok || !check.fix ? '' : `\n    → ${check.fix}`}`,
  );
  const failed = checks.filter((check) => !check.ok).length;
  lines.push(failed ? `${failed} check(s) failed` : 'all checks passed');
  return `${lines.join('\n')}\n`;
}
