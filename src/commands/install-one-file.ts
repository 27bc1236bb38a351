// One file's `hookd install`: read, checked and planned through the chosen transport; nothing is
// written here (install.ts writes every file of the run once all are planned).
import { stateDir as defaultStateDir } from '../common/paths.js';
import { UsageError } from '../common/errors.js';
import { backupLine } from '../install/backups.js';
import { newHookShape } from '../install/splice-hooks.js';
import { examplesDir } from '../install/examples.js';
import {
  commitWithRecord,
  describeDryRun,
  readSettingsForEdit,
  recordKey,
  type Seams,
} from '../install/edit-settings.js';
import { assertWritable } from '../install/settings-file.js';
import type { PlannedFile } from '../install/write-all.js';
import { sharedFileNote } from '../install/shared-file-note.js';
import { codexTrustNote } from '../install/codex-trust-note.js';
import { emptyRecord, mergeRecord, readManifest } from '../install/manifest.js';
import { TRANSPORTS } from '../install/transports.js';
import { withoutNotifierBeside, withoutNotifierInFiles } from '../install/beside-notifier.js';
import { chooseEvents } from '../install/choose-events.js';
import { routeNotes, routesOf, wrapperFor } from '../install/bridge-plan.js';
import { commandKey, type InstallMode } from '../install/route-hooks.js';
import { parsesAsJson } from '../install/install-targets.js';
import { planScriptInstall } from '../install/script-hooks.js';
import { planListedInstall } from '../install/listed-hooks.js';
import { givenBy } from './hook-files.js';
import { guardEntriesOf } from '../install/older-guards.js';
import { userSources } from '../clients/find-sources.js';
import type { HookSource } from '../clients/hook-source.js';
import type { JsonObject } from '../settings/hook-map.js';
import type { InstallOptions } from './install.js';
import { parseAdds } from '../install/example-adds.js';
import { windowsInstall, windowsKeys } from '../install/windows-install.js';

/** Why install has nothing to change in a file: no hooks (of the events it wraps), all of them through hookd already, or none it can run. */
function nothingToWrap(text: string, target: HookSource, mode: InstallMode, windows: boolean): string {
  const events = mode.events ?? (mode.asyncOnly ? target.client.fireAndForget : undefined);
  const names = events ? `${events.join(', ')} ` : '';
  const chosen = routesOf(text, target.file, target.client, mode, windows).filter(
    ({ event }) => !events || events.includes(event),
  );
  if (chosen.length === 0) return `no ${names}hooks to wrap`;
  if (chosen.every(({ route }) => route.to === 'through')) return `every ${names}hook already runs through hookd`;
  return `no ${names}hook hookd can run is left to wrap`;
}

// One file's install, read, checked and planned: nothing is written here (write-all.ts writes every
// file of the run once all are planned). The examples are copied after every file is written, so a
// refused edit leaves no scripts behind.
export async function installInto(
  target: HookSource,
  options: InstallOptions,
  state: string,
  named: string[] | undefined,
  seams: Seams,
): Promise<PlannedFile & { examples: string[] }> {
  const { client } = target;
  const choice = chooseEvents(client, named);
  const dir = examplesDir();
  // One of several files in a hook folder that is not JSON at all: left alone, as said.
  if (target.inFolder && !target.ownFile && !parsesAsJson(target.file)) {
    return {
      file: target.file,
      lines: [
        `${target.file} (${client.name}): left alone: not valid JSON (hookd validate says where); fix it and run hookd install again to wrap its hooks`,
      ],
      examples: [],
    };
  }
  const windows = windowsInstall(options.platform);
  if (windows && !client.windows)
    return {
      file: target.file,
      lines: [
        `${target.file} (${client.name}): left alone: how ${client.name} runs a hook on Windows is not known, so hookd writes no entry it could not run (docs/clients.md#windows)`,
      ],
      examples: [],
    };
  // A hook that is an executable file (Cline's), or a file that lists named hooks (Kiro CLI's): wrapped in place, the original kept.
  if (client.scriptHooks || client.listedHooks) {
    const scriptMode: InstallMode = {
      asyncOnly: options.asyncOnly === true,
      events: named,
      asyncCommands: options.async ?? [],
      syncCommands: options.sync ?? [],
    };
    return {
      ...(client.listedHooks ? planListedInstall : planScriptInstall)(target, {
        state,
        mode: scriptMode,
        bridgeOptions: state === defaultStateDir() ? [] : ['--state-dir', state],
        dryRun: options.dryRun,
      }),
      examples: [],
    };
  }
  const snapshot = readSettingsForEdit(target.file, client);
  // In a hook folder the examples go to hookd's own file only, never to each of the user's.
  const stateOptions = state === defaultStateDir() ? [] : ['--state-dir', state];
  const wanted =
    target.inFolder && !target.ownFile ? [] : parseAdds(options.add, client, choice.events, dir, stateOptions);
  const own = withoutNotifierBeside(wanted, snapshot.text, snapshot.target, client);
  // hookd's own file in a hook folder: a notifier in another file there counts as well.
  const folder = target.ownFile
    ? withoutNotifierInFiles(
        own.adds,
        userSources([client])
          .filter((other) => other.inFolder && !other.ownFile)
          .map((other) => other.file),
        client,
      )
    : { adds: own.adds, notes: [] };
  const { adds } = folder;
  const keptNotifiers = [...own.notes, ...folder.notes];
  const where = `${snapshot.target} (${client.name})`;
  const done = (lines: string[]) => ({ file: snapshot.target, lines, examples: [] });
  if (!snapshot.exists && adds.length === 0) {
    const missing = `${snapshot.target}: no such file (${givenBy(options.settings)}), so there is nothing to wrap; check the path, or create the file with an example hook: hookd install --add notify`;
    // A file named by the user must be there (bad input, exit 2); a client's own file may simply not exist yet.
    if (target.scope === 'given') throw new UsageError(missing);
    if (keptNotifiers.length)
      return done([`${where}: no hook file yet, and none written`, ...keptNotifiers.map((note) => `  ${note}`)]);
    return done([`${where}: no hook file yet; hookd install --add notify creates it with an example hook`]);
  }
  const previous = readManifest(state).files[recordKey(snapshot.target)] ?? emptyRecord();
  const installed = [...previous.wraps.map((wrap) => wrap.wrapped), ...previous.adds.map((add) => add.command)];
  const mode: InstallMode = {
    asyncOnly: options.asyncOnly === true,
    events: named,
    asyncCommands: options.async ?? [],
    syncCommands: options.sync ?? [],
    installed,
    guardEntries: guardEntriesOf(previous),
    droppedAt: snapshot.dropped.map((part) => part.at),
  };
  const bridgeOptions = stateOptions;
  const planOptions = {
    layout: client.layout,
    emitOptions: bridgeOptions,
    file: snapshot.target,
    wrap: wrapperFor(client, mode, bridgeOptions, windows),
    commandKey: (hook: JsonObject) => commandKey(client, hook),
    shape: newHookShape(client),
    ...(windows && {
      keysToWrap: (hook: JsonObject) => windowsKeys(client, hook, commandKey(client, hook)).map(({ key }) => key),
    }),
  };
  const planWith = await TRANSPORTS[options.transport ?? 'bridge'].load();
  const transport = planWith({
    text: snapshot.text,
    exists: snapshot.exists,
    events: named,
    adds,
    client,
    mode,
    options: planOptions,
    tcpPort: options.tcpPort,
    stateDir: state,
  });
  const { plan } = transport;
  // Each file's lines come under its header line, which says what happened to it.
  const skipped = snapshot.dropped.map((part) => `skipped: ${part.message}`);
  const notes = [
    ...skipped,
    ...keptNotifiers,
    ...transport.notes,
    ...(snapshot.exists ? routeNotes(snapshot.text, snapshot.target, client, mode, windows !== undefined) : []),
    ...sharedFileNote(snapshot.target, plan.after),
    ...(snapshot.exists ? await codexTrustNote(client, snapshot.target, snapshot.text, plan.after) : []),
  ];
  const block = (header: string, lines: readonly string[]) => [
    `${where}: ${header}`,
    ...lines.map((line) => `  ${line}`),
  ];
  if (plan.changes.length === 0)
    return done(
      block(`nothing to change: ${nothingToWrap(snapshot.text, target, mode, windows !== undefined)}`, notes),
    );
  if (options.dryRun)
    return done([
      ...block(`${plan.changes.length} change(s) to make (dry run: nothing written)`, notes),
      describeDryRun(snapshot, plan).trimEnd(),
    ]);
  // A file its owner made read-only stops the run before any file is written.
  assertWritable(snapshot);
  const write = async () => {
    const { backup } = await commitWithRecord(state, snapshot, plan, mergeRecord(previous, plan.record), seams);
    const lines = [...plan.changes, ...notes];
    if (backup) lines.push(backupLine(backup));
    if (client.afterInstall) lines.push(`note: ${client.afterInstall}`);
    return block(`${plan.changes.length} change(s) written; hookd uninstall undoes them`, lines);
  };
  return { file: snapshot.target, lines: [], write, examples: adds.map((add) => add.example) };
}
