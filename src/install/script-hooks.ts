// Install and uninstall of a hook that is an executable file named after its event (Cline's
// ~/.cline/hooks/PreToolUse), wrapped in place: the client runs the file by its name, so the file
// itself becomes the bridge. Install keeps the original in the state directory, byte for byte and
// with its mode, and writes in its place a small sh script whose one command line is the bridge
// entry (clients/script-hooks.ts) running that copy; uninstall puts the original back exactly, mode
// included, unless the wrapper was changed since (then it says where the original is, and keeps it).
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { HookdError, describeError } from '../common/errors.js';
import { asWord, wrappedEntry, wrapperScript } from '../clients/script-hooks.js';
import { wrapperFor } from './bridge-plan.js';
import { emptyRecord, readManifest, writeManifest, type FileRecord } from './manifest.js';
import { recordKey } from './edit-settings.js';
import type { InstallMode } from './route-hooks.js';
import type { PlannedFile } from './write-all.js';
import type { HookSource } from '../clients/hook-source.js';

/** Where install keeps the original of the hook file `target` (a real path): one per file, named by its path's hash and its event. */
function storedPath(state: string, target: string): string {
  return path.join(
    state,
    'script-hooks',
    `${createHash('sha256').update(target).digest('hex').slice(0, 12)}-${path.basename(target)}`,
  );
}

/** Write `bytes` to `file` with `mode` exactly (whatever the umask), by a temp file renamed over it. */
function writeExactly(file: string, bytes: Buffer | string, mode: number): void {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.hookd-${randomBytes(4).toString('hex')}`);
  try {
    writeFileSync(temp, bytes, { flag: 'wx', mode: 0o600 });
    chmodSync(temp, mode);
    renameSync(temp, file);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // Never made.
    }
    throw new HookdError('EWRITE', `${file}: cannot write: ${describeError(error)}`);
  }
}

export interface ScriptInstall {
  state: string;
  mode: InstallMode;
  bridgeOptions: readonly string[];
  dryRun?: boolean;
}

/** Plan the wrapping of the hook file of `source` in place. */
export function planScriptInstall(source: HookSource, options: ScriptInstall): PlannedFile {
  const { client } = source;
  const target = realpathSync(source.file);
  const event = path.basename(source.file);
  const where = `${source.file} (${client.name})`;
  const nothing = (why: string): PlannedFile => ({ file: target, lines: [`${where}: nothing to change: ${why}`] });
  const info = statSync(target);
  if (!info.isFile()) return nothing('not a regular file');
  const bytes = readFileSync(target);
  if (wrappedEntry(bytes.toString('utf8')) !== undefined) return nothing('it already runs through hookd');
  if (options.mode.events && !options.mode.events.includes(event))
    return nothing(`no ${options.mode.events.join(', ')} hook to wrap`);
  const stored = storedPath(options.state, target);
  const entry = wrapperFor(client, options.mode, options.bridgeOptions)(event, { command: asWord(stored) }, event);
  if (entry === undefined) return nothing('no hook hookd can run is left to wrap');
  const mode = info.mode & 0o7777;
  const change = `wrap ${source.file} in place (${entry.includes('hookd sync') ? 'hookd sync' : 'hookd emit'}); its original is kept at ${stored}`;
  if (options.dryRun)
    return { file: target, lines: [`${where}: 1 change to make (dry run: nothing written)`, `  ${change}`] };
  const write = async () => {
    mkdirSync(path.dirname(stored), { recursive: true, mode: 0o700 });
    writeExactly(stored, bytes, mode);
    const manifest = readManifest(options.state);
    const record: FileRecord = {
      ...emptyRecord(),
      wraps: [{ event, original: stored, originalLiteral: '', wrapped: entry }],
      script: { stored, mode },
    };
    manifest.files[recordKey(target)] = record;
    writeManifest(options.state, manifest);
    writeExactly(target, wrapperScript(entry), mode);
    return [`${where}: 1 change written; hookd uninstall undoes it`, `  ${change}`];
  };
  return { file: target, lines: [], write };
}

/** Plan giving back the original of the hook file `file`, as `record` says install kept it. */
export function planScriptUninstall(file: string, record: FileRecord, state: string, dryRun = false): PlannedFile {
  const { stored, mode } = record.script!;
  const key = recordKey(file);
  const dropRecord = () => {
    const manifest = readManifest(state);
    delete manifest.files[key];
    writeManifest(state, manifest);
  };
  if (!existsSync(stored))
    return {
      file,
      lines: [`${file}: its original, kept at ${stored}, is gone; nothing to give back (the record stays)`],
    };
  if (!existsSync(file)) {
    return {
      file,
      lines: [
        `${file}: deleted since hookd install wrapped it; its original stays at ${stored}${dryRun ? '' : ' (the record is dropped)'}`,
      ],
      ...(!dryRun && {
        write: async () => (
          dropRecord(),
          [`${file}: deleted since hookd install wrapped it; its original stays at ${stored}`]
        ),
      }),
    };
  }
  const entry = wrappedEntry(readFileSync(file, 'utf8'));
  if (entry === undefined || !record.wraps.some((wrap) => wrap.wrapped === entry)) {
    return {
      file,
      lines: [`${file}: changed since hookd install wrapped it; left as it is, and its original stays at ${stored}`],
    };
  }
  const change = `restore ${file}: the original hook, mode ${mode.toString(8)}`;
  if (dryRun) return { file, lines: [`${file}: 1 change to undo (dry run: nothing written)`, `  ${change}`] };
  const write = async () => {
    writeExactly(realpathSync(file), readFileSync(stored), mode);
    dropRecord();
    unlinkSync(stored);
    return [change, `${file}: 1 change(s) undone`];
  };
  return { file, lines: [], write };
}
