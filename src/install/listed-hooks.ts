// Install and uninstall of a file that lists named hooks (Kiro CLI 3's .kiro/hooks/*.json,
// settings/listed-hooks.ts), wrapped in place: each listed command the client would run
// becomes its bridge entry (`action.command`, edited where it stands, the rest of the text as it
// was), and the original file is kept beside it byte for byte, under a hidden name the client never
// reads (`.NAME.json.hookd-original`, as script-hooks.ts keeps Cline's). Uninstall gives the
// original back exactly, unless the file was changed since: then it says where the original is, and
// keeps it.
import { existsSync, readFileSync, realpathSync, statSync, unlinkSync } from 'node:fs';
import { applyEdits, modify } from 'jsonc-parser';
import { listedCommands, type ListedCommand } from '../settings/listed-hooks.js';
import { wrapperFor } from './bridge-plan.js';
import { emptyRecord, readManifest, writeManifest, type FileRecord, type WrapRecord } from './manifest.js';
import { recordKey } from './edit-settings.js';
import { detectStyle } from './json-style.js';
import { storedPath, writeExactly, type ScriptInstall } from './script-hooks.js';
import type { PlannedFile } from './write-all.js';
import type { HookSource } from '../clients/hook-source.js';

/** `text` with the command of each listed hook of `commands` (by its index in the list) replaced. */
function withCommands(text: string, commands: readonly { index: number; command: string }[]): string {
  const style = detectStyle(text);
  return commands.reduce(
    (edited, { index, command }) =>
      applyEdits(
        edited,
        modify(edited, ['hooks', index, 'action', 'command'], command, {
          formattingOptions: { insertSpaces: !style.indent.startsWith('\t'), tabSize: style.indent.length || 2 },
        }),
      ),
    text,
  );
}

/** The wrapped entry of each of `commands` the record `wraps` says install wrote, matched in order by trigger and command. */
function rewrapped(commands: readonly ListedCommand[], wraps: readonly WrapRecord[]) {
  const left = [...wraps];
  return commands.flatMap(({ index, trigger, command }) => {
    const at = left.findIndex((wrap) => wrap.event === trigger && wrap.original === command);
    return at === -1 ? [] : [{ index, command: left.splice(at, 1)[0]!.wrapped }];
  });
}

/** Plan the wrapping of the listed hooks of `source` in place. */
export function planListedInstall(source: HookSource, options: ScriptInstall): PlannedFile {
  const { client } = source;
  const where = `${source.file} (${client.name})`;
  const nothing = (why: string): PlannedFile => ({ file: source.file, lines: [`${where}: nothing to change: ${why}`] });
  // hookd's own file there is a manifest's (listed-manifest.ts); an example hook (--add) is not written into a list yet.
  if (!existsSync(source.file)) return nothing('no such file (hookd install --hooks FILE writes hookd.json here)');
  const target = realpathSync(source.file);
  const info = statSync(target);
  if (!info.isFile()) return nothing('not a regular file');
  if (readManifest(options.state).files[recordKey(target)])
    return nothing('hookd install wrapped it already (hookd uninstall gives the original back)');
  const bytes = readFileSync(target);
  const text = bytes.toString('utf8');
  const listed = listedCommands(text, source.file);
  if (!listed.ok) return nothing(`not a list of hooks hookd can read (hookd validate says where): ${listed.errors[0]}`);
  const wrap = wrapperFor(client, options.mode, options.bridgeOptions);
  const wraps = listed.commands
    .filter(({ trigger }) => !options.mode.events || options.mode.events.includes(trigger))
    .flatMap((hook) => {
      const entry = wrap(
        hook.trigger,
        { command: hook.command, ...(hook.timeout && { timeout: hook.timeout }) },
        `hooks[${hook.index}]`,
      );
      return entry === undefined ? [] : [{ hook, entry }];
    });
  if (wraps.length === 0) return nothing('no hook hookd can run is left to wrap');
  const stored = storedPath(target);
  if (existsSync(stored)) return nothing(`${stored} is in the way of its original's copy; move it away first`);
  const changes = wraps.map(
    ({ hook, entry }) =>
      `  ${hook.trigger} (hooks[${hook.index}]): ${entry.includes('hookd sync') ? 'hookd sync' : 'hookd emit'} -- ${hook.command}`,
  );
  const head = `${wraps.length} change${wraps.length === 1 ? '' : 's'}`;
  if (options.dryRun)
    return { file: target, lines: [`${where}: ${head} to make (dry run: nothing written)`, ...changes] };
  const mode = info.mode & 0o7777;
  const write = async () => {
    writeExactly(stored, bytes, mode);
    const manifest = readManifest(options.state);
    const record: FileRecord = {
      ...emptyRecord(),
      wraps: wraps.map(({ hook, entry }) => ({
        event: hook.trigger,
        original: hook.command,
        originalLiteral: '',
        wrapped: entry,
      })),
      script: { stored, mode },
    };
    manifest.files[recordKey(target)] = record;
    writeManifest(options.state, manifest);
    writeExactly(
      target,
      withCommands(
        text,
        wraps.map(({ hook, entry }) => ({ index: hook.index, command: entry })),
      ),
      mode,
    );
    return [`${where}: ${head} written; hookd uninstall undoes them; its original is kept at ${stored}`, ...changes];
  };
  return { file: target, lines: [], write };
}

/** Plan giving back the original of the listed file `file`, as `record` says install kept it. */
export function planListedUninstall(file: string, record: FileRecord, state: string, dryRun = false): PlannedFile {
  const { stored, mode } = record.script!;
  const key = recordKey(file);
  if (!existsSync(stored))
    return {
      file,
      lines: [`${file}: its original, kept at ${stored}, is gone; nothing to give back (the record stays)`],
    };
  const original = readFileSync(stored, 'utf8');
  const listed = listedCommands(original, stored);
  const expected = listed.ok ? withCommands(original, rewrapped(listed.commands, record.wraps)) : undefined;
  if (!existsSync(file) || readFileSync(file, 'utf8') !== expected)
    return {
      file,
      lines: [
        `${file}: ${existsSync(file) ? 'changed' : 'deleted'} since hookd install wrapped it; left as it is, and its original stays at ${stored}`,
      ],
    };
  const change = `restore ${file}: the original hooks, mode ${mode.toString(8)}`;
  if (dryRun) return { file, lines: [`${file}: 1 change to undo (dry run: nothing written)`, `  ${change}`] };
  const write = async () => {
    writeExactly(realpathSync(file), readFileSync(stored), mode);
    const manifest = readManifest(state);
    delete manifest.files[key];
    writeManifest(state, manifest);
    unlinkSync(stored);
    return [change, `${file}: ${record.wraps.length} change(s) undone`];
  };
  return { file, lines: [], write };
}
