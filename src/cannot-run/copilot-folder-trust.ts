// GitHub Copilot CLI loads a repository's hooks (<project>/.github/hooks/*.json) only in a folder
// the user trusted: one listed in `trustedFolders` of ~/.copilot/config.json ($COPILOT_HOME when
// set; a JSON file with comments, which the client rewrites, turning an older `trusted_folders` into
// `trustedFolders`), written when the user answers its "Do you trust the files in this folder?"
// prompt. `copilot -p` never asks: in a folder not trusted it runs the user's hooks
// and skips the project's with no word. Checked with the 1.0.102 binary
// (test/clients/not-read-real.test.ts): untrusted, a project hook does not run; with the
// folder (or a parent of it) listed, it runs.
import path from 'node:path';
import { cannotRunRow } from './cannot-run-row.js';
import type { CannotRun, ReasonCheck } from './cannot-run.js';

const inside = (folder: string, holder: string) =>
  folder === holder || folder.startsWith(holder.endsWith(path.sep) ? holder : holder + path.sep);

/** Copilot CLI's config file under `home` (or $COPILOT_HOME). */
export const copilotConfigFile = (home: string) =>
  path.join(process.env.COPILOT_HOME ?? path.join(home, '.copilot'), 'config.json');

/** Copilot CLI project hooks in a folder its config does not trust. */
export const copilotFolderNotTrusted: ReasonCheck = async (entries, files, context) => {
  const config = copilotConfigFile(context.home);
  const read = await files.read(config);
  const listed = [read.trustedFolders, read.trusted_folders].flatMap((value) => (Array.isArray(value) ? value : []));
  const trusted = listed
    .filter((folder): folder is string => typeof folder === 'string')
    .map((folder) => path.resolve(folder));
  return entries.flatMap((entry): CannotRun[] => {
    if (
      entry.client.id !== 'copilot' ||
      path.basename(path.dirname(entry.file)) !== 'hooks' ||
      path.basename(path.dirname(path.dirname(entry.file))) !== '.github'
    )
      return [];
    const project = path.dirname(path.dirname(path.dirname(entry.file)));
    if (trusted.some((folder) => inside(path.resolve(project), folder))) return [];
    return [
      cannotRunRow(
        entry,
        'untrusted',
        `GitHub Copilot CLI has not trusted the folder ${project} (it is not in trustedFolders of ${config}), so it loads none of its project hooks; copilot -p never asks, and skips them with no word`,
        `start copilot in ${project} and answer yes to "Do you trust the files in this folder?", or add "${project}" to trustedFolders in ${config}`,
      ),
    ];
  });
};
