// `hookd install --hooks FILE`: a HIF manifest (hooks/0.1, JSON or YAML) installed into every
// client found here (or those --client names, or the file given): each hook on the client's
// own event, tools and timeout unit, through hookd (`--canonical`), with the lines that say what
// each client cannot express and which degradation strategy applied. The same machinery as every
// install: all files planned before the first is written (write-all.ts), recorded so that
// `hookd uninstall` gives each file back byte for byte; installing the same manifest again changes
// nothing, and installing it after an edit replaces the hooks it no longer has.
import path from 'node:path';
import { resolvePaths, stateDir as defaultStateDir } from '../common/paths.js';
import { UsageError } from '../common/errors.js';
import { cleanText } from '../common/terminal/clean-text.js';
import { backupLine } from '../install/backups.js';
import { newHookShape } from '../install/splice-hooks.js';
import {
  commitWithRecord,
  describeDryRun,
  readSettingsForEdit,
  recordKey,
  type Seams,
} from '../install/edit-settings.js';
import { emptyRecord, mergeRecord, readManifest, type AddRecord, type FileRecord } from '../install/manifest.js';
import { planInstall, planUninstall, type AddRequest, type PlanOptions } from '../install/plan-edit.js';
import { assertWritable } from '../install/settings-file.js';
import { writeAll, type PlannedFile } from '../install/write-all.js';
import { planShim } from '../install/shim-files.js';
import { installTargetsFor } from '../install/install-targets.js';
import { planManifestScripts } from '../install/manifest-script-files.js';
import { chosenClient, clientsOnMachine } from '../clients/find-sources.js';
import { homedir } from 'node:os';
import { GENERIC } from '../clients/registry.js';
import type { ClientProfile } from '../clients/profile.js';
import type { HookSource } from '../clients/hook-source.js';
import { readManifestFile } from '../hif/read-manifest.js';
import { checkManifest, hooksPlacedNowhere } from '../hif/check-manifest.js';
import { encodeFor } from '../hif/encode.js';
import { hasDialect } from '../hif/vocabulary.js';
import { platformKey } from '../hif/capabilities.js';
import { manifestAdds, manifestTag } from '../install/manifest-adds.js';
import type { HifManifest } from '../hif/manifest-schema.js';
import type { InstallOptions } from './install.js';

// Options that choose what install does to the hooks already in the files: they mean nothing beside a manifest.
const NOT_WITH_HOOKS = ['add', 'async', 'sync', 'events', 'asyncOnly'] as const;

/** The files a manifest goes into: one per client (`client`: one or several, comma-separated); in a hook folder (Copilot CLI's), hookd's own file only; for a client whose hooks are files named after events (Cline's), its user folder. */
function targetsFor(settings: string | undefined, client: string | undefined): HookSource[] {
  const chosen = (client ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean)
    .map((id) => chosenClient(id)!);
  const onlyScripts = chosen.length > 0 && chosen.every((one) => one.scriptHooks);
  // `--settings DIR --client cline`: that folder.
  if (settings && onlyScripts && chosen.length === 1)
    return [{ file: path.resolve(settings), client: chosen[0]!, scope: 'given' }];
  const others = onlyScripts ? [] : installTargetsFor(settings, client);
  const targets = [
    ...others.filter((target) => (!target.inFolder || target.ownFile) && !target.client.scriptHooks),
    ...(settings ? [] : scriptFolders(chosen.length ? chosen : clientsOnMachine())),
  ];
  const unknown = targets.find((target) => target.client === GENERIC);
  if (unknown)
    throw new UsageError(
      `${unknown.file}: hookd cannot tell which client reads this file, so not in which dialect to write the hooks; name it with --client`,
    );
  return targets;
}

// The folder each client whose hooks are files named after events reads first (Cline's
// ~/.cline/hooks): a manifest's hooks become files there, whether or not it holds any yet.
function scriptFolders(clients: readonly ClientProfile[]): HookSource[] {
  return clients
    .filter((one) => one.scriptHooks)
    .map((one) => ({ file: path.join(homedir(), one.userFiles[0]!.path), client: one, scope: 'user' as const }));
}

// What install did before from the same manifest file that this one no longer has (a hook edited
// or taken out of the manifest): taken out first, so that the file holds the manifest as it is now.
function withoutStale(
  text: string,
  previous: FileRecord,
  adds: readonly AddRequest[],
  tag: string,
  options: PlanOptions,
): { text: string; stale: AddRecord[]; changes: string[] } {
  const key = (
    event: string | undefined,
    bridge: string | undefined,
    matcher: string | undefined,
    timeout: number | undefined,
  ) => JSON.stringify([event, bridge, matcher ?? null, timeout ?? null]);
  const wanted = new Set(adds.map((add) => key(add.events[0], add.entry?.bridge, add.entry?.matcher, add.timeout)));
  const stale = previous.adds.filter(
    (add) => add.example === tag && !wanted.has(key(add.event, add.command, add.matcher, add.timeout)),
  );
  if (stale.length === 0) return { text, stale, changes: [] };
  const removal = planUninstall(
    text,
    {
      ...emptyRecord(),
      adds: stale,
      createdEvents: previous.createdEvents,
      ...(previous.emptyInner && { emptyInner: previous.emptyInner }),
    },
    options,
  );
  return {
    text: removal.after ?? text,
    stale,
    changes: removal.changes.map((change) => `${change}: no longer in the manifest`),
  };
}

// One file's install of the manifest, read, checked and planned; written later by write-all.ts.
function installInto(
  target: HookSource,
  manifest: HifManifest,
  manifestFile: string,
  state: string,
  options: InstallOptions,
  seams: Seams,
): PlannedFile {
  const { client } = target;
  const bridgeOptions = state === defaultStateDir() ? [] : ['--state-dir', state];
  // A client whose hooks are files named after their events (Cline's): each hook becomes such a file.
  if (client.scriptHooks) {
    const encoded = encodeFor(manifest, client, platformKey());
    return planManifestScripts({
      dir: target.file,
      client,
      hooks: encoded.hooks,
      notes: encoded.notes,
      manifestFile,
      state,
      bridgeOptions,
      dryRun: options.dryRun === true,
    });
  }
  const snapshot = readSettingsForEdit(target.file, client);
  const where = `${snapshot.target} (${client.name})`;
  const encoded = encodeFor(manifest, client, platformKey());
  const notes = [
    ...snapshot.dropped.map((part) => `skipped: ${part.message}`),
    ...encoded.notes.map((note) => `cannot express: ${note}`),
  ];
  const block = (header: string, lines: readonly string[]) => [
    `${where}: ${header}`,
    ...lines.map((line) => `  ${line}`),
  ];
  const adds = manifestAdds(encoded.hooks, client, manifestFile, bridgeOptions);
  const shape = newHookShape(client);
  const planOptions = { layout: client.layout, file: snapshot.target, shape };
  const previous = readManifest(state).files[recordKey(snapshot.target)] ?? emptyRecord();
  const old = withoutStale(snapshot.text, previous, adds, manifestTag(manifestFile), planOptions);
  const added = planInstall(old.text, snapshot.exists, [], adds, planOptions);
  const plan = { ...added, changes: [...old.changes, ...added.changes] };
  const record = mergeRecord(
    { ...previous, adds: previous.adds.filter((add) => !old.stale.includes(add)) },
    added.record,
  );
  if (plan.changes.length === 0) {
    const header =
      encoded.hooks.length === 0
        ? 'nothing to install: no hook of the manifest can go here'
        : 'nothing to change: every hook of the manifest is installed already';
    return { file: snapshot.target, lines: block(header, notes) };
  }
  if (options.dryRun)
    return {
      file: snapshot.target,
      lines: [
        ...block(`${plan.changes.length} change(s) to make (dry run: nothing written)`, notes),
        describeDryRun(snapshot, plan).trimEnd(),
      ],
    };
  assertWritable(snapshot);
  const write = async () => {
    const { backup } = await commitWithRecord(state, snapshot, plan, record, seams);
    const lines = [
      ...plan.changes,
      ...notes,
      ...(backup ? [backupLine(backup)] : []),
      ...(client.afterInstall ? [`note: ${client.afterInstall}`] : []),
    ];
    return block(`${plan.changes.length} change(s) written; hookd uninstall undoes them`, lines);
  };
  return { file: snapshot.target, lines: [], write };
}

/** Install the manifest `options.hooks` names; returns what to print. Every file is planned before the first is written. */
export async function runHooksInstall(options: InstallOptions & { hooks: string }, seams: Seams = {}): Promise<string> {
  const clash = NOT_WITH_HOOKS.find((key) => options[key] !== undefined && options[key] !== false);
  if (clash)
    throw new UsageError(
      `--hooks installs a manifest's hooks and leaves the others as they are: it does not take --${clash.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}; run the two installs one after the other`,
    );
  if (options.transport !== undefined && options.transport !== 'bridge')
    throw new UsageError('--hooks installs through the bridges only; --transport http is not available with it');
  const read = await readManifestFile(options.hooks);
  if (!read.ok)
    throw new UsageError(
      `${read.issues.join('\n')}\n(nothing was changed: fix the manifest; docs/hooks-manifest.md describes it)`,
    );
  const checked = checkManifest(read.manifest, options.hooks);
  if (!checked.ok)
    throw new UsageError(
      `${checked.issues.join('\n')}\n(nothing was changed: fix the manifest; docs/hooks-manifest.md describes it)`,
    );
  const paths = resolvePaths({ settings: options.settings, stateDir: options.stateDir });
  const targets = targetsFor(paths.settings, options.client);
  // A hook none of these clients can take would guard nothing: refused before anything is written.
  const nowhere = hooksPlacedNowhere(
    checked.manifest,
    targets.filter((target) => hasDialect(target.client.id)).map((target) => target.client),
    options.hooks,
  );
  if (nowhere.length)
    throw new UsageError(
      `${nowhere.join('\n')}\n(nothing was changed: choose clients that have it with --client, or take it out of the manifest)`,
    );
  const file = path.resolve(options.hooks);
  const planned = targets.map((target) => installInto(target, checked.manifest, file, paths.stateDir, options, seams));
  // A client with no command hooks of its own (OpenCode, pi) runs its hookd-owned file through hookd's shim, written beside it.
  for (const target of targets) {
    const shim = planShim(target.client, target.file, options.dryRun === true);
    if (shim) planned.push(shim);
  }
  const out = await writeAll(planned, 'hookd install');
  return cleanText(`${out.join('\n')}\n`);
}
