// Goose skips some hooks it finds with no more than a log line (block/goose 0825b570,
// documentation/docs/guides/context-engineering/hooks.md; crates/goose/src/plugins/discovery.rs at
// 21aecaf8; no binary here):
// - a rule whose matcher is not a regular expression (a bare "*", the glob habit) is skipped whole;
// - a plugin named in `disabledPlugins` of ~/.config/goose/settings.json, or of the project's
//   .config/goose/settings.json or settings.local.json, is not loaded (the nearest file that names
//   it, local first, decides; `enabledPlugins` there keeps it).
import path from 'node:path';
import { cannotRunRow } from './cannot-run-row.js';
import type { CannotRun, ReasonCheck } from './cannot-run.js';
import type { ClientFiles, FileObject } from './client-files.js';

const names = (settings: FileObject, key: string): string[] =>
  Array.isArray(settings[key]) ? (settings[key] as unknown[]).filter((name) => typeof name === 'string') : [];

const isRegex = (matcher: string) => {
  try {
    new RegExp(matcher);
    return true;
  } catch {
    return false;
  }
};

/** The settings file that turns plugin `name` off for hooks of `project` (undefined: a user plugin), if one does. */
async function disabledBy(files: ClientFiles, home: string, name: string, project: string | undefined) {
  const settings = [
    ...(project
      ? [
          path.join(project, '.config', 'goose', 'settings.local.json'),
          path.join(project, '.config', 'goose', 'settings.json'),
        ]
      : []),
    path.join(home, '.config', 'goose', 'settings.json'),
  ];
  for (const file of settings) {
    const read = await files.read(file);
    if (names(read, 'disabledPlugins').includes(name)) return file;
    if (names(read, 'enabledPlugins').includes(name)) return undefined;
  }
  return undefined;
}

/** Goose hooks of a plugin its settings turn off, and rules whose matcher is no regular expression. */
export const gooseSkips: ReasonCheck = async (entries, files, context) => {
  const rows: CannotRun[] = [];
  for (const entry of entries) {
    if (entry.client.id !== 'goose') continue;
    // …/plugins/NAME/hooks/hooks.json, under the home or a project's .agents.
    const plugin = path.dirname(path.dirname(entry.file));
    const agents = path.dirname(path.dirname(plugin));
    const project = agents === context.home ? undefined : path.dirname(agents);
    const off = await disabledBy(files, context.home, path.basename(plugin), project);
    if (off) {
      rows.push(
        cannotRunRow(
          entry,
          'plugin-not-enabled',
          `Goose does not load the plugin "${path.basename(plugin)}": ${off} lists it in disabledPlugins`,
          `take "${path.basename(plugin)}" out of disabledPlugins in ${off}`,
        ),
      );
      continue;
    }
    if (entry.matcher !== undefined && !isRegex(entry.matcher))
      rows.push(
        cannotRunRow(
          entry,
          'skipped',
          `Goose skips the whole rule: its matcher ${JSON.stringify(entry.matcher)} is not a regular expression`,
          entry.matcher === '*' ? 'write ".*", or leave the matcher out' : 'write the matcher as a regular expression',
        ),
      );
  }
  return rows;
};
