// Claude Code loads a plugin's hooks only while the plugin is enabled: `enabledPlugins` of its
// settings maps "<plugin>@<marketplace>" to true. A plugin still in the cache
// (~/.claude/plugins/cache/<marketplace>/<plugin>/<version>/) but disabled or never enabled keeps its
// hooks/hooks.json on disk, and none of them runs.
import path from 'node:path';
import { objectAt } from './client-files.js';
import { cannotRunRow } from './cannot-run-row.js';
import type { CannotRun, ReasonCheck } from './cannot-run.js';

/** The "<plugin>@<marketplace>" id of a Claude Code plugin hook file, when it sits in the plugin cache. */
export function claudePluginId(file: string, home: string): string | undefined {
  const cache = path.join(home, '.claude', 'plugins', 'cache') + path.sep;
  if (!file.startsWith(cache)) return undefined;
  const [marketplace, plugin] = file.slice(cache.length).split(path.sep);
  return marketplace && plugin ? `${plugin}@${marketplace}` : undefined;
}

/** Hooks of Claude Code plugins that its user settings do not enable. */
export const pluginNotEnabled: ReasonCheck = async (entries, files, context) => {
  const settings = path.join(context.home, '.claude', 'settings.json');
  const enabled = objectAt(await files.read(settings), 'enabledPlugins');
  return entries.flatMap((entry): CannotRun[] => {
    if (entry.client.id !== 'claude') return [];
    const id = claudePluginId(entry.file, context.home);
    if (!id || enabled[id] === true) return [];
    const said =
      enabled[id] === false
        ? `the plugin ${id} is turned off ("${id}": false in enabledPlugins of ${settings})`
        : `the plugin ${id} is not enabled (enabledPlugins of ${settings} does not name it)`;
    return [
      cannotRunRow(
        entry,
        'plugin-not-enabled',
        `Claude Code does not load this plugin hook: ${said}`,
        `claude plugin enable ${id} (or /plugin in Claude Code), or set "${id}": true in enabledPlugins`,
      ),
    ];
  });
};
