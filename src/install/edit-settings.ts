// The steps install and uninstall share: read and check the settings file (JSON with comments,
// trailing commas and a byte-order mark is accepted, as the clients accept it), show a dry run as a
// unified diff (the `diff` package), or commit the edit together with the install record.
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import { parseSettingsText } from '../settings/load.js';
import { HookdError } from '../common/errors.js';
import type { DroppedEntry } from '../settings/config.js';
import { GENERIC } from '../clients/registry.js';
import type { ClientProfile } from '../clients/profile.js';
import { assertWritable, commitEdit, readSnapshot, type Snapshot } from './settings-file.js';
import { backupsDir } from './backups.js';
import { readManifest, writeManifest, type FileRecord, type Manifest } from './manifest.js';
import type { Plan } from './plan-edit.js';

/** Test seams of install and uninstall. */
export interface Seams {
  /** Test seam: runs just before the rename, where a concurrent writer would strike. */
  beforeCommit?: () => Promise<void> | void;
}

/**
 * A settings file as read for an edit, with the client whose rules it is checked by (before and
 * after), and what that client skips in it, running the rest (install neither wraps nor restores those).
 */
export type EditSnapshot = Snapshot & { client: ClientProfile; dropped: readonly DroppedEntry[] };

/** The settings file of `client` (generic when unknown), read and checked: a file hookd cannot understand is never edited. */
export function readSettingsForEdit(file: string, client: ClientProfile = GENERIC): EditSnapshot {
  const snapshot = { ...readSnapshot(file), client, dropped: [] };
  if (!snapshot.exists) return snapshot;
  const parsed = parseSettingsText(snapshot.text, snapshot.target, client);
  if (!parsed.ok)
    throw new HookdError(
      'ESETTINGS',
      `${parsed.errors.join('\n')} (nothing was changed: fix the file first; hookd validate lists every error)`,
    );
  return { ...snapshot, dropped: parsed.config.dropped ?? [] };
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

/** The unified diff from `before` to `after` with `context` lines around each change; '' when equal. */
export function unifiedDiff(before: string, after: string, fromName: string, toName: string, context = 3): string {
  if (before === after) return '';
  return createTwoFilesPatch(fromName, toName, before, after, undefined, undefined, {
    context,
    headerOptions: FILE_HEADERS_ONLY,
  });
}

/** The dry run: the unified diff of the plan, or a note that the file would be deleted. */
export function describeDryRun(snapshot: Snapshot, plan: Plan): string {
  if (plan.after === null)
    return `would delete ${snapshot.target} (install created it and nothing else is left in it)\n`;
  return unifiedDiff(snapshot.text, plan.after, snapshot.exists ? snapshot.target : '/dev/null', snapshot.target);
}

/**
 * Commit `plan` and the install record. The record is written first, so that a crash between the
 * two leaves at worst a record of an edit that did not happen (uninstall matches entries by their
 * exact command, so it is harmless); a refused edit puts the previous record back.
 */
export async function commitWithRecord(
  stateDir: string,
  snapshot: EditSnapshot,
  plan: Plan,
  record: FileRecord | undefined,
  seams: Seams = {},
) {
  assertWritable(snapshot);
  const manifest: Manifest = readManifest(stateDir);
  const previous = structuredClone(manifest);
  const key = recordKey(snapshot.target);
  if (record) manifest.files[key] = record;
  else delete manifest.files[key];
  writeManifest(stateDir, manifest);
  try {
    return await commitEdit(snapshot, plan.after, {
      backupDir: backupsDir(stateDir),
      beforeCommit: seams.beforeCommit,
      validate: (text) => {
        const parsed = parseSettingsText(text, snapshot.target, snapshot.client);
        return parsed.ok ? [] : parsed.errors;
      },
    });
  } catch (error) {
    writeManifest(stateDir, previous);
    throw error;
  }
}
