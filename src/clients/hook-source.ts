// What a hook source is (a file a client reads hooks from, with the rules of that file), and how a
// client's file specs under a root become sources: the one rule user and project files share.
import { existsSync, readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { ClientProfile, HookFileSpec } from './profile.js';
import { scriptFilesIn } from './script-hooks.js';

export interface HookSource {
  file: string;
  client: ClientProfile;
  scope: 'user' | 'project' | 'plugin' | 'given';
  /** A file the client reads only when this other one does not exist. */
  unless?: string;
  /** Files whose events replace the same events of this one, the first that exists (Droid's hooks.json, else hooks/hooks.json, over its settings.json). */
  overriddenBy?: readonly string[];
  /** The client reads this file only as a bare event map (Droid's hooks.json). */
  bareMapOnly?: boolean;
  /** Read, never edited by install (Codex's config.toml). */
  readOnly?: boolean;
  /** hookd's own file in a hook folder (Copilot CLI's hooks/hookd.json): the one install edits there. */
  ownFile?: boolean;
  /** One of the files of a hook folder (Copilot CLI's hooks/*.json): install wraps each, and adds examples only to hookd's own. */
  inFolder?: boolean;
}

/** hookd's own file in a hook folder (Copilot CLI's hooks/): where install writes. */
export const FOLDER_FILE = 'hookd.json';

/** The hook file of a plugin in a folder of plugins (Goose's .agents/plugins/NAME/hooks/hooks.json). */
const PLUGIN_HOOKS = path.join('hooks', 'hooks.json');
/** hookd's own plugin in a folder of plugins: where install writes. */
export const OWN_PLUGIN = 'hookd';

// The hook files of the plugins in `dir` (each folder in it, its hooks/hooks.json if present), sorted.
function pluginFiles(dir: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => path.join(dir, entry.name, PLUGIN_HOOKS))
    .filter((file) => existsSync(file))
    .sort();
}

// The `*.json` files of a hook folder (Copilot CLI's hooks/), sorted as the client loads them.
export const hookFilesIn = (dir: string, entries: readonly Dirent[]): string[] =>
  entries
    .filter(
      (entry) =>
        entry.name.endsWith('.json') && !entry.name.startsWith('.') && (entry.isFile() || entry.isSymbolicLink()),
    )
    .map((entry) => path.join(dir, entry.name))
    .sort();

function folderFiles(dir: string): string[] {
  try {
    return hookFilesIn(dir, readdirSync(dir, { withFileTypes: true }));
  } catch {
    return [];
  }
}

export function sourcesOf(
  client: ClientProfile,
  root: string,
  specs: readonly HookFileSpec[],
  scope: HookSource['scope'],
  list = folderFiles,
): HookSource[] {
  return specs.flatMap((spec) => {
    // A folder: its files, and hookd's own (followed while absent, where install writes).
    const moved = scope === 'user' && spec.movedBy ? process.env[spec.movedBy.variable] : undefined;
    const dir = moved ? path.resolve(moved, spec.movedBy!.path) : path.join(root, spec.path);
    // A folder of hook files named after their events (Cline's): each file present is a source.
    if (client.scriptHooks) return scriptFilesIn(dir, client).map((file) => ({ file, client, scope }));
    // A folder of plugins: each one's hook file, and hookd's own plugin's (listed at once: a few folders).
    const own = spec.plugins ? path.join(dir, OWN_PLUGIN, PLUGIN_HOOKS) : path.join(dir, FOLDER_FILE);
    const files = spec.plugins
      ? [...new Set([...pluginFiles(dir), own])]
      : spec.folder
        ? [...new Set([...list(dir), own])]
        : [dir];
    const inFolder = spec.folder === true || spec.plugins === true;
    return files.map((file) => ({
      file,
      ...(inFolder && file === own ? { ownFile: true } : {}),
      ...(inFolder ? { inFolder: true } : {}),
      client,
      scope,
      ...(spec.unless ? { unless: path.join(root, spec.unless) } : {}),
      ...(spec.overriddenBy ? { overriddenBy: spec.overriddenBy.map((file) => path.join(root, file)) } : {}),
      ...(spec.bareMapOnly ? { bareMapOnly: true } : {}),
      ...(spec.readOnly ? { readOnly: true } : {}),
    }));
  });
}
