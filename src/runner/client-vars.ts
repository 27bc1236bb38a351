// The variables a client sets for a hook it runs, from its profile (clients/*.ts: hookVariables):
// its project directory, its plugin's folder, its session. `hookd run` sets them so that a hook
// runs as under its client: a project hook that calls "$CLAUDE_PROJECT_DIR"/.claude/hooks/x.py
// finds its script, rather than failing to start (or, for python, exiting 2: a false block).
import type { ClientProfile } from '../clients/profile.js';

/** Where and for whom a hook runs. */
export interface HookPlace {
  projectDir: string;
  /** The payload's `cwd`, when it names one. */
  cwd?: string | undefined;
  /** The folder of the plugin whose file names the hook, when it is a plugin's (clients/plugin-root.ts). */
  pluginRoot?: string | undefined;
  /** The session's id, from the payload. */
  sessionId?: string | undefined;
  /** The folder of the file that names the hook. */
  hookDir?: string | undefined;
}

/** The variables `client` sets for a hook run at `place`. */
export function clientVariables(client: ClientProfile, place: HookPlace): Record<string, string> {
  const { projectDir, sessionId, cwd, pluginRoot, hookDir, fixed } = client.hookVariables;
  const vars: Record<string, string> = { ...fixed };
  const set = (names: readonly string[] | undefined, value: string | undefined) => {
    if (value !== undefined) for (const name of names ?? []) vars[name] = value;
  };
  set(projectDir, place.projectDir);
  set(cwd, place.cwd ?? place.projectDir);
  set(sessionId, place.sessionId);
  set(pluginRoot, place.pluginRoot);
  set(hookDir, place.hookDir);
  return vars;
}
