// The settings as a part of the daemon: the live config of every known client's user files, loaded
// at start and reloaded whenever one of them changes, until the daemon stops taking work.
import { watchSettings, type SettingsWatcher } from '../settings/watch.js';
import { resolveSources } from '../clients/find-sources.js';
import type { HookSource } from '../clients/hook-source.js';
import { LiveConfig } from '../settings/live-config.js';
import type { Component } from './lifecycle.js';
import type { Logger } from '../common/logger.js';

/** The live config and the watchers of its files. */
export class FollowedSettings implements Component {
  readonly config: LiveConfig;
  /** The files followed from the start, for the log. */
  readonly sources: readonly HookSource[];
  private watchers: SettingsWatcher[] = [];

  /** `settings`/`client`: the daemon's --settings and --client, when given. */
  constructor(given: { settings?: string; client?: string }, logger: Logger) {
    // Every known client's user files, present or not: a client installed later is picked up live.
    // Found again at each reload: a file added to (or removed from) a hook folder counts at once.
    const find = () => resolveSources({ settings: given.settings, client: given.client }, { every: true });
    this.sources = find();
    this.config = new LiveConfig(find, logger.child({ part: 'settings' }));
  }

  async start(): Promise<void> {
    await this.config.reload();
    // A hook folder is watched once, through hookd's own file there, for any of its `*.json`.
    const watched = this.sources.filter((source) => !source.inFolder || source.ownFile);
    this.watchers = await Promise.all(
      watched.map((source) =>
        watchSettings(source.file, () => void this.config.reload(), 100, { folder: source.inFolder }),
      ),
    );
  }

  async stop(): Promise<void> {
    await Promise.all(this.watchers.map((watcher) => watcher.close()));
  }
}
