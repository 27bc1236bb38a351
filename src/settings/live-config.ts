// The daemon's view of the hook files it follows: per file, the last good config, when it was
// loaded and the error of the last reload if it failed; together, the index the dispatcher asks.
// A bad edit of one file never replaces its good config, nor touches the others. The list of files
// may be asked again at each reload (a hook folder gains or loses a file while the daemon runs):
// a file that stays keeps its state, a new one starts empty, a removed one is dropped. The files of
// the projects records come from are its other part (project-hooks.ts), asked after the followed ones.
import { serialized } from '../common/serialized.js';
import { EMPTY_CONFIG, type HookConfig } from './config.js';
import { combine, loadSource } from './load-sources.js';
import { factsOf, indexDaemonHooks, timeoutOf, type DaemonHooks, type EntryFacts } from './daemon-hooks.js';
import { ProjectHooks, type RecordOrigin } from './project-hooks.js';
import { clientFromEnv } from '../clients/registry.js';
import type { HookSource } from '../clients/hook-source.js';
import type { Logger } from '../common/logger.js';

export interface FileState {
  file: string;
  client: string;
  scope: HookSource['scope'];
  config: HookConfig;
  /** When the config in use was loaded, and when the last reload was tried (ms since epoch). */
  loadedAt: number | undefined;
  lastReloadAt: number | undefined;
  /** The errors of the last reload, if it failed. */
  lastError: string[] | undefined;
  missing: boolean;
  /** Why the client does not read this file now, if it does not. */
  ignored: string | undefined;
}

/** Holds the config in use of every followed file and reloads them on demand. */
export class LiveConfig {
  files: FileState[];
  sources: readonly HookSource[];
  /** Reloads of a file that failed since the start (hookd_settings_reload_failures_total). */
  reloadFailures = 0;
  private combined: HookConfig = EMPTY_CONFIG;
  private index: DaemonHooks = indexDaemonHooks(EMPTY_CONFIG);

  private readonly resolve: () => readonly HookSource[];
  private readonly projects: ProjectHooks;
  private readonly reloaded: Array<() => void> = [];

  /** `sources`: the files to follow, or how to find them again at each reload. */
  constructor(
    sources: readonly HookSource[] | (() => readonly HookSource[]),
    private readonly logger: Logger,
  ) {
    this.resolve = typeof sources === 'function' ? sources : () => sources;
    this.projects = new ProjectHooks(logger);
    this.sources = this.resolve();
    this.files = this.sources.map(freshState);
  }

  /** Every followed file's entries. */
  get config(): HookConfig {
    return this.combined;
  }

  /** The daemon hooks, indexed once per reload. */
  get hooks(): DaemonHooks {
    return this.index;
  }

  /**
   * The entry a record of `event` naming `command` runs from, or undefined when no file names it:
   * in the followed files (the sending client's entry first), else in the files of the project the
   * record comes from. A project's file is untrusted input: it lends its timeout, never variables.
   */
  async entryFor(event: string, command: string, origin: RecordOrigin): Promise<EntryFacts | undefined> {
    const client = clientFromEnv(origin.clientEnv);
    const followed = factsOf(this.index.entriesFor(event, command, client));
    if (followed) return followed;
    const timeoutMs = timeoutOf(await this.projects.entriesFor(event, command, origin, client));
    return timeoutMs === undefined ? undefined : { timeoutMs, env: undefined };
  }

  /** Call `listener` after each reload; returns how to stop. */
  onReload(listener: () => void): () => void {
    this.reloaded.push(listener);
    return () => void this.reloaded.splice(this.reloaded.indexOf(listener) >>> 0, 1);
  }

  /**
   * Read the files again. A deleted file means no hooks from it; an invalid one keeps its last good
   * config. Reloads never overlap: a slow read finishing after a newer one would bring back an old config.
   */
  readonly reload = serialized(() => this.reloadOnce());

  private async reloadOnce(): Promise<void> {
    const sources = this.resolve();
    const before = new Map(this.files.map((state) => [state.file, state]));
    this.sources = sources;
    this.files = sources.map((source) => before.get(source.file) ?? freshState(source));
    const results = await Promise.all(sources.map(loadSource));
    const now = Date.now();
    results.forEach(({ source, result, ignored }, i) => {
      const state = this.files[i]!;
      state.lastReloadAt = now;
      state.ignored = ignored;
      if (result.ok || result.missing) {
        if (result.ok) this.logDropped(source.file, state.config, result.config);
        state.config = result.ok ? result.config : EMPTY_CONFIG;
        state.loadedAt = now;
        state.lastError = undefined;
        state.missing = !result.ok;
        return;
      }
      if (state.lastError?.join() !== result.errors.join()) {
        this.logger.error(
          { settings: source.file, errors: result.errors },
          'settings invalid; keeping the last good config',
        );
      }
      state.lastError = result.errors;
      this.reloadFailures += 1;
    });
    this.combined = combine(this.files.map((state) => state.config));
    this.index = indexDaemonHooks(this.combined);
    const read = this.files.filter((state) => !state.missing && !state.ignored).map((state) => state.file);
    this.logger.info({ settings: read, daemonHooks: this.index.count }, 'settings loaded');
    for (const listener of this.reloaded) listener();
  }

  // What a file's client skips, and the daemon with it, is logged once each time it changes, not at every reload.
  private logDropped(file: string, before: HookConfig, after: HookConfig): void {
    const said = (config: HookConfig) => (config.dropped ?? []).map((part) => part.message).join('\n');
    if (!after.dropped?.length || said(before) === said(after)) return;
    this.logger.warn(
      { settings: file, skipped: after.dropped.map((part) => part.message) },
      'hooks skipped: the client skips them and runs the rest of the file; so does hookd',
    );
  }
}

function freshState(source: HookSource): FileState {
  return {
    file: source.file,
    client: source.client.id,
    scope: source.scope,
    config: EMPTY_CONFIG,
    loadedAt: undefined,
    lastReloadAt: undefined,
    lastError: undefined,
    missing: false,
    ignored: undefined,
  };
}
