// Codex runs a hook of a user or project file only once the user trusted it: it records, in
// `[hooks.state."<file>:<event>:<group>:<handler>"]` of ~/.codex/config.toml, the `trusted_hash`
// of the hook as trusted and an `enabled` switch (codex-rs hooks/src/engine/discovery.rs and
// config_rules.rs; the 0.169 binary says "New hook - review required" and "Continue without
// trusting (hooks won't run)"). A hook with no trusted hash is skipped with no word in `codex
// exec`. Rewriting an entry (hookd install does, or a hand) changes its hash, and Codex skips it as
// "modified" until trusted again: clients/codex/hook-hash.ts computes the hash as Codex does.
import path from 'node:path';
import type { HookEntry } from '../settings/config.js';
import { codexEventLabel, codexHandlerAt, codexHookHash } from '../clients/codex/hook-hash.js';
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
  const found = place
    ? codexHandlerAt(await files.read(entry.file), entry.event, Number(place[1]), Number(place[2]))
    : undefined;
  return found && codexHookHash(entry.event, found.group, found.handler);
}

const TRUST_FIX =
  'start codex in a terminal and trust it when it lists the hook for review (or /hooks in codex); codex exec skips it silently until then';

const inside = (folder: string, holder: string) =>
  folder === holder || folder.startsWith(holder.endsWith(path.sep) ? holder : holder + path.sep);

// Codex loads a project's .codex/ only in a project trusted under [projects."<path>"] of the user's
// config.toml (0.169 `codex exec` warns "Untrusted project-local configuration is disabled" and runs
// none of its hooks; checked with the binary). The longest path holding the project decides.
function projectTrusted(projects: Record<string, unknown>, root: string): boolean {
  let level: unknown;
  let longest = -1;
  for (const folder of Object.keys(projects)) {
    const trust = objectAt(projects, folder).trust_level;
    if (inside(root, path.resolve(folder)) && folder.length > longest) [level, longest] = [trust, folder.length];
  }
  return level === 'trusted';
}

/** Codex command hooks of the user's and projects' files that Codex will not run: a project not trusted, a hook not trusted (or changed since), or turned off in its hook state. */
export const codexUntrusted: ReasonCheck = async (entries, files, context) => {
  const config = path.join(context.home, '.codex', 'config.toml');
  const whole = await files.read(config);
  const states = objectAt(objectAt(whole, 'hooks'), 'state');
  const userDir = path.join(context.home, '.codex');
  const rows = await Promise.all(
    entries.map(async (entry): Promise<CannotRun[]> => {
      // Plugin hooks are keyed by plugin id, not by file: hookd does not guess those keys.
      if (
        entry.client.id !== 'codex' ||
        entry.type !== 'command' ||
        path.basename(path.dirname(entry.file)) !== '.codex'
      )
        return [];
      const root = path.dirname(path.dirname(entry.file));
      if (path.dirname(entry.file) !== userDir && !projectTrusted(objectAt(whole, 'projects'), root)) {
        return [
          cannotRunRow(
            entry,
            'untrusted',
            `Codex loads no project configuration from ${root}/.codex/ in a project it has not trusted: no trust_level = "trusted" under [projects."${root}"] in ${config} (codex exec only warns "Untrusted project-local configuration is disabled")`,
            `run codex exec --trust once in ${root}, or trust the project when codex asks; then trust its hooks in codex's /hooks`,
          ),
        ];
      }
      const key = codexStateKey(entry);
      if (!key) return [];
      const state = objectAt(states, key);
      if (state.enabled === false)
        return [
          cannotRunRow(
            entry,
            'hooks-turned-off',
            `Codex has this hook turned off: enabled = false under [hooks.state."${key}"] in ${config}`,
            `set enabled = true there, or turn it on in codex's /hooks`,
          ),
        ];
      if (typeof state.trusted_hash !== 'string')
        return [
          cannotRunRow(
            entry,
            'untrusted',
            `Codex has not trusted this hook: no trusted_hash under [hooks.state."${key}"] in ${config}`,
            TRUST_FIX,
          ),
        ];
      const now = await codexHashNow(entry, files);
      if (now && now !== state.trusted_hash)
        return [
          cannotRunRow(
            entry,
            'untrusted',
            `Codex trusted this hook before it was rewritten (by hookd install or by hand): the trusted_hash under [hooks.state."${key}"] in ${config} is not the hook's hash now (${now}), so Codex skips it as modified`,
            `review it again: ${TRUST_FIX}`,
          ),
        ];
      return [];
    }),
  );
  return rows.flat();
};
