// `hookd uninstall`: undo what install did to the settings file, by its record in the state
// directory: wrapped commands are restored, added hooks removed; the user's own entries stay.
import { resolvePaths } from '../common/paths.js';
import { HookdError } from '../common/errors.js';
import { examplesDir, removeExamples } from '../install/examples.js';
import { commitWithRecord, describeDryRun, readSettingsForEdit, recordKey, type Seams } from '../install/edit-settings.js';
import { manifestPath, readManifest, writeManifest } from '../install/manifest.js';
import { planUninstall } from '../install/plan-edit.js';

export interface UninstallOptions {
  settings?: string;
  stateDir?: string;
  dryRun?: boolean;
}

/** Run uninstall and return what it printed. */
export async function runUninstall(options: UninstallOptions, seams: Seams = {}): Promise<string> {
  const paths = resolvePaths({ settings: options.settings, stateDir: options.stateDir });
  const snapshot = readSettingsForEdit(paths.settings);
  if (!snapshot.exists) throw new HookdError('ENOENT', `${paths.settings}: no such file; check --settings or HOOKD_SETTINGS`);
  const key = recordKey(snapshot.target);
  const manifest = readManifest(paths.stateDir);
  const record = manifest.files[key];
  if (!record) return `${snapshot.target}: hookd install has not changed this file (no record in ${manifestPath(paths.stateDir)}); nothing to undo\n`;
  const plan = planUninstall(snapshot.text, record);
  const dropRecord = () => {
    delete manifest.files[key];
    writeManifest(paths.stateDir, manifest);
  };
  if (plan.changes.length === 0) {
    if (!options.dryRun) dropRecord();
    return `${snapshot.target}: none of the entries hookd install changed are left in the file (edited since?); nothing to undo\n`;
  }
  if (options.dryRun) return describeDryRun(snapshot, plan);
  const { backup } = await commitWithRecord(paths.stateDir, snapshot, plan, undefined, seams);
  const out = [...plan.changes];
  const stillAdded = Object.values(readManifest(paths.stateDir).files).some((other) => other.adds.length > 0);
  if (record.adds.length > 0 && !stillAdded) out.push(...removeExamples(examplesDir()));
  if (backup) out.push(`backup: ${backup}`);
  out.push(plan.after === null ? `${snapshot.target}: removed (install had created it)` : `${snapshot.target}: ${plan.changes.length} change(s) undone`);
  return `${out.join('\n')}\n`;
}

/** `hookd uninstall`. */
export async function uninstallCommand(options: UninstallOptions): Promise<void> {
  process.stdout.write(await runUninstall(options));
}
