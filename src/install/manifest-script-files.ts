// A hook manifest's hooks for a client whose hooks are executable files named after their events
// (Cline's ~/.cline/hooks/PreToolUse): each encoded hook (hif/encode.ts) becomes such a file, a small
// sh script whose one command line is the bridge entry every other client gets (manifest-adds.ts),
// so the hook runs through hookd and its canonical answer reaches Cline in Cline's terms
// (`{"cancel": true, "errorMessage"}`). Each file is recorded, so `hookd uninstall` deletes exactly
// the files install wrote, and only while they still hold what it wrote. A file has no matcher and
// there is one per event: a second hook of the manifest on an event is left out, said; a file the
// user wrote is never replaced (`hookd install --client cline` wraps it in place instead); a file
// the manifest wrote before and no longer has is removed, as a stale entry is from a settings file.
import { existsSync, mkdirSync, readFileSync, realpathSync, rmdirSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { HookdError, describeError } from '../common/errors.js';
import { MANIFEST_HEAD, wrappedEntry, wrapperScript } from '../clients/script-hooks.js';
import type { ClientProfile } from '../clients/profile.js';
import type { NativeHook } from '../hif/encode.js';
import { bridgeEntry, manifestTag } from './manifest-adds.js';
import { emptyRecord, readManifest, writeManifest, type FileRecord } from './manifest.js';
import { recordKey } from './edit-settings.js';
import { writeExactly } from './script-hooks.js';
import type { PlannedFile } from './write-all.js';

// A hook file is run by its name: readable and executable by its owner alone, as a user's own would be.
const MODE = 0o700;

export interface ManifestScripts {
  /** The hook folder (Cline's ~/.cline/hooks). */
  dir: string;
  client: ClientProfile;
  hooks: readonly NativeHook[];
  /** The lines install says of this client whatever it writes (what it cannot express). */
  notes: readonly string[];
  /** The manifest's absolute path: its hooks are known by it. */
  manifestFile: string;
  state: string;
  bridgeOptions: readonly string[];
  dryRun: boolean;
}

interface Change {
  file: string;
  line: string;
  apply: () => void;
}

/** Plan writing the manifest's hooks into `dir` as hook files, and removing those it wrote before and no longer has. */
export function planManifestScripts(options: ManifestScripts): PlannedFile {
  const { dir, client, state, manifestFile } = options;
  const where = `${dir} (${client.name})`;
  const tag = manifestTag(manifestFile);
  const records = readManifest(state).files;
  // A file this manifest's install wrote (another manifest's, or the user's, is left alone).
  const ours = (file: string) =>
    records[recordKey(file)]?.scriptWritten && records[recordKey(file)]!.adds[0]?.example === tag;
  const notes = options.notes.map((note) => `cannot express: ${note}`);
  const changes: Change[] = [];
  const wanted = new Set<string>();
  const createDir = !existsSync(dir);
  // The first folder install makes for the hook folder (its parents too, where they are missing), once.
  let made: string | undefined;
  for (const hook of options.hooks) {
    const file = path.join(dir, hook.event);
    if (wanted.has(file)) {
      notes.push(
        `cannot express: ${hook.label}: left out of ${client.name}: it runs one hook file per event, and ${file} holds an earlier hook of the manifest`,
      );
      continue;
    }
    wanted.add(file);
    const entry = bridgeEntry(hook, client, options.bridgeOptions);
    const text = wrapperScript(entry, MANIFEST_HEAD);
    const present = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    if (present === text) continue;
    if (present !== undefined && !ours(file)) {
      notes.push(
        `skipped: ${hook.label}: ${file} is there already and hookd did not write it from this manifest; left as it is (hookd install --client ${client.id} wraps a hook file of yours in place)`,
      );
      continue;
    }
    const verb = present === undefined ? 'write' : 'rewrite';
    changes.push({
      file,
      line: `${verb} ${file} (${hook.event}: ${hook.inLine ? 'hookd sync' : 'hookd emit'}): ${hook.label}`,
      apply: () => {
        if (createDir && made === undefined) made = realDir(mkdirSync(dir, { recursive: true }) ?? dir);
        writeExactly(file, text, MODE);
        const manifest = readManifest(state);
        const createdDir = manifest.files[recordKey(file)]?.scriptWritten?.createdDir ?? made;
        const record: FileRecord = {
          ...emptyRecord(),
          adds: [
            {
              event: hook.event,
              example: tag,
              ...(hook.name !== undefined && { name: hook.name }),
              command: entry,
              ...(hook.timeout !== undefined && { timeout: hook.timeout }),
            },
          ],
          createdFile: true,
          scriptWritten: createdDir === undefined ? {} : { createdDir },
        };
        manifest.files[recordKey(file)] = record;
        writeManifest(state, manifest);
      },
    });
  }
  // The manifest's hooks of an earlier install that it no longer has.
  for (const [file, record] of Object.entries(records)) {
    if (!record.scriptWritten || record.adds[0]?.example !== tag || path.dirname(file) !== realDir(dir)) continue;
    if (wanted.has(path.join(dir, path.basename(file)))) continue;
    const removal = planScriptRemoval(file, record, state);
    changes.push({ ...removal, line: `${removal.line}: no longer in the manifest` });
  }
  const block = (header: string, lines: readonly string[]) => [
    `${where}: ${header}`,
    ...lines.map((line) => `  ${line}`),
  ];
  if (changes.length === 0) {
    const header =
      options.hooks.length === 0
        ? 'nothing to install: no hook of the manifest can go here'
        : 'nothing to change: every hook of the manifest is installed already';
    return { file: dir, lines: block(header, notes) };
  }
  const lines = [...changes.map((change) => change.line), ...notes];
  if (options.dryRun)
    return { file: dir, lines: block(`${changes.length} change(s) to make (dry run: nothing written)`, lines) };
  const write = async () => {
    for (const change of changes) change.apply();
    return block(`${changes.length} change(s) written; hookd uninstall undoes them`, lines);
  };
  return { file: dir, lines: [], write };
}

function realDir(dir: string): string {
  return existsSync(dir) ? realpathSync(dir) : path.resolve(dir);
}

/**
 * Deleting the hook file `file` install wrote from a manifest, as `record` says: only its record goes
 * when the file is gone, or (said) when it no longer holds what install wrote. The folders install
 * made for it go too, while empty.
 */
export function planScriptRemoval(file: string, record: FileRecord, state: string): Change {
  const dropRecord = () => {
    const manifest = readManifest(state);
    delete manifest.files[recordKey(file)];
    writeManifest(state, manifest);
  };
  if (!existsSync(file)) return { file, line: `${file}: deleted since hookd install wrote it`, apply: dropRecord };
  if (wrappedEntry(readFileSync(file, 'utf8')) !== record.adds[0]?.command)
    return {
      file,
      line: `${file}: changed since hookd install wrote it; left as it is`,
      apply: dropRecord,
    };
  const made = record.scriptWritten?.createdDir;
  return {
    file,
    line: `remove ${file} (install wrote it)`,
    apply: () => {
      try {
        unlinkSync(file);
      } catch (error) {
        throw new HookdError('EWRITE', `${file}: cannot remove: ${describeError(error)}`);
      }
      dropRecord();
      // The folders install made for it, from the hook folder up to the first made, each while empty.
      const folder = path.dirname(file);
      if (
        made === undefined ||
        otherRecordsIn(folder, state) ||
        !`${folder}${path.sep}`.startsWith(`${made}${path.sep}`)
      )
        return;
      for (let at = folder; ; at = path.dirname(at)) {
        try {
          rmdirSync(at);
        } catch {
          return; // Not empty: a file of the user's is in it, and stays.
        }
        if (at === made) return;
      }
    },
  };
}

const otherRecordsIn = (folder: string, state: string) =>
  Object.keys(readManifest(state).files).some((file) => path.dirname(file) === folder);

/** `hookd uninstall` of the hook file `file` install wrote from a manifest. */
export function planManifestScriptUninstall(
  file: string,
  record: FileRecord,
  state: string,
  dryRun = false,
): PlannedFile {
  const removal = planScriptRemoval(file, record, state);
  if (dryRun) return { file, lines: [`${file}: 1 change to undo (dry run: nothing written)`, `  ${removal.line}`] };
  return { file, lines: [], write: async () => (removal.apply(), [removal.line]) };
}
