// The one list of configured hooks their client will not run now, and why (issue 30, item 1).
// doctor, status, the page and the hookd_hooks_cannot_run metric all ask hooksThatCannotRun; each
// reason is a file of its own beside this one, reading the client's own files the way it does.
import { homedir } from 'node:os';
import path from 'node:path';
import type { HookEntry } from '../settings/config.js';
import { loadSources, type SourceResult } from '../settings/load-sources.js';
import { pluginSources, userSources, clientsOnMachine } from '../clients/find-sources.js';
import type { HookSource } from '../clients/hook-source.js';
import { ClientFiles } from './client-files.js';
import { CODEX_REQUIREMENTS, DROID_MANAGED_SETTINGS, turnedOff } from './hooks-turned-off.js';
import { codexUntrusted } from './codex-untrusted.js';
import { geminiFolderNotTrusted } from './gemini-folder-trust.js';
import { copilotFolderNotTrusted } from './copilot-folder-trust.js';
import { pluginNotEnabled } from './plugin-not-enabled.js';
import { timeoutInWrongUnit } from './timeout-unit.js';
import { commandCannotStart } from './command-cannot-start.js';
import { hooksNotRead } from './not-read-here.js';
import { unknownEvent } from './unknown-event.js';
import { timeoutLikeMilliseconds } from './timeout-like-milliseconds.js';
import { skippedByClient } from './skipped-by-client.js';
import { shimMissing } from './shim-missing.js';

/** Why a client will not run a hook: the metric's `reason` label. */
export type CannotRunReason =
  | 'not-read'
  | 'hooks-turned-off'
  | 'managed-only'
  | 'untrusted'
  | 'plugin-not-enabled'
  | 'timeout-unit'
  | 'cannot-start'
  | 'unknown-event'
  | 'no-shim'
  | 'skipped';

/** One configured hook its client will not run now (or will cut short at once), in the client's terms, with the fix. */
// A type, not an interface: it travels in GET /status, whose loose schema wants an index signature.
export type CannotRun = {
  client: string;
  event: string;
  file: string;
  location: string;
  command: string;
  reason: CannotRunReason;
  /** Why, in the client's own terms (its setting, its file). */
  why: string;
  fix: string;
};

/** What the checks read besides the hook files: the home of the client's files and the PATH it starts hooks with. */
export interface CannotRunContext {
  home: string;
  pathVar: string | undefined;
  /** Claude Code's managed settings (`/etc/claude-code/managed-settings.json` on Linux). */
  claudeManagedSettings: string;
  /** Codex's requirements (`/etc/codex/requirements.toml` on Unix); absent: that path. */
  codexRequirements?: string;
  /** Droid's system-managed (org) settings (`/etc/factory/settings.json` on Linux); absent: that path. */
  droidManagedSettings?: string;
  /** The files to look at (the daemon's followed files), else every client's installed here; plugin files are added unless one file was given. */
  sources?: readonly HookSource[];
}

/** A check of one reason: the hooks of `entries` it finds, reading the client's files through `files`. */
export type ReasonCheck = (
  entries: readonly HookEntry[],
  files: ClientFiles,
  context: CannotRunContext,
) => Promise<CannotRun[]>;

// In the order a person would fix them: a switch that turns everything off first, one command last.
const CHECKS: readonly ReasonCheck[] = [
  turnedOff,
  shimMissing,
  unknownEvent,
  geminiFolderNotTrusted,
  copilotFolderNotTrusted,
  pluginNotEnabled,
  codexUntrusted,
  timeoutInWrongUnit,
  timeoutLikeMilliseconds,
  commandCannotStart,
];

/** The context of this machine: HOME, the given PATH, and the managed settings where the clients read them (HOOKD_CLAUDE_MANAGED_SETTINGS, HOOKD_CODEX_REQUIREMENTS and HOOKD_DROID_MANAGED_SETTINGS move them, for tests). */
export function contextHere(pathVar = process.env.PATH): CannotRunContext {
  return {
    home: homedir(),
    pathVar,
    claudeManagedSettings: process.env.HOOKD_CLAUDE_MANAGED_SETTINGS ?? '/etc/claude-code/managed-settings.json',
    codexRequirements: process.env.HOOKD_CODEX_REQUIREMENTS ?? CODEX_REQUIREMENTS,
    droidManagedSettings: process.env.HOOKD_DROID_MANAGED_SETTINGS ?? DROID_MANAGED_SETTINGS,
  };
}

/** Every hook of `loaded` that its client will not run now, one row per hook and reason; `files` notes what was looked at. */
export async function hooksThatCannotRun(
  loaded: readonly SourceResult[],
  context: CannotRunContext,
  files = new ClientFiles(),
): Promise<CannotRun[]> {
  const entries = loaded.flatMap(({ result, ignored }) => (result.ok && !ignored ? result.config.entries : []));
  const found = await Promise.all([
    hooksNotRead(
      loaded,
      context,
      oneFileGiven(context) || loaded.some(({ source }) => source.scope === 'given'),
      files,
    ),
    skippedByClient(loaded),
    ...CHECKS.map((check) => check(entries, files, context)),
  ]);
  // A hook the client skips for a first reason is not said again for a later one.
  const seen = new Set<string>();
  return found.flat().filter((row) => {
    const key = `${row.file}\0${row.location}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Whether the context names one file (--settings, HOOKD_SETTINGS): then only that file is looked at, and no client's other records. */
export const oneFileGiven = (context: CannotRunContext) =>
  context.sources?.some((source) => source.scope === 'given') ?? false;

/**
 * The files of the context loaded (by default the user and plugin files of every client installed
 * here): what the daemon, status and the page look at. `files` notes them, and the plugin folders
 * (a plugin installed deeper down is found at the daemon's next full reading).
 */
export function loadedHere(context: CannotRunContext, files = new ClientFiles()): Promise<SourceResult[]> {
  const clients = clientsOnMachine(context.home);
  const withPlugins = !oneFileGiven(context);
  if (withPlugins)
    for (const root of clients.flatMap((client) => client.pluginRoots ?? []))
      files.lookedAt(path.join(context.home, root));
  const plugins = withPlugins ? pluginSources(clients, context.home) : [];
  const sources = [...(context.sources ?? userSources(clients, context.home)), ...plugins];
  for (const source of sources)
    for (const file of [source.file, source.unless ?? [], source.overriddenBy ?? []].flat()) files.lookedAt(file);
  return loadSources(sources);
}
