// `hookd export [--client NAME]`: the hooks of a client's files (or of every client's found here,
// or of the file given) as one HIF manifest (hooks/0.1) on stdout, so that `hookd install --hooks`
// of it gives another client the same hooks. A hook behind hookd's bridges is exported as the
// command the bridge runs; what has no canonical form is said on stderr, never dropped silently.
// A client's own hook (not installed from a manifest, so not `--canonical`) answers in that client's
// terms: it is exported with `"dialect"`, so that install puts it back into that client as it was
// and into no other, where its answers would read as nothing and a guard would allow (issue 41, 1).
// The name a manifest gave a hook comes back from install's record.
import { UsageError } from '../common/errors.js';
import { resolvePaths } from '../common/paths.js';
import {
  chosenClient,
  clientsOnMachine,
  givenSource,
  isInEffect,
  noClientFound,
  userSources,
} from '../clients/find-sources.js';
import type { HookSource } from '../clients/hook-source.js';
import { GENERIC } from '../clients/registry.js';
import { loadSettings } from '../settings/load.js';
import { decodeEntry } from '../hif/decode.js';
import { hasDialect } from '../hif/vocabulary.js';
import { SPEC_VERSION, type HifHook, type HifManifest } from '../hif/manifest-schema.js';
import { dialectOf } from '../hif/vocabulary.js';
import { readManifest } from '../install/manifest.js';
import { recordKey } from '../install/edit-settings.js';

export interface ExportOptions {
  settings?: string;
  client?: string;
}

/** The files to export: the one given, else the user files each chosen client reads now. */
function sourcesFor(settings: string | undefined, clientId: string | undefined): HookSource[] {
  if (settings) {
    const given = givenSource(settings, clientId);
    if (given.client === GENERIC)
      throw new UsageError(
        `${settings}: hookd cannot tell which client reads this file, so not how to read its events; name it with --client`,
      );
    return [given];
  }
  const chosen = chosenClient(clientId);
  const clients = chosen ? [chosen] : clientsOnMachine();
  if (clients.length === 0) throw noClientFound();
  return userSources(clients).filter((source) => isInEffect(source));
}

/** The manifest of the hooks `options` names, and the lines that say what was left out. */
export async function runExport(options: ExportOptions): Promise<{ manifest: HifManifest; notes: string[] }> {
  const { settings, stateDir } = resolvePaths({ settings: options.settings });
  const record = readManifest(stateDir);
  const hooks: HifHook[] = [];
  const seen = new Set<string>();
  const notes: string[] = [];
  for (const source of sourcesFor(settings, options.client)) {
    if (!hasDialect(source.client.id)) {
      notes.push(
        `${source.file}: not exported: hookd has no canonical reading of ${source.client.name}'s hooks (docs/hooks-manifest.md)`,
      );
      continue;
    }
    const loaded = await loadSettings(source.file, source.client, source.bareMapOnly === true);
    if (!loaded.ok) {
      if (settings)
        throw new UsageError(`${loaded.errors.join('\n')} (nothing was exported: hookd validate lists every error)`);
      // One client's broken file does not stop the others' export: said, as the daemon would say it.
      if (!loaded.missing)
        notes.push(
          `${source.file}: not exported: it does not read (${loaded.errors[0]}); hookd validate lists every error`,
        );
      continue;
    }
    const adds = record.files[recordKey(source.file)]?.adds ?? [];
    for (const entry of loaded.config.entries) {
      const decoded = decodeEntry(entry, source.client);
      if ('note' in decoded) {
        notes.push(decoded.note);
        continue;
      }
      const name = adds.find((add) => add.command === entry.command && add.event === entry.event)?.name;
      const hook: HifHook = {
        ...(name !== undefined && { name }),
        ...decoded.hook,
        ...(!entry.canonical && { dialect: dialectOf(source.client.id).slug }),
      };
      // The same hook in several clients' files is one hook of the manifest.
      const key = JSON.stringify(hook);
      if (!seen.has(key)) hooks.push(hook);
      seen.add(key);
    }
  }
  if (hooks.length === 0)
    throw new UsageError(
      `no hook to export${notes.length ? `:\n${notes.join('\n')}` : ' in the files read'} (a manifest needs at least one hook)`,
    );
  return { manifest: { spec: SPEC_VERSION, hooks }, notes };
}

/** `hookd export`. */
export async function exportCommand(options: ExportOptions): Promise<void> {
  const { manifest, notes } = await runExport(options);
  for (const note of notes) process.stderr.write(`hookd: ${note}\n`);
  process.stdout.write(`${JSON.stringify(manifest, null, 2)}\n`);
}
