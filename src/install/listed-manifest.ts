// A manifest's hooks in hookd's own file of a client whose files list named hooks (Kiro CLI's
// .kiro/hooks/hookd.json, settings/listed-hooks.ts): the file is hookd's alone, so it is written
// whole from the install record's hooks (each manifest's replaced by its next install) and taken
// away whole by uninstall, unless it was changed since. The users' own listed files are wrapped in
// place instead (listed-hooks.ts).
import { existsSync, mkdirSync, readFileSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { LISTED_VERSION } from '../settings/listed-hooks.js';
import { emptyRecord, readManifest, writeManifest, type AddRecord, type FileRecord } from './manifest.js';
import { recordKey } from './edit-settings.js';
import { writeExactly } from './script-hooks.js';
import type { AddRequest } from './plan-edit.js';
import type { PlannedFile } from './write-all.js';

/** The text of hookd's own listed file holding `adds` (a manifest's hooks, Kiro CLI's hooks/hookd.json), as a person would write it. */
function listedText(adds: readonly AddRecord[]): string {
  const hooks = adds.map((add, index) => ({
    name: add.name ?? `hookd-${index + 1}`,
    trigger: add.event,
    ...(add.matcher !== undefined && { matcher: add.matcher }),
    action: { type: 'command', command: add.command },
    ...(add.timeout !== undefined && { timeout: add.timeout }),
  }));
  return `${JSON.stringify({ version: LISTED_VERSION, hooks }, null, 2)}\n`;
}

/**
 * Plan a manifest's hooks into hookd's own listed file `file` (Kiro CLI's hooks/hookd.json), written
 * whole: it holds only hooks of manifests, each manifest's replaced by its new install, and is
 * given back (deleted) by uninstall. A file there hookd did not write is left alone.
 */
export function planListedManifest(
  file: string,
  adds: readonly AddRequest[],
  notes: readonly string[],
  where: string,
  state: string,
  dryRun = false,
): PlannedFile {
  const previous = readManifest(state).files[recordKey(file)];
  const ours = previous && !previous.script;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  const tags = new Set(adds.map((add) => add.example));
  const added = adds.map((add): AddRecord => ({
    event: add.events[0]!,
    example: add.example,
    ...(add.name !== undefined && { name: add.name }),
    command: add.entry!.bridge,
    ...(add.entry?.matcher !== undefined && { matcher: add.entry.matcher }),
    ...(add.timeout !== undefined && { timeout: add.timeout }),
  }));
  const records = [...(ours ? previous.adds.filter((add) => !tags.has(add.example)) : []), ...added];
  const text = listedText(records);
  const block = (header: string) => [`${where}: ${header}`, ...notes.map((note) => `  ${note}`)];
  if (current !== undefined && !(ours && current === listedText(previous.adds)))
    return { file, lines: block('left alone: hookd install did not write it, or it was changed since') };
  if (current === text)
    return { file, lines: block('nothing to change: every hook of the manifest is installed already') };
  const header = `${added.length} hook(s) of the manifest ${current === undefined ? 'in a new file' : 'rewritten'}`;
  if (dryRun) return { file, lines: block(`${header} (dry run: nothing written)`) };
  const write = async () => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeExactly(file, text, 0o644);
    const manifest = readManifest(state);
    manifest.files[recordKey(file)] = { ...emptyRecord(), createdFile: true, adds: records };
    writeManifest(state, manifest);
    return block(`${header}; hookd uninstall removes it`);
  };
  return { file, lines: [], write };
}

/** Plan taking hookd's own listed file `file` away again, as `record` says install wrote it. */
export function planListedManifestUninstall(
  file: string,
  record: FileRecord,
  state: string,
  dryRun = false,
): PlannedFile {
  const dropRecord = () => {
    const manifest = readManifest(state);
    delete manifest.files[recordKey(file)];
    writeManifest(state, manifest);
  };
  if (existsSync(file) && readFileSync(file, 'utf8') !== listedText(record.adds))
    return { file, lines: [`${file}: changed since hookd install wrote it; left as it is`] };
  const line = existsSync(file) ? `remove ${file}: hookd install wrote it` : `${file}: gone already`;
  if (dryRun) return { file, lines: [`${file}: 1 change to undo (dry run: nothing written)`, `  ${line}`] };
  return {
    file,
    lines: [],
    write: async () => {
      if (existsSync(file)) unlinkSync(file);
      dropRecord();
      return [line];
    },
  };
}
