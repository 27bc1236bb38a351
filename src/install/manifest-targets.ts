// The files a manifest goes into (`hookd install --hooks`): the settings files install reaches, and,
// for a client whose hooks are files named after events (Cline's), the folder it reads them from.
import path from 'node:path';
import { homedir } from 'node:os';
import { UsageError } from '../common/errors.js';
import { chosenClient, clientsOnMachine } from '../clients/find-sources.js';
import { GENERIC } from '../clients/registry.js';
import type { ClientProfile } from '../clients/profile.js';
import type { HookSource } from '../clients/hook-source.js';
import { installTargetsFor } from './install-targets.js';

/** The files a manifest goes into: one per client (`client`: one or several, comma-separated); in a hook folder (Copilot CLI's), hookd's own file only; for a client whose hooks are files named after events (Cline's), its user folder. */
export function manifestTargets(settings: string | undefined, client: string | undefined): HookSource[] {
  const chosen = (client ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean)
    .map((id) => chosenClient(id)!);
  const onlyScripts = chosen.length > 0 && chosen.every((one) => one.scriptHooks);
  // `--settings DIR --client cline`: that folder.
  if (settings && onlyScripts && chosen.length === 1)
    return [{ file: path.resolve(settings), client: chosen[0]!, scope: 'given' }];
  const others = onlyScripts ? [] : installTargetsFor(settings, client);
  const targets = [
    ...others.filter((target) => (!target.inFolder || target.ownFile) && !target.client.scriptHooks),
    ...(settings ? [] : scriptFolders(chosen.length ? chosen : clientsOnMachine())),
  ];
  const unknown = targets.find((target) => target.client === GENERIC);
  if (unknown)
    throw new UsageError(
      `${unknown.file}: hookd cannot tell which client reads this file, so not in which dialect to write the hooks; name it with --client`,
    );
  return targets;
}

// The folder each client whose hooks are files named after events reads first (Cline's
// ~/.cline/hooks): a manifest's hooks become files there, whether or not it holds any yet.
function scriptFolders(clients: readonly ClientProfile[]): HookSource[] {
  return clients
    .filter((one) => one.scriptHooks)
    .map((one) => ({ file: path.join(homedir(), one.userFiles[0]!.path), client: one, scope: 'user' as const }));
}
