// doctor's check of the configured hooks their client will not run now (src/cannot-run/): said only
// when there are some, each on its own line with its reason and fix.
import type { Check } from './checks.js';
import type { SourceResult } from '../settings/load-sources.js';
import { contextHere, hooksThatCannotRun } from '../cannot-run/cannot-run.js';
import { describeCannotRun } from '../cannot-run/describe-cannot-run.js';

/** The failed check listing every hook that will not run, or none when each can. */
export async function checkCannotRun(
  loaded: readonly SourceResult[] | string,
  pathVar: string | undefined,
): Promise<Check | undefined> {
  if (typeof loaded === 'string') return undefined;
  const rows = await hooksThatCannotRun(loaded, contextHere(pathVar));
  if (rows.length === 0) return undefined;
  const lines = rows.map((row) => `\n    - ${describeCannotRun(row)}`).join('');
  return {
    name: 'hooks that will not run',
    ok: false,
    detail: `${rows.length} configured hook(s) will not run, and their client says nothing:${lines}`,
    fix: 'fix each as its line says (→); hookd status and the page list them too',
  };
}
