// `hookd install`: for each client (or the file given), put every command hook through hookd:
// hooks whose result the client ignores behind the asynchronous bridge (hookd emit), hooks it reads
// the answer of behind the synchronous one (hookd sync); `--async-only` wraps only the first kind,
// `--async CMD` moves one deciding hook behind hookd emit (install/route-hooks.ts). It lists what it
// left alone and why, and adds example hooks with --add; `--dry-run` shows the diff and writes nothing.
import { windowsInstall } from '../install/windows-install.js';
import { resolvePaths } from '../common/paths.js';
import { HookdError, UsageError, describeError } from '../common/errors.js';
import { copyExamples, examplesDir } from '../install/examples.js';
import { readSettingsForEdit, type Seams } from '../install/edit-settings.js';
import { printingPartial, writeAll, type PlannedFile } from '../install/write-all.js';
import type { TransportName } from '../install/transports.js';
import { checkNamedEvents, eventList } from '../install/choose-events.js';
import { checkNamedCommands } from '../install/bridge-plan.js';
import { installTargetsFor } from '../install/install-targets.js';
import { notWrappedBlocks } from '../install/not-wrapped.js';
import { planShim } from '../install/shim-files.js';
import { cleanText } from '../common/terminal/clean-text.js';
import { installInto } from './install-one-file.js';

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
  /** The system the entries are written for: this one's (process.platform) unless a test names another (install/windows-install.ts). */
  platform?: NodeJS.Platform;
}

// The example scripts the written hooks run, copied once every file is written.
function copyAllExamples(names: readonly string[]): string[] {
  if (names.length === 0) return [];
  const dir = examplesDir();
  try {
    // The guards go in together, as one example `no-rm-rf,no-force-push`.
    return copyExamples([...new Set(names.flatMap((name) => name.split(',')))], dir);
  } catch (error) {
    throw new HookdError(
      'EEXAMPLES',
      `cannot copy the example hooks to ${dir}: ${describeError(error)}; fix that and run the same hookd install again`,
    );
  }
}

/** Run install and return what it printed, for the command and for tests. Every file is planned before the first is written. */
export async function runInstall(options: InstallOptions, seams: Seams = {}): Promise<string> {
  // The examples and a manifest's hooks are commands for sh: on Windows install wraps the hooks there are.
  if (windowsInstall(options.platform) && (options.add?.length || options.hooks !== undefined))
    throw new UsageError(
      `${options.hooks !== undefined ? '--hooks' : '--add'}: on Windows hookd install wraps the hooks your clients have; the examples and a manifest's hooks are written for a POSIX shell (docs/install.md#windows)`,
    );
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
  // A client with no command hooks of its own runs its hook file through hookd's shim, written beside it
  // (not on Windows, where such a client is left alone: install-one-file.ts).
  for (const target of windowsInstall(options.platform) ? [] : targets) {
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
