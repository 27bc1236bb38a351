// `hookd install`: wrap the plain entries of the fire-and-forget events into the bridge, and add
// example hooks with --add; `--dry-run` shows the diff and writes nothing.
import { VALIDATED_EVENTS, BLOCKING_EVENTS, suggestEvent } from '../settings/known-events.js';
import { classifyCommand } from '../settings/classify-command.js';
import { resolvePaths } from '../common/paths.js';
import { HookdError, UsageError, describeError } from '../common/errors.js';
import { copyExamples, EXAMPLES, exampleCommand, examplesDir } from '../install/examples.js';
import { commitWithRecord, describeDryRun, readSettingsForEdit, recordKey, type Seams } from '../install/edit-settings.js';
import { findHookMap, hooksOf } from '../install/hook-map.js';
import { emptyRecord, mergeRecord, readManifest } from '../install/manifest.js';
import { planInstall, type AddRequest } from '../install/plan-edit.js';

export interface InstallOptions {
  settings?: string;
  stateDir?: string;
  events?: string;
  add?: string[];
  dryRun?: boolean;
}

const list = (values: readonly string[]) => values.flatMap((value) => value.split(',')).map((value) => value.trim()).filter(Boolean);

/** The events to wrap: fire-and-forget ones only. */
export function parseEvents(value: string | undefined): string[] {
  if (value === undefined) return [...VALIDATED_EVENTS];
  const events = list([value]);
  if (events.length === 0) throw new UsageError(`--events: expected a comma-separated list such as ${VALIDATED_EVENTS.join(',')}`);
  for (const event of events) {
    if (BLOCKING_EVENTS.has(event)) throw new UsageError(`--events: ${event} hooks can block or answer the agent, and the bridge answers at once: hookd install never wraps them`);
    if (!(VALIDATED_EVENTS as readonly string[]).includes(event)) {
      const guess = suggestEvent(event);
      throw new UsageError(`--events: unknown event "${event}"${guess ? ` (did you mean "${guess}"?)` : ''}; choose from ${VALIDATED_EVENTS.join(', ')}`);
    }
  }
  return [...new Set(events)];
}

/** The example hooks to add. */
export function parseAdds(values: readonly string[] | undefined, events: readonly string[], dir: string): AddRequest[] {
  return [...new Set(list(values ?? []))].map((name) => {
    const example = EXAMPLES[name];
    if (!example) throw new UsageError(`--add: no example hook "${name}"; choose from ${Object.keys(EXAMPLES).join(', ')}`);
    const chosen = example.only ? events.filter((event) => example.only!.includes(event)) : events;
    if (chosen.length === 0) throw new UsageError(`--add ${name}: the example runs only on ${example.only!.join(', ')}, which --events leaves out`);
    return { example: name, command: exampleCommand(name, dir), timeout: example.timeout, events: chosen };
  });
}

/** Run install and return what it printed, for the command and for tests. */
export async function runInstall(options: InstallOptions, seams: Seams = {}): Promise<string> {
  const events = parseEvents(options.events);
  const dir = examplesDir();
  const adds = parseAdds(options.add, events, dir);
  const paths = resolvePaths({ settings: options.settings, stateDir: options.stateDir });
  const snapshot = readSettingsForEdit(paths.settings);
  if (!snapshot.exists && adds.length === 0) {
    throw new HookdError('ENOENT', `${paths.settings}: no such file, so there is nothing to wrap. Check --settings or HOOKD_SETTINGS, or create it with an example hook: hookd install --add notify`);
  }
  const plan = planInstall(snapshot.text, snapshot.exists, events, adds);
  const out: string[] = [];
  const map = findHookMap(snapshot.text.trim() ? JSON.parse(snapshot.text) : {});
  const blocking = [...BLOCKING_EVENTS].flatMap((event) => hooksOf(map, event)).filter(({ hook }) => classifyCommand(hook.command).kind === 'plain').length;
  const leftNote = blocking ? ` (${blocking} hook(s) of events that can block the agent are left to the client, as they must be)` : '';
  const nothing = `${snapshot.target}: nothing to change; every hook of ${events.join(', ')} already runs through hookd${leftNote}`;
  if (options.dryRun) return plan.changes.length ? describeDryRun(snapshot, plan) : `${nothing}\n`;
  if (plan.changes.length) {
    const previous = readManifest(paths.stateDir).files[recordKey(snapshot.target)] ?? emptyRecord();
    const { backup } = await commitWithRecord(paths.stateDir, snapshot, plan, mergeRecord(previous, plan.record), seams);
    out.push(...plan.changes);
    if (backup) out.push(`backup: ${backup}`);
  }
  // After the settings, so a refused edit leaves no scripts behind; run again, it copies what is missing.
  try {
    if (adds.length) out.push(...copyExamples(adds.map((add) => add.example), dir));
  } catch (error) {
    throw new HookdError('EEXAMPLES', `cannot copy the example hooks to ${dir}: ${describeError(error)}; fix that and run the same hookd install again`);
  }
  out.push(plan.changes.length ? `${snapshot.target}: ${plan.changes.length} change(s) written${leftNote}; hookd uninstall undoes them` : nothing);
  return `${out.join('\n')}\n`;
}

/** `hookd install`. */
export async function installCommand(options: InstallOptions): Promise<void> {
  process.stdout.write(await runInstall(options));
}
