// Install and uninstall of a hook that is an executable file named after its event (Cline's
// ~/.cline/hooks/PreToolUse), wrapped in place: the client runs the file by its name, so the file
// itself becomes the bridge. Install keeps the original beside it, byte for byte and with its mode,
// under a hidden name the client never runs (`.PreToolUse.hookd-original`), and writes in its place a
// small sh script whose one command line is the bridge entry (clients/script-hooks.ts) running that
// copy; uninstall puts the original back exactly, mode included, unless the wrapper was changed since
// (then it says where the original is, and keeps it). Beside, not in hookd's state directory: a
// wrapper whose original was in the state directory ran nothing once that folder was deleted (exit
// 127, which Cline ignores: the hook was gone; issue 41, 7). An older install's wrapper is moved to
// the same form by the next install.
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
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

/** Where install keeps the original of the hook file `target` (a real path): beside it, hidden, named after it. */
function storedPath(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.hookd-original`);
}

/** Write `bytes` to `file` with `mode` exactly (whatever the umask), by a temp file renamed over it. */
export function writeExactly(file: string, bytes: Buffer | string, mode: number): void {
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
  const wrapped = wrappedEntry(bytes.toString('utf8'));
  if (wrapped !== undefined)
    return planMoveBeside(source, target, wrapped, options) ?? nothing('it already runs through hookd');
  if (options.mode.events && !options.mode.events.includes(event))
    return nothing(`no ${options.mode.events.join(', ')} hook to wrap`);
  const stored = storedPath(target);
  // Never over a file of the same name: it may be the original an earlier uninstall left (a wrapper changed since).
  if (existsSync(stored)) return nothing(`${stored} is in the way of its original's copy; move it away first`);
  const entry = wrapperFor(client, options.mode, options.bridgeOptions)(event, { command: asWord(stored) }, event);
  if (entry === undefined) return nothing('no hook hookd can run is left to wrap');
  const mode = info.mode & 0o7777;
  const change = `wrap ${source.file} in place (${entry.includes('hookd sync') ? 'hookd sync' : 'hookd emit'}); its original is kept at ${stored}`;
  if (options.dryRun)
    return { file: target, lines: [`${where}: 1 change to make (dry run: nothing written)`, `  ${change}`] };
  const write = async () => {
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

/**
 * An older install's wrapper, whose original is in the state directory: the original moves beside
 * the wrapper and the wrapper runs it there (the entry otherwise unchanged). Undefined when there is
 * nothing to move (the wrapper already runs its original beside it, or hookd has no record of it).
 */
function planMoveBeside(
  source: HookSource,
  target: string,
  wrapped: string,
  options: ScriptInstall,
): PlannedFile | undefined {
  const record = readManifest(options.state).files[recordKey(target)];
  const old = record?.script?.stored;
  const stored = storedPath(target);
  if (!record || old === undefined || old === stored || !existsSync(old) || existsSync(stored)) return undefined;
  const word = asWord(old);
  if (!wrapped.includes(word)) return undefined;
  const entry = wrapped.split(word).join(asWord(stored));
  const change = `move the original of ${source.file} beside it (${stored}), where it runs whatever becomes of hookd's state directory`;
  const where = `${source.file} (${source.client.name})`;
  if (options.dryRun)
    return { file: target, lines: [`${where}: 1 change to make (dry run: nothing written)`, `  ${change}`] };
  const write = async () => {
    const { mode } = record.script!;
    writeExactly(stored, readFileSync(old), mode);
    const manifest = readManifest(options.state);
    manifest.files[recordKey(target)] = {
      ...record,
      wraps: record.wraps.map((wrap) =>
        wrap.wrapped === wrapped ? { ...wrap, original: stored, wrapped: entry } : wrap,
      ),
      script: { stored, mode },
    };
    writeManifest(options.state, manifest);
    writeExactly(target, wrapperScript(entry), statSync(target).mode & 0o7777);
    unlinkSync(old);
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
