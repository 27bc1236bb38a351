// Which project a run belongs to, for the session view (issue 25): the client's project directory
// when the bridge carried one (CLAUDE_PROJECT_DIR, GEMINI_PROJECT_DIR … : the project's root, where
// the payload's `cwd` may be a folder inside it), else the payload's `cwd`, else where the client
// ran the bridge. One rule for runs in line and runs the daemon made.
import { BRIDGE_NOTES } from './client-env.js';

/** The project of a run whose record carried `clientEnv` and whose payload named `cwd`; undefined when nothing says. */
export function projectOf(clientEnv: Readonly<Record<string, string>>, cwd: string | undefined): string | undefined {
  const dir = Object.entries(clientEnv).find(([name, value]) => name.endsWith('_PROJECT_DIR') && value !== '')?.[1];
  return dir ?? (cwd || undefined) ?? (clientEnv[BRIDGE_NOTES.cwd] || undefined);
}
