// `hookd uninstall`: undo what install did, by its record in the state directory: in the file
// given, or in every file install changed (of the chosen client): wrapped commands are restored,
// added hooks removed; the user's own entries stay.
import { resolvePaths } from '../common/paths.js';
import { UsageError } from '../common/errors.js';
import { givenBy } from './hook-files.js';
import { cleanText } from '../common/terminal/clean-text.js';
import { backupLine } from '../install/backups.js';
import { examplesDir, removeExamples } from '../install/examples.js';
import {
  commitWithRecord,
  describeDryRun,
  readSettingsForEdit,
  recordKey,
  type Seams,
} from '../install/edit-settings.js';
import { manifestPath, readManifest, writeManifest } from '../install/manifest.js';
import { assertWritable } from '../install/settings-file.js';
import { printingPartial, writeAll, type PlannedFile } from '../install/write-all.js';
import { planUninstallAll } from '../install/http-plan.js';
import { chosenClient, givenSource } from '../clients/find-sources.js';
import { codexTrustNote } from '../install/codex-trust-note.js';
import { CLIENTS, GENERIC } from '../clients/registry.js';
import { planShimRemoval } from '../install/shim-files.js';
import { clientForPath } from '../clients/registry.js';
import { planScriptUninstall } from '../install/script-hooks.js';
import { planManifestScriptUninstall } from '../install/manifest-script-files.js';
import { droidMigratedFile } from '../install/droid-migration.js';
import { existsSync } from 'node:fs';
import { removeEmptyOwnFolder } from '../install/own-folder.js';

export interface UninstallOptions {
  settings?: string;
  client?: string;
  stateDir?: string;
  dryRun?: boolean;
}

// One file's uninstall, read, checked and planned: nothing is written here (write-all.ts writes every
// file of the run once all are planned, so a file that cannot be read stops the run with nothing undone).
function uninstallFrom(
  file: string,
  state: string,
  options: UninstallOptions,
  seams: Seams,
  movedFrom?: string,
): PlannedFile {
  const { dryRun } = options;
  const client = givenSource(file, options.client).client;
  // A hook file install wrapped in place (Cline's): its original comes back, mode included.
  const script = readManifest(state).files[recordKey(file)];
  if (script?.script) return planScriptUninstall(file, script, state, dryRun);
  // A hook file install wrote from a manifest (Cline's): deleted, while it holds what install wrote.
  if (script?.scriptWritten) return planManifestScriptUninstall(file, script, state, dryRun);
  const snapshot = readSettingsForEdit(file, client);
  const key = movedFrom ?? recordKey(snapshot.target);
  const record = readManifest(state).files[key];
  // Droid moved the file install changed into the one it reads now (hooks/hooks.json into hooks.json): undone there.
  const moved = snapshot.exists || movedFrom ? undefined : droidMigratedFile(snapshot.target);
  if (moved && record && existsSync(moved) && !readManifest(state).files[recordKey(moved)])
    return uninstallFrom(moved, state, options, seams, key);
  // A record with nothing left to undo is dropped (no settings file is written for it).
  const dropRecord = (line: string): PlannedFile => ({
    file: snapshot.target,
    lines: [line],
    ...(!dryRun && {
      write: async () => {
        const manifest = readManifest(state);
        delete manifest.files[key];
        writeManifest(state, manifest);
        return [line];
      },
    }),
  });
  if (!snapshot.exists) {
    // A file the user named must be there (bad input, exit 2); one install changed may have been deleted since.
    if (paths(options).settings) throw new UsageError(`${file}: no such file (${givenBy(options.settings)})`);
    return dropRecord(
      `${snapshot.target}: deleted since hookd install changed it; nothing to undo there${dryRun ? '' : ' (its record is dropped)'}`,
    );
  }
  if (!record)
    return {
      file: snapshot.target,
      lines: [
        `${snapshot.target}: hookd install has not changed this file (no record in ${manifestPath(state)}); nothing to undo`,
      ],
    };
  const plan = planUninstallAll(snapshot.text, record, {
    layout: client === GENERIC ? undefined : client.layout,
    file: snapshot.target,
  });
  if (plan.changes.length === 0)
    return dropRecord(
      `${snapshot.target}: none of the entries hookd install changed are left in the file (edited since?); nothing to undo`,
    );
  if (dryRun) return { file: snapshot.target, lines: [describeDryRun(snapshot, plan).trimEnd()] };
  // A file its owner made read-only stops the run before any file is written.
  assertWritable(snapshot);
  const write = async () => {
    const { backup } = await commitWithRecord(state, snapshot, plan, undefined, seams);
    if (movedFrom) {
      const manifest = readManifest(state);
      delete manifest.files[movedFrom];
      writeManifest(state, manifest);
    }
    // Restoring a command Codex trusted in its wrapped form un-trusts it as well.
    const out = [...plan.changes, ...(await codexTrustNote(client, snapshot.target, snapshot.text, plan.after))];
    const stillAdded = Object.values(readManifest(state).files).some((other) => other.adds.length > 0);
    if (record.adds.length > 0 && !stillAdded) out.push(...removeExamples(examplesDir()));
    if (backup) out.push(backupLine(backup));
    out.push(
      plan.after === null
        ? `${snapshot.target}: removed (install had created it)`
        : `${snapshot.target}: ${plan.changes.length} change(s) undone`,
    );
    if (plan.after === null) out.push(...removeEmptyOwnFolder(snapshot.target));
    return out;
  };
  return { file: snapshot.target, lines: [], write };
}

const paths = (options: UninstallOptions) => resolvePaths({ settings: options.settings, stateDir: options.stateDir });

/** Run uninstall and return what it printed. Every file is planned before the first is written. */
export async function runUninstall(options: UninstallOptions, seams: Seams = {}): Promise<string> {
  const { settings, stateDir } = paths(options);
  const client = chosenClient(options.client);
  const files = settings
    ? [settings]
    : Object.keys(readManifest(stateDir).files).filter((file) => !client || clientForPath(file)?.id === client.id);
  // The shims of the clients concerned (those of the file given, else the chosen one, else every one).
  const shimClients = settings ? [givenSource(settings, options.client).client] : client ? [client] : CLIENTS;
  const shims = shimClients
    .map((one) => planShimRemoval(one, options.dryRun === true))
    .filter((plan) => plan !== undefined);
  if (files.length === 0 && shims.length === 0)
    return `hookd install has changed no ${client ? `${client.name} ` : ''}file (no record in ${manifestPath(stateDir)}); nothing to undo\n`;
  const out = await writeAll(
    [...files.map((file) => uninstallFrom(file, stateDir, options, seams)), ...shims],
    'hookd uninstall',
  );
  // The lines quote the file's commands (and --dry-run its text): printed without control sequences.
  return cleanText(`${out.join('\n')}\n`);
}

/** `hookd uninstall`. */
export async function uninstallCommand(options: UninstallOptions): Promise<void> {
  process.stdout.write(await printingPartial(() => runUninstall(options)));
}
