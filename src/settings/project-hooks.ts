// The project part of the live config: hooks of a project's own files (.claude/settings.json,
// .factory/hooks.json, .github/hooks/*.json…), which the daemon does not follow. When a record names
// a command no followed file has, the project it came from (the client's *_PROJECT_DIR, else the
// payload's cwd) is asked for that command's entry. A project's file is read with its client's rules,
// by the loader of the user's files (load-sources.ts: Droid's hooks.json only as a bare event map,
// its events replacing those of settings.json), so the daemon names the hooks the client runs there.
// A project is untrusted input (a cloned repository): its folders are listed and its files read off
// the event loop, as regular files only, up to a bound (read-bounded-file.ts); a file not read is
// logged once, with why. Each file is cached by the stamps of the files its reading depends on and
// refreshed when they change, so an unchanged project costs a stat per file; a folder is read up to
// MAX_PROJECT_FOLDER_FILES files (project-sources.ts), and a command no file names is remembered as a
// miss (project-misses.ts), so that its next events cost a few stats (issue 29).
import { stat } from 'node:fs/promises';
import { listProjectSources, MAX_PROJECT_FOLDER_FILES } from '../clients/project-sources.js';
import type { HookSource } from '../clients/hook-source.js';
import { layoutStamp, ProjectMisses } from './project-misses.js';
import { CLIENTS } from '../clients/registry.js';
import { loadSource } from './load-sources.js';
import { indexDaemonHooks, type DaemonHooks } from './daemon-hooks.js';
import type { HookEntry } from './config.js';
import type { ClientProfile } from '../clients/profile.js';
import type { Logger } from '../common/logger.js';

/** Where a record comes from: the client's variables and the payload's working directory. */
export interface RecordOrigin {
  clientEnv: Record<string, string>;
  cwd: string | undefined;
}

interface Cached {
  stamp: string;
  /** Shared by the lookups that arrive while it is read: one read, one log line. */
  hooks: Promise<DaemonHooks | undefined>;
}

// Bounded: a long-running daemon sees many projects.
const MAX_CACHED = 256;

// The directories of the project a record comes from: the client's *_PROJECT_DIR, then the payload's cwd.
function projectDirsOf({ clientEnv, cwd }: RecordOrigin): Set<string> {
  return new Set([
    ...Object.entries(clientEnv)
      .filter(([name]) => name.endsWith('_PROJECT_DIR'))
      .map(([, dir]) => dir),
    ...(cwd ? [cwd] : []),
  ]);
}

// What a file's reading depends on: its own stat, and those of the files whose events replace its own
// (Droid's hooks.json or hooks/hooks.json beside settings.json) or that it yields to. Empty when the file does not
// exist (nor its folder: a `.factory` that is a file); another failure is read, to be reported.
const ABSENT = new Set(['ENOENT', 'ENOTDIR']);
async function stampOf(source: HookSource): Promise<string> {
  const one = (file: string) =>
    stat(file).then(
      (info) => `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}`,
      (error: NodeJS.ErrnoException) => (ABSENT.has(error.code ?? '') ? '' : String(error.code)),
    );
  const own = await one(source.file);
  if (!own) return '';
  const others = await Promise.all(
    [...(source.overriddenBy ?? []), source.unless].map((file) => (file ? one(file) : '')),
  );
  return [own, ...others].join('|');
}

/** Reads, caches and refreshes the hook files of projects. */
export class ProjectHooks {
  private readonly cache = new Map<string, Cached>();
  private readonly misses = new ProjectMisses();
  private readonly saidCut = new Set<string>();

  constructor(private readonly logger: Logger) {}

  /** The entries of the first project file (of `client`'s, when known) that names `command` for a record of `event`; none if no file does. */
  async entriesFor(event: string, command: string, origin: RecordOrigin, client?: ClientProfile): Promise<HookEntry[]> {
    const clients = client ? [client] : CLIENTS;
    for (const dir of projectDirsOf(origin)) {
      const key = JSON.stringify([dir, client?.id ?? '', event, command]);
      const stamp = await layoutStamp(dir, clients);
      if (this.misses.holds(key, stamp)) continue;
      const entries = await this.lookUp(dir, clients, event, command);
      if (entries.length) return entries;
      this.misses.add(key, stamp);
    }
    return [];
  }

  private async lookUp(
    dir: string,
    clients: readonly ClientProfile[],
    event: string,
    command: string,
  ): Promise<HookEntry[]> {
    const { sources, cut } = await listProjectSources(dir, clients);
    for (const { folder, found } of cut) this.sayCut(folder, found);
    for (const source of sources) {
      const entries = (await this.hooksOf(source))?.entriesFor(event, command) ?? [];
      if (entries.length) return entries;
    }
    return [];
  }

  // Once per folder (and daemon), not per event.
  private sayCut(folder: string, found: number): void {
    if (this.saidCut.has(folder)) return;
    if (this.saidCut.size >= MAX_CACHED) this.saidCut.clear();
    this.saidCut.add(folder);
    this.logger.warn(
      { folder, found, read: MAX_PROJECT_FOLDER_FILES },
      `${folder} holds ${found} hook files, more than the ${MAX_PROJECT_FOLDER_FILES} hookd reads from a project folder: it reads the first ${MAX_PROJECT_FOLDER_FILES} by name, and a command only the others name runs with the default timeout`,
    );
  }

  private async hooksOf(source: HookSource): Promise<DaemonHooks | undefined> {
    const stamp = await stampOf(source);
    if (!stamp) return undefined;
    const cached = this.cache.get(source.file);
    if (cached?.stamp === stamp) return cached.hooks;
    const hooks = this.read(source);
    this.cache.delete(source.file);
    if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(source.file, { stamp, hooks });
    return hooks;
  }

  // Unreadable, too large, invalid, not a regular file, or ignored by its client: a command only it
  // names runs with the default timeout (the dispatcher says so at each run), and this says why once.
  private async read(source: HookSource): Promise<DaemonHooks | undefined> {
    const { result, ignored } = await loadSource(source);
    if (!result.ok) {
      if (!result.missing)
        this.logger.warn(
          { settings: source.file, errors: result.errors },
          "a project's hook file was not read; a command only it names runs with the default timeout",
        );
      return undefined;
    }
    if (ignored)
      this.logger.warn(
        { settings: source.file, reason: ignored },
        `a project's hook file is not read, as ${source.client.name} does not read it`,
      );
    // Read once per change of the file, so said once: what its client skips, the daemon skips too.
    if (result.config.dropped?.length)
      this.logger.warn(
        { settings: source.file, skipped: result.config.dropped.map((part) => part.message) },
        "hooks skipped in a project's hook file: the client skips them and runs the rest; so does hookd",
      );
    return indexDaemonHooks(result.config);
  }
}
