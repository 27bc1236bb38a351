// Loads every hook file a command reads, each with its client, and combines their entries. A file
// its client does not read now (Droid's settings.json beside a hooks.json) contributes nothing.
import { EMPTY_CONFIG, type HookConfig } from './config.js';
import { loadSettings, type LoadResult } from './load.js';
import { isShadowed, type HookSource } from '../clients/find-sources.js';

export interface SourceResult {
  source: HookSource;
  result: LoadResult;
  /** Why the client does not read this file now, if it does not. */
  ignored?: string;
}

/** Load one source, honouring the file it yields to. */
export async function loadSource(source: HookSource): Promise<SourceResult> {
  if (isShadowed(source)) {
    return { source, result: { ok: true, config: EMPTY_CONFIG, features: { comments: false, trailingCommas: false } }, ignored: `${source.client.name} reads ${source.unless} instead` };
  }
  return { source, result: await loadSettings(source.file, source.client) };
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
