// Which hook files a command reads: the one given (`--settings`, HOOKD_SETTINGS), or else every
// known client's user files on this machine (and, for commands run in a project, its project
// files). Resolved once at the edge; everything after works on the list.
import { existsSync, readdirSync, type Dirent } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { CLIENTS, GENERIC, clientById, clientForPath, CLIENT_IDS } from './registry.js';
import { UsageError } from '../common/errors.js';
import type { ClientProfile, HookFileSpec } from './profile.js';
import { sourcesOf, type HookSource } from './hook-source.js';
import { projectSources } from './project-sources.js';

/** The client named by `--client`, or a usage error listing the known ones. */
export function chosenClient(id: string | undefined): ClientProfile | undefined {
  if (id === undefined) return undefined;
  const client = clientById(id);
  if (!client) throw new UsageError(`--client: unknown client "${id}"; choose from ${CLIENT_IDS.join(', ')}`);
  return client;
}

/** A given file's source: its client from `--client`, else from its path, else generic; with the rules of that client's file of this name. */
export function givenSource(file: string, clientId?: string): HookSource {
  const client = chosenClient(clientId) ?? clientForPath(file) ?? GENERIC;
  const spec = [...client.userFiles, ...client.projectFiles].find((candidate) => file.endsWith(`/${candidate.path}`));
  return {
    file,
    client,
    scope: 'given',
    ...(spec?.bareMapOnly ? { bareMapOnly: true } : {}),
    ...(spec?.readOnly ? { readOnly: true } : {}),
  };
}

/** Every user hook file of `clients` under `home`, present or not (the daemon waits for absent ones). */
export function userSources(clients: readonly ClientProfile[] = CLIENTS, home = homedir()): HookSource[] {
  return clients.flatMap((client) => sourcesOf(client, home, client.userFiles, 'user'));
}

// Plugins sit a few folders down (cache/<marketplace>/<plugin>/<version>/hooks/hooks.json).
const PLUGIN_DEPTH = 6;

function findHooksFiles(dir: string, depth: number): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const here =
    entries.some((entry) => entry.name === 'hooks' && entry.isDirectory()) &&
    existsSync(path.join(dir, 'hooks', 'hooks.json'))
      ? [path.join(dir, 'hooks', 'hooks.json')]
      : [];
  if (depth === 0) return here;
  return [
    ...here,
    ...entries
      .filter((entry) => entry.isDirectory() && entry.name !== 'hooks' && !entry.name.startsWith('.'))
      .flatMap((entry) => findHooksFiles(path.join(dir, entry.name), depth - 1)),
  ];
}

/** The hook files of the plugins installed for `clients` (Claude Code's, Codex's), read by validate, run and clients. */
export function pluginSources(clients: readonly ClientProfile[] = CLIENTS, home = homedir()): HookSource[] {
  return clients.flatMap((client) =>
    [
      ...(client.pluginRoots ?? []).flatMap((root) => findHooksFiles(path.join(home, root), PLUGIN_DEPTH)),
      ...(client.pluginFiles?.(home) ?? []),
    ].map((file) => ({ file, client, scope: 'plugin' as const })),
  );
}

/** Whether a file `source` yields to exists, so the client does not read it (Droid's settings.json beside hooks.json). */
export function isShadowed(source: HookSource): boolean {
  return source.unless !== undefined && existsSync(source.unless);
}

/** Whether the client of `source` reads it now: it exists, and no file it yields to does. */
export function isInEffect(source: HookSource): boolean {
  return existsSync(source.file) && !isShadowed(source);
}

/** The clients installed here: those whose folder under the home directory exists. */
export function clientsOnMachine(home = homedir()): ClientProfile[] {
  const moved = (spec: HookFileSpec) => (spec.movedBy ? process.env[spec.movedBy.variable] : undefined);
  return CLIENTS.filter((client) =>
    client.homeFolder
      ? existsSync(path.join(home, client.homeFolder))
      : client.userFiles.some((spec) => existsSync(moved(spec) ?? path.join(home, path.dirname(spec.path)))),
  );
}

export interface SourceFlags {
  /** The resolved --settings / HOOKD_SETTINGS file, if given. */
  settings?: string;
  client?: string;
}

/**
 * The hook files a command reads: the given file; else the user files of the chosen client, or of
 * every client installed here (`every`: of every known client, installed or not, as the daemon
 * follows them); plus, with `project`, the project files of that directory.
 */
export function resolveSources(flags: SourceFlags, options: { project?: string; every?: boolean } = {}): HookSource[] {
  if (flags.settings) return [givenSource(flags.settings, flags.client)];
  const chosen = chosenClient(flags.client);
  const clients = chosen ? [chosen] : options.every ? CLIENTS : clientsOnMachine();
  const sources = [
    ...userSources(clients),
    // The daemon runs no plugin hook (plugins are the client's): only the foreground commands read them.
    ...(options.every ? [] : pluginSources(clients)),
    ...(options.project ? projectSources(options.project, clients) : []),
  ];
  // Run in the home directory, a project file is the user file itself.
  return sources.filter((source, index) => sources.findIndex((other) => other.file === source.file) === index);
}

/** The refusal when no client is installed here and none was named: where hookd looked, and what to do. */
export function noClientFound(home = homedir()): UsageError {
  const looked = CLIENTS.map(
    (client) => `${client.name} (${path.join(home, client.homeFolder ?? path.dirname(client.userFiles[0]!.path))})`,
  ).join(', ');
  return new UsageError(
    `no agent client found on this machine (looked for ${looked}); name a file with --settings FILE or a client with --client NAME`,
  );
}
