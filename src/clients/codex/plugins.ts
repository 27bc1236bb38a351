// Which hook files Codex reads from its installed plugins, found as its plugin loader finds them
// (codex-rs core-plugins: store.rs, loader.rs): plugins sit in <home>/.codex/plugins/cache/
// <marketplace>/<plugin>/<version>/, and only one version of each is active ("local" when present,
// else the last by name). Its manifest (.codex-plugin/plugin.json, or .claude-plugin/plugin.json)
// may name its hook files under `hooks` ("./…" paths, one or a list); with no `hooks` key the
// loader reads hooks/hooks.json. Hooks written inline in the manifest are not a file hookd can read.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const MANIFESTS = ['.codex-plugin/plugin.json', '.claude-plugin/plugin.json'];
const DEFAULT_HOOKS = 'hooks/hooks.json';

function folders(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}

// The version Codex loads (store.rs active_plugin_version).
function activeVersion(pluginDir: string): string | undefined {
  const versions = folders(pluginDir);
  return versions.includes('local') ? 'local' : versions.at(-1);
}

// The files the manifest names under `hooks`, or undefined when it names none (the default applies).
function manifestHookFiles(root: string): string[] | undefined {
  const manifest = MANIFESTS.map((name) => path.join(root, name)).find((file) => existsSync(file));
  if (!manifest) return undefined;
  let hooks: unknown;
  try {
    hooks = (JSON.parse(readFileSync(manifest, 'utf8')) as { hooks?: unknown }).hooks;
  } catch {
    return undefined;
  }
  if (hooks === undefined || hooks === null) return undefined;
  const named = (Array.isArray(hooks) ? hooks : [hooks]).filter((entry): entry is string => typeof entry === 'string');
  // Paths must start with ./ and stay inside the plugin (manifest.rs resolve_manifest_path).
  return named
    .filter((entry) => entry.startsWith('./') && !entry.split('/').includes('..'))
    .map((entry) => path.join(root, entry.slice(2)));
}

/** The hook files of the active version of every Codex plugin installed under `home`. */
export function codexPluginHookFiles(home: string): string[] {
  const cache = path.join(home, '.codex', 'plugins', 'cache');
  return folders(cache).flatMap((marketplace) =>
    folders(path.join(cache, marketplace)).flatMap((plugin) => {
      const pluginDir = path.join(cache, marketplace, plugin);
      const version = activeVersion(pluginDir);
      if (!version) return [];
      const root = path.join(pluginDir, version);
      return (manifestHookFiles(root) ?? [path.join(root, DEFAULT_HOOKS)]).filter((file) => existsSync(file));
    }),
  );
}
