// The steps install and uninstall share: read and check the settings file, show a dry run as a
// unified diff, or commit the edit together with the install record.
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { parseSettingsText } from '../settings/load.js';
import { HookdError } from '../common/errors.js';
import { assertWritable, commitEdit, readSnapshot, type Snapshot } from './settings-file.js';
import { readManifest, writeManifest, type FileRecord, type Manifest } from './manifest.js';
import { unifiedDiff } from './unified-diff.js';
import type { Plan } from './plan-edit.js';

export interface Seams {
  /** Test seam: runs just before the rename, where a concurrent writer would strike. */
  beforeCommit?: () => Promise<void> | void;
}

/** The settings file, read and checked: a file hookd cannot understand is never edited. */
export function readSettingsForEdit(file: string): Snapshot {
  const snapshot = readSnapshot(file);
  if (!snapshot.exists) return snapshot;
  const parsed = parseSettingsText(snapshot.text, snapshot.target);
  if (!parsed.ok) throw new HookdError('ESETTINGS', `${parsed.errors.join('\n')} (nothing was changed: fix the file first; hookd validate lists every error)`);
  return snapshot;
}

/** The key of a settings file in the install record: its real path, even before it exists. */
export function recordKey(target: string): string {
  let dir = path.resolve(path.dirname(target));
  const rest = [path.basename(target)];
  while (!existsSync(dir) && path.dirname(dir) !== dir) {
    rest.unshift(path.basename(dir));
    dir = path.dirname(dir);
  }
  return path.join(realpathSync(dir), ...rest);
}

/** The dry run: the unified diff of the plan, or a note that the file would be deleted. */
export function describeDryRun(snapshot: Snapshot, plan: Plan): string {
  if (plan.after === null) return `would delete ${snapshot.target} (install created it and nothing else is left in it)\n`;
  return unifiedDiff(snapshot.text, plan.after, snapshot.exists ? snapshot.target : '/dev/null', snapshot.target);
}

/**
 * Commit `plan` and the install record. The record is written first, so that a crash between the
 * two leaves at worst a record of an edit that did not happen (uninstall matches entries by their
 * exact command, so it is harmless); a refused edit puts the previous record back.
 */
export async function commitWithRecord(stateDir: string, snapshot: Snapshot, plan: Plan, record: FileRecord | undefined, seams: Seams = {}) {
  assertWritable(snapshot);
  const manifest: Manifest = readManifest(stateDir);
  const previous = structuredClone(manifest);
  const key = recordKey(snapshot.target);
  if (record) manifest.files[key] = record;
  else delete manifest.files[key];
  writeManifest(stateDir, manifest);
  try {
    return await commitEdit(snapshot, plan.after, {
      beforeCommit: seams.beforeCommit,
      validate: (text) => {
        const parsed = parseSettingsText(text, snapshot.target);
        return parsed.ok ? [] : parsed.errors;
      },
    });
  } catch (error) {
    writeManifest(stateDir, previous);
    throw error;
  }
}
