// Codex runs a hook of a user or project file only once the user trusted it: it records, in
// `[hooks.state."<file>:<event>:<group>:<handler>"]` of ~/.codex/config.toml, the `trusted_hash`
// of the hook as trusted and an `enabled` switch (codex-rs hooks/src/engine/discovery.rs and
// config_rules.rs; the 0.169 binary says "New hook - review required" and "Continue without
// trusting (hooks won't run)"). A hook with no trusted hash is skipped with no word in `codex
// exec`. Rewriting an entry (hookd install does) changes its hash, and Codex asks again; hookd does
// not recompute Codex's hash, so it names a hook Codex never trusted, not one trusted and changed.
import path from 'node:path';
import type { HookEntry } from '../settings/config.js';
import { objectAt } from './client-files.js';
import { cannotRunRow } from './cannot-run-row.js';
import type { CannotRun, ReasonCheck } from './cannot-run.js';

// Codex's key label of an event: PreToolUse → pre_tool_use (hooks/src/lib.rs hook_event_key_label).
const snake = (event: string) => event.replace(/(?<=.)([A-Z])/g, '_$1').toLowerCase();

/** The key under which Codex keeps the trust of `entry`, when its place in the file says it. */
export function codexStateKey(entry: HookEntry): string | undefined {
  const place = /\[(\d+)\]\.hooks\[(\d+)\]$/.exec(entry.location);
  return place ? `${entry.file}:${snake(entry.event)}:${place[1]}:${place[2]}` : undefined;
}

const TRUST_FIX = 'start codex in a terminal and trust it when it lists the hook for review (or /hooks in codex); codex exec skips it silently until then';

/** Codex command hooks of the user's files that Codex has not trusted, or that are turned off in its hook state. */
export const codexUntrusted: ReasonCheck = async (entries, files, context) => {
  const config = path.join(context.home, '.codex', 'config.toml');
  const states = objectAt(objectAt(await files.read(config), 'hooks'), 'state');
  const userDir = path.join(context.home, '.codex');
  return entries.flatMap((entry): CannotRun[] => {
    // Plugin hooks are keyed by plugin id, not by file: hookd does not guess those keys.
    if (entry.client.id !== 'codex' || entry.type !== 'command' || path.dirname(entry.file) !== userDir) return [];
    const key = codexStateKey(entry);
    if (!key) return [];
    const state = objectAt(states, key);
    if (state.enabled === false) return [cannotRunRow(entry, 'hooks-turned-off', `Codex has this hook turned off: enabled = false under [hooks.state."${key}"] in ${config}`, `set enabled = true there, or turn it on in codex's /hooks`)];
    if (typeof state.trusted_hash !== 'string') return [cannotRunRow(entry, 'untrusted', `Codex has not trusted this hook: no trusted_hash under [hooks.state."${key}"] in ${config}`, TRUST_FIX)];
    return [];
  });
};
