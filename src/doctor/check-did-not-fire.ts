// doctor's check of the hooks that did not fire where their siblings did (cannot-run/
// did-not-fire-here.ts): said only when there are some, each with its sessions and likeliest cause.
import type { Check } from './checks.js';
import type { SourceResult } from '../settings/load-sources.js';
import { contextHere } from '../cannot-run/cannot-run.js';
import { hooksThatDidNotFireIn } from '../cannot-run/did-not-fire-here.js';
import { describeUnfired } from '../cannot-run/describe-cannot-run.js';

/** The failed check listing every configured hook that did not fire in the recorded sessions, or none. */
export async function checkDidNotFire(
  stateDir: string,
  loaded: readonly SourceResult[] | string,
  pathVar: string | undefined,
): Promise<Check | undefined> {
  if (typeof loaded === 'string') return undefined;
  const hooks = await hooksThatDidNotFireIn(stateDir, loaded, contextHere(pathVar));
  if (hooks.length === 0) return undefined;
  return {
    name: 'hooks that did not fire',
    ok: false,
    detail: `${hooks.length} configured hook(s) did not fire where the client ran the others of their event:${hooks.map((hook) => `\n    - ${describeUnfired(hook)}`).join('')}`,
    fix: 'see the likeliest cause on each line; hookd status and the page (silent hooks) list them too',
  };
}
