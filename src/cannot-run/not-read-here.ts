// Hooks in a file, or a shape, that the client does not read (issue 30, item 1): the hooks look
// configured and never run. Two kinds: a file hookd follows but the client skips now (Droid's older
// .factory/hooks/hooks.json beside .factory/hooks.json; a Droid hooks.json shaped {"hooks": …}),
// and a file beside the client's own that people write hooks into and the client never reads.
// Each place below was checked with the real binary (test/clients/not-read-real.test.ts):
// Claude Code 2.1 runs none of ~/.claude/hooks.json, `hooks` in ~/.claude.json, a project's
// .claude/hooks.json or .claude/hooks/hooks.json; Copilot CLI 1.0.102 none of ~/.copilot/hooks.json,
// .github/hooks.json or .github/copilot/hooks.json (even in a trusted folder).
import path from 'node:path';
import { loadSettings } from '../settings/load.js';
import { clientById } from '../clients/registry.js';
import type { ClientProfile } from '../clients/profile.js';
import type { SourceResult } from '../settings/load-sources.js';
import { cannotRunRow } from './cannot-run-row.js';
import type { ClientFiles } from './client-files.js';
import type { CannotRun, CannotRunContext } from './cannot-run.js';

interface StrayPlace {
  client: string;
  scope: 'user' | 'project';
  /** Under HOME or the project. */
  path: string;
  /** Where the client reads hooks instead, for the fix. */
  instead: string;
}

const STRAY: readonly StrayPlace[] = [
  {
    client: 'claude',
    scope: 'user',
    path: '.claude/hooks.json',
    instead: 'the "hooks" key of ~/.claude/settings.json',
  },
  {
    client: 'claude',
    scope: 'user',
    path: '.claude.json',
    instead: 'the "hooks" key of ~/.claude/settings.json (~/.claude.json holds Claude Code\'s state, not settings)',
  },
  {
    client: 'claude',
    scope: 'project',
    path: '.claude/hooks.json',
    instead: 'the "hooks" key of .claude/settings.json (or .claude/settings.local.json) in the project',
  },
  {
    client: 'claude',
    scope: 'project',
    path: '.claude/hooks/hooks.json',
    instead:
      'the "hooks" key of .claude/settings.json in the project (hooks/hooks.json is read only at a plugin\'s root)',
  },
  {
    client: 'copilot',
    scope: 'user',
    path: '.copilot/hooks.json',
    instead: 'a file in the folder ~/.copilot/hooks/ (any *.json there)',
  },
  {
    client: 'copilot',
    scope: 'project',
    path: '.github/hooks.json',
    instead: 'a file in the folder .github/hooks/ of the repository (any *.json there)',
  },
  {
    client: 'copilot',
    scope: 'project',
    path: '.github/copilot/hooks.json',
    instead: 'a file in the folder .github/hooks/ of the repository (any *.json there)',
  },
];

/** The project folder a project source of `client` stands in, from the client's project file specs. */
function projectRootOf(file: string, client: ClientProfile): string | undefined {
  for (const spec of client.projectFiles) {
    const holder = spec.folder ? path.dirname(file) : file;
    if (holder.endsWith(`${path.sep}${spec.path}`)) return holder.slice(0, -spec.path.length - 1);
  }
  return undefined;
}

/** Rows for every hook of `file`, read as `client` would read its own file, with `why` and `fix`. */
async function rowsOf(file: string, client: ClientProfile, why: string, fix: string): Promise<CannotRun[]> {
  const loaded = await loadSettings(file, client);
  if (!loaded.ok) return [];
  return loaded.config.entries.map((entry) => cannotRunRow(entry, 'not-read', why, fix));
}

// Droid's fix for a file it skips: where it reads the same hooks.
function ignoredFix(result: SourceResult): string {
  const { source } = result;
  if (source.unless)
    return `move its events into ${source.unless} (Droid moves them itself when it next saves its hooks, and keeps the old file as hooks/hooks.migrated.json)`;
  return 'move the events to the top level of the file, as {"Stop": [...]}, or under "hooks" in settings.json beside it';
}

/** Hooks in files, or shapes, their client does not read: the followed files it skips now, and the files beside its own that it never reads. */
export async function hooksNotRead(
  loaded: readonly SourceResult[],
  context: CannotRunContext,
  oneFile: boolean,
  files: ClientFiles,
): Promise<CannotRun[]> {
  const skipped = loaded.filter((result) => result.ignored);
  const rows = await Promise.all(
    skipped.map((result) =>
      rowsOf(
        result.source.file,
        result.source.client,
        `${result.source.client.name} does not read this file: ${result.ignored}`,
        ignoredFix(result),
      ),
    ),
  );
  if (oneFile) return rows.flat();
  const projects = new Set(
    loaded
      .filter(({ source }) => source.scope === 'project')
      .flatMap(({ source }) => projectRootOf(source.file, source.client) ?? []),
  );
  const places = STRAY.flatMap((place) =>
    (place.scope === 'user'
      ? [path.join(context.home, place.path)]
      : [...projects].map((root) => path.join(root, place.path))
    ).map((file) => ({ place, file })),
  );
  const stray = await Promise.all(
    places.map(({ place, file }) => {
      files.lookedAt(file);
      const client = clientById(place.client)!;
      return rowsOf(file, client, `${client.name} does not read hooks from ${file}`, `move them to ${place.instead}`);
    }),
  );
  return [...rows, ...stray].flat();
}
