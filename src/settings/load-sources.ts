// Loads every hook file a command reads, each with its client, and combines their entries. A file
// its client does not read contributes nothing (Droid's hooks.json shaped {"hooks": …}), and an
// event another file replaces (Droid's hooks.json over settings.json) contributes nothing of it.
import { EMPTY_CONFIG, type HookConfig } from './config.js';
import { loadSettings, type LoadResult } from './load.js';
import { isShadowed } from '../clients/find-sources.js';
import type { HookSource } from '../clients/hook-source.js';

export interface SourceResult {
  source: HookSource;
  result: LoadResult;
  /** Why the client does not read this file now, if it does not. */
  ignored?: string;
}

const NOTHING: LoadResult = { ok: true, config: EMPTY_CONFIG, features: { comments: false, trailingCommas: false } };

/** Load one source, honouring the file it yields to, the shape its client reads, and the file whose events replace its own. */
export async function loadSource(source: HookSource): Promise<SourceResult> {
  if (isShadowed(source))
    return { source, result: NOTHING, ignored: `${source.client.name} reads ${source.unless} instead` };
  const result = await loadSettings(source.file, source.client, source.bareMapOnly);
  if (!result.ok) return { source, result };
  if (source.bareMapOnly && result.config.shape === 'settings') {
    // Droid logs a warning and reads nothing from such a file: hookd does the same, and says how to fix it.
    return {
      source,
      result: NOTHING,
      ignored: `${source.client.name} reads this file only as a bare event map ({"Stop": [...]}) and ignores one shaped {"hooks": {...}}: move the events to the top level`,
    };
  }
  return { source, result: await withoutOverridden(source, result) };
}

// Droid merges per event: an event hooks.json names, with hooks or none (`"Stop": []`), replaces the
// same event of settings.json, whose other events still run. The overriding file is the first of
// the list that exists (hooks.json, else the older hooks/hooks.json), and counts only when its
// client reads it (a bare map).
async function withoutOverridden(source: HookSource, result: LoadResult & { ok: true }): Promise<LoadResult> {
  const other = await firstPresent(source.overriddenBy ?? [], source);
  if (!other?.ok || other.config.shape !== 'hooks-file') return result;
  const replaced = new Set(other.config.events);
  return {
    ...result,
    config: { ...result.config, entries: result.config.entries.filter((entry) => !replaced.has(entry.event)) },
  };
}

async function firstPresent(files: readonly string[], source: HookSource): Promise<LoadResult | undefined> {
  for (const file of files) {
    const loaded = await loadSettings(file, source.client, true);
    if (loaded.ok || !loaded.missing) return loaded;
  }
  return undefined;
}

/** Load every source, in order. */
export function loadSources(sources: readonly HookSource[]): Promise<SourceResult[]> {
  return Promise.all(sources.map(loadSource));
}

/** The entries of every loaded file, in order; failed or missing files contribute none. */
export function combine(configs: readonly HookConfig[]): HookConfig {
  if (configs.length === 1) return configs[0]!;
  const entries = configs.flatMap((config) => config.entries);
  return entries.length ? { shape: 'settings', entries } : EMPTY_CONFIG;
}
