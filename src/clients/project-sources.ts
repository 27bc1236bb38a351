// A project's hook files: those a project directory holds for each client, listed at once for the
// foreground commands, or off the event loop and cut at a bound for the daemon (a cloned repository is
// untrusted input).
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { CLIENTS } from './registry.js';
import type { ClientProfile } from './profile.js';
import { hookFilesIn, sourcesOf, type HookSource } from './hook-source.js';

/** Every project hook file of `clients` in the project at `dir`. */
export function projectSources(dir: string, clients: readonly ClientProfile[] = CLIENTS): HookSource[] {
  return clients.flatMap((client) => sourcesOf(client, dir, client.projectFiles, 'project'));
}

// A project folder's hook files the daemon reads, the first by name: a cloned repository is
// untrusted input, and 20,000 files under .github/hooks/ cost 15.8 s an event (issue 29). Real
// folders hold a handful.
export const MAX_PROJECT_FOLDER_FILES = 100;

/** A project's hook files, and its folders that hold more than MAX_PROJECT_FOLDER_FILES (with how many). */
export interface ProjectListing {
  sources: HookSource[];
  cut: { folder: string; found: number }[];
}

/** projectSources, its folders listed off the event loop and cut at MAX_PROJECT_FOLDER_FILES: the daemon asks on an event's way. */
export async function listProjectSources(
  dir: string,
  clients: readonly ClientProfile[] = CLIENTS,
): Promise<ProjectListing> {
  const folders = clients.flatMap((client) =>
    client.projectFiles.filter((spec) => spec.folder).map((spec) => path.join(dir, spec.path)),
  );
  const cut: ProjectListing['cut'] = [];
  const listed = new Map(
    await Promise.all(
      folders.map(async (folder) => {
        const files = await readdir(folder, { withFileTypes: true }).then(
          (entries) => hookFilesIn(folder, entries),
          () => [],
        );
        if (files.length > MAX_PROJECT_FOLDER_FILES) cut.push({ folder, found: files.length });
        return [folder, files.slice(0, MAX_PROJECT_FOLDER_FILES)] as const;
      }),
    ),
  );
  return {
    sources: clients.flatMap((client) =>
      sourcesOf(client, dir, client.projectFiles, 'project', (folder) => listed.get(folder) ?? []),
    ),
    cut,
  };
}
