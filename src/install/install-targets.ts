// The files install edits: the one given, else for each chosen client (or every client found on
// this machine) the user file the client reads now: for Droid hooks.json, else settings.json;
// when it has none yet, the first file the client would read in the shape install writes.
import { chosenClient, clientsOnMachine, givenSource, isInEffect, isShadowed, noClientFound, userSources, type HookSource } from '../clients/find-sources.js';

/** The file to edit for each client. */
export function installTargets(settings: string | undefined, clientId: string | undefined): HookSource[] {
  if (settings) return [givenSource(settings, clientId)];
  const chosen = chosenClient(clientId);
  const clients = chosen ? [chosen] : clientsOnMachine();
  if (clients.length === 0) throw noClientFound();
  return clients.map((client) => {
    const sources = userSources([client]);
    // A new file is never one the client reads only as a bare map (Droid's hooks.json): install writes `{"hooks": …}`.
    // Never a file install only reads (Codex's config.toml).
    const writable = sources.filter((source) => !source.readOnly);
    return writable.find(isInEffect) ?? writable.find((source) => !isShadowed(source) && !source.bareMapOnly) ?? writable[0]!;
  });
}
