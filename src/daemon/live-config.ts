// The daemon's view of the settings file: the last good config, when it was loaded, and the
// error of the last reload if it failed. A bad edit never replaces a good config.
import { loadSettings } from '../settings/load.js';
import { serialized } from '../common/serialized.js';
import { EMPTY_CONFIG, type HookConfig } from '../settings/config.js';
import type { Logger } from '../common/logger.js';

export interface ConfigState {
  path: string;
  config: HookConfig;
  /** When the config in use was loaded (ms since epoch). */
  loadedAt: number | undefined;
  /** When the last reload was tried, and its errors if it failed. */
  lastReloadAt: number | undefined;
  lastError: string[] | undefined;
  missing: boolean;
}

/** Holds the config in use and reloads it on demand. */
export class LiveConfig {
  readonly state: ConfigState;
  private readonly logger: Logger;

  constructor(path: string, logger: Logger) {
    this.state = { path, config: EMPTY_CONFIG, loadedAt: undefined, lastReloadAt: undefined, lastError: undefined, missing: false };
    this.logger = logger;
  }

  get config(): HookConfig {
    return this.state.config;
  }

  /**
   * Read the file again. A deleted file means no hooks; an invalid one keeps the last good config.
   * Reloads never overlap: a slow read finishing after a newer one would bring back an old config.
   */
  readonly reload = serialized(() => this.reloadOnce());

  private async reloadOnce(): Promise<void> {
    const result = await loadSettings(this.state.path);
    const now = Date.now();
    this.state.lastReloadAt = now;
    if (result.ok || result.missing) {
      this.state.config = result.ok ? result.config : EMPTY_CONFIG;
      this.state.loadedAt = now;
      this.state.lastError = undefined;
      this.state.missing = !result.ok;
      const hooks = this.state.config.entries.filter((entry) => entry.kind === 'bridge').length;
      this.logger.info({ settings: this.state.path, daemonHooks: hooks, missing: this.state.missing }, 'settings loaded');
      return;
    }
    this.state.lastError = result.errors;
    this.logger.error({ settings: this.state.path, errors: result.errors }, 'settings invalid; keeping the last good config');
  }
}
