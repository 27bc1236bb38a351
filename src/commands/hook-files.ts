// The hook files a foreground command reads, resolved once from its flags: the one file given
// (--settings, HOOKD_SETTINGS), else the files of the chosen client (--client) or of every client
// installed here, plus the project files of the directory it runs in.
import { existsSync } from 'node:fs';
import { noClientFound, resolveSources, userSources } from '../clients/find-sources.js';
import path from 'node:path';
import type { HookSource } from '../clients/hook-source.js';
import { loadSources, type SourceResult } from '../settings/load-sources.js';
import { settingsPath } from '../common/paths.js';
import { UsageError } from '../common/errors.js';
import { shimPath } from '../install/shim-files.js';
import { writableByOthers } from '../settings/writable-by-others.js';

export interface HookFileOptions {
  settings?: string;
  client?: string;
}

/** Where the one file a command was given came from, for messages about it: the flag or the variable. */
export function givenBy(flag: string | undefined): string {
  return flag !== undefined ? 'named with --settings' : 'named by HOOKD_SETTINGS';
}

/** The sources for a command run in `cwd`; a usage error when there is no client to read. */
export function sourcesFor(options: HookFileOptions, cwd = process.cwd()): HookSource[] {
  const sources = resolveSources(
    { settings: settingsPath(options.settings), client: options.client },
    { project: cwd },
  );
  if (sources.length === 0) throw noClientFound();
  return sources;
}

/**
 * Load the files a command reads. A file that is not there counts only when it was named, and then
 * it is bad input (exit 2) for every command alike: nothing was read, so nothing can be reported.
 */
export async function readHookFiles(options: HookFileOptions): Promise<SourceResult[]> {
  const results = await loadSources(sourcesFor(options));
  const named = results.find(({ source, result }) => !result.ok && result.missing && source.scope === 'given');
  if (named) throw new UsageError(`${named.source.file}: cannot read: no such file (${givenBy(options.settings)})`);
  return results.filter(({ result }) => result.ok || !result.missing);
}

/**
 * What another user could change among the files the clients of `loaded` run hooks from: each hook
 * file read and the folders above it, each of those clients' user hook folders (where a file planted
 * in an empty Copilot CLI hooks folder would run), and the shims hookd wrote for them (an OpenCode
 * plugin, a pi extension) and their folders, one line each (writable-by-others.ts).
 */
export function hookFilesOthersCanWrite(loaded: readonly SourceResult[]): string[] {
  const clients = [...new Set(loaded.map(({ source }) => source.client))];
  const folders = userSources(clients).map((source) => path.dirname(source.file));
  const shims = clients.flatMap((client) => shimPath(client) ?? []);
  const files = [
    ...loaded.map(({ source }) => source.file),
    ...shims,
    ...shims.map((shim) => path.dirname(shim)),
    ...folders,
  ];
  // One line per place another user can write, however many hook files lie under it.
  const found = new Map<string, string>();
  for (const file of new Set(files.filter((one) => existsSync(one)))) {
    const open = writableByOthers(file);
    if (open && !found.has(open.at)) found.set(open.at, open.line);
  }
  return [...found.values()];
}
