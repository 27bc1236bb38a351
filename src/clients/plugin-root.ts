// The folder of the plugin a hook file belongs to: what Claude Code gives a plugin's hooks as
// CLAUDE_PLUGIN_ROOT (Codex as PLUGIN_ROOT), so that `${CLAUDE_PLUGIN_ROOT}/scripts/guard.py` finds
// the plugin's own script. A plugin is the folder holding its manifest (`.claude-plugin/plugin.json`,
// or Codex's `.codex-plugin/plugin.json`); its hook file sits below it, usually in hooks/hooks.json.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { HookSource } from './hook-source.js';

const MANIFESTS = ['.claude-plugin/plugin.json', '.codex-plugin/plugin.json'];
// A manifest names hook files a folder or two down ("./hooks/hooks.json", "./config/hooks/x.json").
const LEVELS_UP = 3;

function manifestFolderAbove(file: string): string | undefined {
  let dir = path.dirname(file);
  for (let level = 0; level < LEVELS_UP; level++) {
    if (MANIFESTS.some((manifest) => existsSync(path.join(dir, manifest)))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}

/**
 * The plugin folder of `source`: the folder of the manifest above it, for a plugin's file or one
 * named with --settings (a plugin being written); for a plugin's file with no manifest, the folder
 * above its hooks/ (Claude Code's layout). Undefined for every other file.
 */
export function pluginRootOf(source: Pick<HookSource, 'file' | 'scope'>): string | undefined {
  if (source.scope !== 'plugin' && source.scope !== 'given') return undefined;
  return (
    manifestFolderAbove(source.file) ??
    (source.scope === 'plugin' ? path.dirname(path.dirname(source.file)) : undefined)
  );
}
