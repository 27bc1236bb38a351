// Codex runs a hook of a user or project file only once the user trusted it: it records, in
// `[hooks.state."<file>:<event>:<group>:<handler>"]` of ~/.codex/config.toml, the `trusted_hash`
// of the hook as trusted and an `enabled` switch (codex-rs hooks/src/engine/discovery.rs and
// config_rules.rs; the 0.169 binary says "New hook - review required" and "Continue without
// trusting (hooks won't run)"). A hook with no trusted hash is skipped with no word in `codex
// exec`. Rewriting an entry (hookd install does, or a hand) changes its hash, and Codex skips it as
// "modified" until trusted again: clients/codex-hook-hash.ts computes the hash as Codex does.
import path from 'node:path';
import type { HookEntry } from '../settings/config.js';
import { codexEventLabel, codexHandlerAt, codexHookHash } from '../clients/codex-hook-hash.js';
import { objectAt, type ClientFiles } from './client-files.js';
import { cannotRunRow } from './cannot-run-row.js';
import type { CannotRun, ReasonCheck } from './cannot-run.js';

/** The key under which Codex keeps the trust of `entry`, when its place in the file says it. */
export function codexStateKey(entry: HookEntry): string | undefined {
  const place = /\[(\d+)\]\.hooks\[(\d+)\]$/.exec(entry.location);
  return place ? `${entry.file}:${codexEventLabel(entry.event)}:${place[1]}:${place[2]}` : undefined;
}

/** The hash Codex computes for `entry` as its file holds it now, when hookd can read it. */
export async function codexHashNow(entry: HookEntry, files: ClientFiles): Promise<string | undefined> {
  const place = /\[(\d+)\]\.hooks\[(\d+)\]$/.exec(entry.location);
  const found = place ? codexHandlerAt(await files.read(entry.file), entry.event, Number(place[1]), Number(place[2])) : undefined;
  return found && codexHookHash(entry.event, found.group, found.handler);
}

const TRUST_FIX = 'start codex in a terminal and trust it when it lists the hook for review (or /hooks in codex); codex exec skips it silently until then';

/** Codex command hooks of the user's files that Codex has not trusted, or that are turned off in its hook state. */
export const codexUntrusted: ReasonCheck = async (entries, files, context) => {
  const config = path.join(context.home, '.codex', 'config.toml');
  const states = objectAt(objectAt(await files.read(config), 'hooks'), 'state');
  const userDir = path.join(context.home, '.codex');
  const rows = await Promise.all(entries.map(async (entry): Promise<CannotRun[]> => {
    // Plugin hooks are keyed by plugin id, not by file: hookd does not guess those keys.
    if (entry.client.id !== 'codex' || entry.type !== 'command' || path.dirname(entry.file) !== userDir) return [];
    const key = codexStateKey(entry);
    if (!key) return [];
    const state = objectAt(states, key);
    if (state.enabled === false) return [cannotRunRow(entry, 'hooks-turned-off', `Codex has this hook turned off: enabled = false under [hooks.state."${key}"] in ${config}`, `set enabled = true there, or turn it on in codex's /hooks`)];
    if (typeof state.trusted_hash !== 'string') return [cannotRunRow(entry, 'untrusted', `Codex has not trusted this hook: no trusted_hash under [hooks.state."${key}"] in ${config}`, TRUST_FIX)];
    const now = await codexHashNow(entry, files);
    if (now && now !== state.trusted_hash) return [cannotRunRow(entry, 'untrusted', `Codex trusted this hook before it was rewritten (by hookd install or by hand): the trusted_hash under [hooks.state."${key}"] in ${config} is not the hook's hash now (${now}), so Codex skips it as modified`, `review it again: ${TRUST_FIX}`)];
    return [];
  }));
  return rows.flat();
};
