// Droid moves the older .factory/hooks/hooks.json into .factory/hooks.json when it saves its hooks
// (archiving the old file as hooks/hooks.migrated.json; CLIENTS.md). A file install wrapped there is
// then gone, and its wrapped entries live on in hooks.json: uninstall undoes them there, by the same
// record (the entries are found by their wrapped commands, wherever they stand).
import path from 'node:path';

const OLDER = path.join('.factory', 'hooks', 'hooks.json');

/** The file Droid migrates `target` into, when `target` is its older hooks/hooks.json. */
export function droidMigratedFile(target: string): string | undefined {
  return target.endsWith(`${path.sep}${OLDER}`)
    ? path.join(path.dirname(path.dirname(target)), 'hooks.json')
    : undefined;
}
