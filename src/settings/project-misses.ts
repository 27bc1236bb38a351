// Commands that no hook file of a project names, remembered per (project, client, event, command),
// so that the events of such a command (most of them: the bridge's own entries are in the followed
// files) do not list and stat every file of the project again (issue 29: every file re-read per
// event). A miss holds while the project's layout stamp is unchanged: the own stat of each project
// file and folder of the clients, a few stats whatever the folders hold. A folder's stat changes
// when a file in it is added, removed or replaced (an editor's save, a checkout), not when one is
// edited in place: such an edit is seen once the miss expires, after MISS_MS. Until then a command
// only that edit names runs with the default timeout, as it did before the edit.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { ClientProfile } from '../clients/profile.js';

const MISS_MS = 30_000;
// Bounded: a long-running daemon sees many projects and commands.
const MAX_MISSES = 4096;

/** The layout stamp of the project at `dir` for `clients`: its project files' and folders' own stats. */
export async function layoutStamp(dir: string, clients: readonly ClientProfile[]): Promise<string> {
  const paths = [...new Set(clients.flatMap((client) => client.projectFiles.map((spec) => path.join(dir, spec.path))))];
  const stamps = await Promise.all(
    paths.map((file) =>
      stat(file).then(
        (info) => `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}`,
        (error: NodeJS.ErrnoException) => String(error.code),
      ),
    ),
  );
  return stamps.join('|');
}

/** The (project, command) lookups that found nothing, while the project's layout stays as it was. */
export class ProjectMisses {
  private readonly misses = new Map<string, { stamp: string; until: number }>();

  /** Whether the lookup `key` found nothing under this `stamp`, a short while ago. */
  holds(key: string, stamp: string): boolean {
    const miss = this.misses.get(key);
    if (miss && miss.stamp === stamp && Date.now() < miss.until) return true;
    this.misses.delete(key);
    return false;
  }

  /** Remember that the lookup `key` found nothing under `stamp`. */
  add(key: string, stamp: string): void {
    if (this.misses.size >= MAX_MISSES) this.misses.delete(this.misses.keys().next().value!);
    this.misses.set(key, { stamp, until: Date.now() + MISS_MS });
  }
}
