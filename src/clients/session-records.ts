// The sessions a client keeps its own record of, so that hookd can tell "the client ran a session"
// from "no hook ran in it". Claude Code writes one transcript per session,
// ~/.claude/projects/<folder>/<session id>.jsonl, the id being the payloads' session_id. (Codex's
// and Droid's session records are not read yet.)
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** A session the client recorded: its id, the client, and when its record last changed (ms). */
export interface RecordedSession {
  client: string;
  session: string;
  at: number;
  record: string;
}

// The newest sessions looked at: a hook that stopped firing matters lately, not a year ago.
const NEWEST = 200;

/** Claude Code's recorded sessions under `home`, newest first. */
export async function claudeSessions(home: string): Promise<RecordedSession[]> {
  const root = path.join(home, '.claude', 'projects');
  const folders = await readdir(root, { withFileTypes: true }).catch(() => []);
  const found = await Promise.all(
    folders
      .filter((folder) => folder.isDirectory())
      .map(async (folder) => {
        const dir = path.join(root, folder.name);
        const files = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.jsonl'));
        return Promise.all(files.map(async (name) => ({ client: 'claude', session: name.slice(0, -'.jsonl'.length), at: (await stat(path.join(dir, name)).catch(() => undefined))?.mtimeMs ?? 0, record: path.join(dir, name) })));
      }),
  );
  return found.flat().sort((a, b) => b.at - a.at).slice(0, NEWEST);
}
