// `hookd uninstall`: undo what install did, by its record in the state directory: in the file
// given, or in every file install changed (of the chosen client): wrapped commands are restored,
// added hooks removed; the user's own entries stay.
import { resolvePaths } from '../common/paths.js';
import { HookdError } from '../common/errors.js';
import { backupLine } from '../install/backups.js';
import { examplesDir, removeExamples } from '../install/examples.js';
import { commitWithRecord, describeDryRun, readSettingsForEdit, recordKey, type Seams } from '../install/edit-settings.js';
import { manifestPath, readManifest, writeManifest } from '../install/manifest.js';
import { planUninstallAll } from '../install/http-plan.js';
import { chosenClient, givenSource } from '../clients/find-sources.js';
import { GENERIC } from '../clients/registry.js';
import { clientForPath } from '../clients/registry.js';

export interface UninstallOptions {
  settings?: string;
  client?: string;
  stateDir?: string;
  dryRun?: boolean;
}

async function uninstallFrom(file: string, state: string, dryRun: boolean | undefined, seams: Seams, clientId?: string): Promise<string[]> {
  const client = givenSource(file, clientId).client;
  const snapshot = readSettingsForEdit(file, client);
  if (!snapshot.exists) throw new HookdError('ENOENT', `${file}: no such file; check --settings or HOOKD_SETTINGS`);
  const key = recordKey(snapshot.target);
  const manifest = readManifest(state);
  const record = manifest.files[key];
  if (!record) return [`${snapshot.target}: hookd install has not changed this file (no record in ${manifestPath(state)}); nothing to undo`];
  const plan = planUninstallAll(snapshot.text, record, { layout: client === GENERIC ? undefined : client.layout, file: snapshot.target });
  if (plan.changes.length === 0) {
    if (!dryRun) {
      delete manifest.files[key];
      writeManifest(state, manifest);
    }
    return [`${snapshot.target}: none of the entries hookd install changed are left in the file (edited since?); nothing to undo`];
  }
  if (dryRun) return [describeDryRun(snapshot, plan).trimEnd()];
  const { backup } = await commitWithRecord(state, snapshot, plan, undefined, seams);
  const out = [...plan.changes];
  const stillAdded = Object.values(readManifest(state).files).some((other) => other.adds.length > 0);
  if (record.adds.length > 0 && !stillAdded) out.push(...removeExamples(examplesDir()));
  if (backup) out.push(backupLine(backup));
  out.push(plan.after === null ? `${snapshot.target}: removed (install had created it)` : `${snapshot.target}: ${plan.changes.length} change(s) undone`);
  return out;
}

/** Run uninstall and return what it printed. */
export async function runUninstall(options: UninstallOptions, seams: Seams = {}): Promise<string> {
  const paths = resolvePaths({ settings: options.settings, stateDir: options.stateDir });
  const client = chosenClient(options.client);
  const files = paths.settings
    ? [paths.settings]
    : Object.keys(readManifest(paths.stateDir).files).filter((file) => !client || clientForPath(file)?.id === client.id);
  if (files.length === 0) return `hookd install has changed no ${client ? `${client.name} ` : ''}file (no record in ${manifestPath(paths.stateDir)}); nothing to undo\n`;
  const out: string[] = [];
  for (const file of files) out.push(...(await uninstallFrom(file, paths.stateDir, options.dryRun, seams, options.client)));
  return `${out.join('\n')}\n`;
}

/** `hookd uninstall`. */
export async function uninstallCommand(options: UninstallOptions): Promise<void> {
  process.stdout.write(await runUninstall(options));
}
