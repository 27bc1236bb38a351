// Gemini CLI loads a project's hooks (<project>/.gemini/settings.json) only in a folder it trusts:
// with folder trust on (`security.folderTrust.enabled`, on by default), the longest rule of
// ~/.gemini/trustedFolders.json that holds the folder decides, and a DO_NOT_TRUST one disables
// project hooks with no word but a debug line ("Project hooks disabled because the folder is not
// trusted"; 0.61 packages/core hooks/hookRegistry.ts and config/trustedFolders.ts). A folder no
// rule names is not said here: Gemini asks about it at start (and `-p` refuses to run there).
import path from 'node:path';
import { objectAt } from './client-files.js';
import { cannotRunRow } from './cannot-run-row.js';
import type { CannotRun, ReasonCheck } from './cannot-run.js';

type Level = 'TRUST_FOLDER' | 'TRUST_PARENT' | 'DO_NOT_TRUST';

/** The level of the longest rule of `rules` that holds `folder` (TRUST_PARENT counts from the rule's parent), as Gemini CLI 0.61 picks it. */
export function geminiFolderTrust(rules: Readonly<Record<string, unknown>>, folder: string): Level | undefined {
  let longest = -1;
  let level: Level | undefined;
  for (const [rule, value] of Object.entries(rules)) {
    if (value !== 'TRUST_FOLDER' && value !== 'TRUST_PARENT' && value !== 'DO_NOT_TRUST') continue;
    const holder = path.resolve(value === 'TRUST_PARENT' ? path.dirname(rule) : rule);
    const inside = folder === holder || folder.startsWith(holder.endsWith(path.sep) ? holder : holder + path.sep);
    if (inside && rule.length > longest) {
      longest = rule.length;
      level = value;
    }
  }
  return level;
}

/** Gemini CLI project hooks in a folder its trusted-folders file distrusts. */
export const geminiFolderNotTrusted: ReasonCheck = async (entries, files, context) => {
  const userSettings = path.join(context.home, '.gemini', 'settings.json');
  if (objectAt(objectAt(await files.read(userSettings), 'security'), 'folderTrust').enabled === false) return [];
  const trustFile = path.join(context.home, '.gemini', 'trustedFolders.json');
  const rules = await files.read(trustFile);
  return entries.flatMap((entry): CannotRun[] => {
    if (
      entry.client.id !== 'gemini' ||
      entry.file === userSettings ||
      !entry.file.endsWith(path.join('.gemini', 'settings.json'))
    )
      return [];
    const project = path.dirname(path.dirname(entry.file));
    if (geminiFolderTrust(rules, path.resolve(project)) !== 'DO_NOT_TRUST') return [];
    return [
      cannotRunRow(
        entry,
        'untrusted',
        `Gemini CLI does not trust the folder ${project} (DO_NOT_TRUST in ${trustFile}), so it loads none of its project hooks`,
        `trust the folder in Gemini CLI (/permissions), or set it to "TRUST_FOLDER" in ${trustFile}`,
      ),
    ];
  });
};
