// The project part of the live config: hooks of a project's own files (.claude/settings.json,
// .factory/hooks.json, .github/hooks/*.json…), which the daemon does not follow. When a record names
// a command no followed file has, the project it came from (the client's *_PROJECT_DIR, else the
// payload's cwd) is asked for that command's entry. A project is untrusted input (a cloned
// repository): its folders are listed and its files read off the event loop, as regular files
// only, up to a bound (load.ts, through read-bounded-file.ts). Each file is cached by size and modification time
// and refreshed when they change, so an unchanged project costs a stat per file.
import { stat } from 'node:fs/promises';
import { listProjectSources, type HookSource } from '../clients/find-sources.js';
import { CLIENTS } from '../clients/registry.js';
import { loadSettings } from './load.js';
import { indexDaemonHooks, type DaemonHooks } from './daemon-hooks.js';
import type { HookEntry } from './config.js';
import type { ClientProfile } from '../clients/profile.js';

/** Where a record comes from: the client's variables and the payload's working directory. */
export interface RecordOrigin {
  clientEnv: Record<string, string>;
  cwd: string | undefined;
}

interface Cached {
  stamp: string;
  hooks: DaemonHooks | undefined;
}

// Bounded: a long-running daemon sees many projects.
const MAX_CACHED = 256;

// The directories of the project a record comes from: the client's *_PROJECT_DIR, then the payload's cwd.
function projectDirsOf({ clientEnv, cwd }: RecordOrigin): Set<string> {
  return new Set([...Object.entries(clientEnv).filter(([name]) => name.endsWith('_PROJECT_DIR')).map(([, dir]) => dir), ...(cwd ? [cwd] : [])]);
}

/** Reads, caches and refreshes the hook files of projects. */
export class ProjectHooks {
  private readonly cache = new Map<string, Cached>();

  /** The entries of the first project file (of `client`'s, when known) that names `command` for a record of `event`; none if no file does. */
  async entriesFor(event: string, command: string, origin: RecordOrigin, client?: ClientProfile): Promise<HookEntry[]> {
    for (const dir of projectDirsOf(origin)) {
      for (const source of await listProjectSources(dir, client ? [client] : CLIENTS)) {
        const entries = (await this.hooksOf(source))?.entriesFor(event, command) ?? [];
        if (entries.length) return entries;
      }
    }
    return [];
  }

  private async hooksOf(source: HookSource): Promise<DaemonHooks | undefined> {
    let stamp: string;
    try {
      const info = await stat(source.file);
      if (!info.isFile()) return undefined;
      stamp = `${info.size}:${info.mtimeMs}`;
    } catch {
      return undefined;
    }
    const cached = this.cache.get(source.file);
    if (cached?.stamp === stamp) return cached.hooks;
    // Unreadable, too large, invalid or not a regular file (loadSettings reads through
    // read-bounded-file.ts): the default timeout applies, and the dispatcher says so.
    const result = await loadSettings(source.file, source.client);
    const hooks = result.ok ? indexDaemonHooks(result.config) : undefined;
    if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(source.file, { stamp, hooks });
    return hooks;
  }
}
