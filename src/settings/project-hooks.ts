// Hooks of a project's own files (.claude/settings.json, .factory/hooks.json…), which the daemon
// does not follow: when a record names a command no followed file has, the project it came from
// (the client's *_PROJECT_DIR, else the payload's cwd) is read for that command's timeout. Files
// are cached by size and modification time, so an unchanged project costs a stat per file. A
// project is untrusted input (a cloned repository): its files are read as regular files only, up
// to a bound, through the thread pool (read-bounded-file.ts), never on the event loop.
import { stat } from 'node:fs/promises';
import { readBoundedFile } from '../common/read-bounded-file.js';
import { projectSources, type HookSource } from '../clients/find-sources.js';
import { CLIENTS } from '../clients/registry.js';
import { parseSettingsText } from './load.js';
import { indexDaemonHooks, timeoutOf, type DaemonHooks } from './daemon-hooks.js';
import type { ClientProfile } from '../clients/profile.js';

interface Cached {
  stamp: string;
  hooks: DaemonHooks | undefined;
}

// Bounded: a long-running daemon sees many projects.
const MAX_CACHED = 256;

/** Reads and caches the hook files of projects. */
export class ProjectHooks {
  private readonly cache = new Map<string, Cached>();

  /** The timeout of `command` for `event` in the project's files, if one of them names it. */
  async timeoutFor(event: string, command: string, clientEnv: Record<string, string>, cwd: string | undefined, client?: ClientProfile): Promise<number | undefined> {
    const dirs = new Set([...Object.entries(clientEnv).filter(([name]) => name.endsWith('_PROJECT_DIR')).map(([, dir]) => dir), ...(cwd ? [cwd] : [])]);
    for (const dir of dirs) {
      for (const source of projectSources(dir, client ? [client] : CLIENTS)) {
        const timeout = timeoutOf((await this.hooksOf(source))?.entriesFor(event, command) ?? []);
        if (timeout !== undefined) return timeout;
      }
    }
    return undefined;
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
    // Unreadable, too large or not a regular file: the default timeout applies, and the dispatcher says so.
    const read = await readBoundedFile(source.file);
    const result = read.ok ? parseSettingsText(read.text, source.file, source.client) : undefined;
    const hooks = result?.ok ? indexDaemonHooks(result.config) : undefined;
    if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(source.file, { stamp, hooks });
    return hooks;
  }
}
