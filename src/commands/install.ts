// `hookd install`: for each client (or the file given), put every command hook through hookd:
// hooks whose result the client ignores behind the asynchronous bridge (hookd emit), hooks it reads
// the answer of behind the synchronous one (hookd sync); `--async-only` wraps only the first kind,
// `--async CMD` moves one deciding hook behind hookd emit (install/route-hooks.ts). It lists what it
// left alone and why, and adds example hooks with --add; `--dry-run` shows the diff and writes nothing.
import { resolvePaths, stateDir as defaultStateDir } from '../common/paths.js';
import { HookdError, UsageError, describeError } from '../common/errors.js';
import { backupLine } from '../install/backups.js';
import { newHookShape } from '../install/splice-hooks.js';
import { copyExamples, EXAMPLES, exampleCommand, examplesDir } from '../install/examples.js';
import {
  commitWithRecord,
  describeDryRun,
  readSettingsForEdit,
  recordKey,
  type Seams,
} from '../install/edit-settings.js';
import { assertWritable } from '../install/settings-file.js';
import { printingPartial, writeAll, type PlannedFile } from '../install/write-all.js';
import { sharedFileNote } from '../install/shared-file-note.js';
import { codexTrustNote } from '../install/codex-trust-note.js';
import { emptyRecord, mergeRecord, readManifest } from '../install/manifest.js';
import type { AddRequest } from '../install/plan-edit.js';
import { TRANSPORTS, type TransportName } from '../install/transports.js';
import { withoutNotifierBeside, withoutNotifierInFiles } from '../install/beside-notifier.js';
import { checkNamedEvents, chooseEvents, eventList } from '../install/choose-events.js';
import { checkNamedCommands, routeNotes, routesOf, wrapperFor } from '../install/bridge-plan.js';
import { commandKey, type InstallMode } from '../install/route-hooks.js';
import { installTargetsFor, parsesAsJson } from '../install/install-targets.js';
import { notWrappedBlocks } from '../install/not-wrapped.js';
import { planScriptInstall } from '../install/script-hooks.js';
import { givenBy } from './hook-files.js';
import { planShim } from '../install/shim-files.js';
import { guardEntriesOf } from '../install/older-guards.js';
import { cleanText } from '../common/terminal/clean-text.js';
import { userSources, type HookSource } from '../clients/find-sources.js';
import type { ClientProfile } from '../clients/profile.js';
import type { JsonObject } from '../settings/hook-map.js';
import { guardEvents } from '../hif/guard-events.js';

export interface InstallOptions {
  settings?: string;
  client?: string;
  stateDir?: string;
  events?: string;
  add?: string[];
  dryRun?: boolean;
  /** How the client's events reach the daemon (install/transports.ts): `bridge` by default; `http`: Claude Code's hooks post to the daemon's hook endpoint. */
  transport?: TransportName;
  /** The hook endpoint's port (--tcp-port, HOOKD_TCP_PORT); the default when absent. */
  tcpPort?: number;
  /** Only hooks whose result the client ignores go through hookd (behind hookd emit), as before issue 19. */
  asyncOnly?: boolean;
  /** Commands of deciding hooks to move behind the asynchronous bridge (hookd emit), by name. */
  async?: string[];
  /** Commands of hooks that cannot decide to keep behind the synchronous bridge (hookd sync) all the same. */
  sync?: string[];
  /** A HIF manifest whose hooks to install into every client (commands/install-hooks.ts). */
  hooks?: string;
}

/** The example hooks to add for `client`: on its stop event and on every wrapped event. */
export function parseAdds(
  values: readonly string[] | undefined,
  client: ClientProfile,
  events: readonly string[],
  dir: string,
): AddRequest[] {
  const names = [
    ...new Set(
      (values ?? [])
        .flatMap((value) => value.split(','))
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
  return names.map((name) => {
    const example = EXAMPLES[name];
    if (!example)
      throw new UsageError(`--add: no example hook "${name}"; choose from ${Object.keys(EXAMPLES).join(', ')}`);
    const timeout = client.timeoutUnit === 'milliseconds' ? example.timeout * 1000 : example.timeout;
    if (example.guard)
      return {
        example: name,
        command: exampleCommand(name, dir),
        timeout,
        events: guardEvents(client, example.guard.tools),
        canonicalSync: { client: client.id, timeoutSec: example.timeout },
      };
    const on =
      example.only === 'stop'
        ? [client.stopEvent]
        : example.only === 'attention'
          ? [...client.attentionEvents]
          : [...new Set([client.stopEvent, ...events])];
    return { example: name, command: exampleCommand(name, dir), timeout, events: on };
  });
}

/** Why install has nothing to change in a file: no hooks (of the events it wraps), all of them through hookd already, or none it can run. */
function nothingToWrap(text: string, target: HookSource, mode: InstallMode): string {
  const events = mode.events ?? (mode.asyncOnly ? target.client.fireAndForget : undefined);
  const names = events ? `${events.join(', ')} ` : '';
  const chosen = routesOf(text, target.file, target.client, mode).filter(
    ({ event }) => !events || events.includes(event),
  );
  if (chosen.length === 0) return `no ${names}hooks to wrap`;
  if (chosen.every(({ route }) => route.to === 'through')) return `every ${names}hook already runs through hookd`;
  return `no ${names}hook hookd can run is left to wrap`;
}

// One file's install, read, checked and planned: nothing is written here (write-all.ts writes every
// file of the run once all are planned). The examples are copied after every file is written, so a
// refused edit leaves no scripts behind.
async function installInto(
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
  // A hook that is an executable file (Cline's): wrapped in place, the original kept.
  if (client.scriptHooks) {
    const scriptMode: InstallMode = {
      asyncOnly: options.asyncOnly === true,
      events: named,
      asyncCommands: options.async ?? [],
      syncCommands: options.sync ?? [],
    };
    return {
      ...planScriptInstall(target, {
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
  const wanted = target.inFolder && !target.ownFile ? [] : parseAdds(options.add, client, choice.events, dir);
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
  const bridgeOptions = state === defaultStateDir() ? [] : ['--state-dir', state];
  const shape = newHookShape(client);
  const planOptions = {
    layout: client.layout,
    emitOptions: bridgeOptions,
    file: snapshot.target,
    wrap: wrapperFor(client, mode, bridgeOptions),
    commandKey: (hook: JsonObject) => commandKey(client, hook),
    shape,
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
    ...(snapshot.exists ? routeNotes(snapshot.text, snapshot.target, client, mode) : []),
    ...sharedFileNote(snapshot.target, plan.after),
    ...(snapshot.exists ? await codexTrustNote(client, snapshot.target, snapshot.text, plan.after) : []),
  ];
  const block = (header: string, lines: readonly string[]) => [
    `${where}: ${header}`,
    ...lines.map((line) => `  ${line}`),
  ];
  if (plan.changes.length === 0)
    return done(block(`nothing to change: ${nothingToWrap(snapshot.text, target, mode)}`, notes));
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

// The example scripts the written hooks run, copied once every file is written.
function copyAllExamples(names: readonly string[]): string[] {
  if (names.length === 0) return [];
  const dir = examplesDir();
  try {
    return copyExamples([...new Set(names)], dir);
  } catch (error) {
    throw new HookdError(
      'EEXAMPLES',
      `cannot copy the example hooks to ${dir}: ${describeError(error)}; fix that and run the same hookd install again`,
    );
  }
}

/** Run install and return what it printed, for the command and for tests. Every file is planned before the first is written. */
export async function runInstall(options: InstallOptions, seams: Seams = {}): Promise<string> {
  if (options.hooks !== undefined)
    return (await import('./install-hooks.js')).runHooksInstall({ ...options, hooks: options.hooks }, seams);
  const paths = resolvePaths({ settings: options.settings, stateDir: options.stateDir });
  const targets = installTargetsFor(paths.settings, options.client);
  const named = eventList(options.events);
  checkNamedEvents(
    named,
    targets.map((target) => target.client),
  );
  const files = () =>
    targets.map((target) => ({ ...readSettingsForEdit(target.file, target.client), client: target.client }));
  if (options.async?.length) checkNamedCommands(files(), options.async, '--async');
  if (options.sync?.length) checkNamedCommands(files(), options.sync, '--sync');
  const both = (options.async ?? []).filter((command) => options.sync?.includes(command));
  if (both.length)
    throw new UsageError(
      `--async and --sync both name ${both.map((command) => JSON.stringify(command)).join(', ')}: choose one`,
    );
  const planned: (PlannedFile & { examples: string[] })[] = [];
  for (const target of targets) planned.push(await installInto(target, options, paths.stateDir, named, seams));
  // A client with no command hooks of its own runs its hook file through hookd's shim, written beside it.
  for (const target of targets) {
    const shim = planShim(target.client, target.file, options.dryRun === true);
    if (shim) planned.push({ ...shim, examples: [] });
  }
  const out = await writeAll(planned, 'hookd install', () => copyAllExamples(planned.flatMap((one) => one.examples)));
  // Named one file: that file is the whole run. Else what install leaves alone is said too, dry run or not.
  const left = paths.settings
    ? []
    : (await notWrappedBlocks([...new Set(targets.map((target) => target.client))])).flat();
  out.push(...left);
  // The lines quote the files' commands (and --dry-run their text): printed without control sequences.
  return cleanText(`${out.join('\n')}\n`);
}

/** `hookd install`. */
export async function installCommand(options: InstallOptions): Promise<void> {
  process.stdout.write(await printingPartial(() => runInstall(options)));
}
