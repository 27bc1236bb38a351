// The files install edits: the one given, else for each chosen client (or every client found on
// this machine) the user file the client reads now: for Droid hooks.json, else settings.json;
// when it has none yet, the first file the client would read.
import { existsSync } from 'node:fs';
import { chosenClient, clientsOnMachine, givenSource, isInEffect, userSources, whereClientsLive, type HookSource } from '../clients/find-sources.js';
import { UsageError } from '../common/errors.js';

/** The file to edit for each client. */
export function installTargets(settings: string | undefined, clientId: string | undefined): HookSource[] {
  if (settings) return [givenSource(settings, clientId)];
  const chosen = chosenClient(clientId);
  const clients = chosen ? [chosen] : clientsOnMachine();
  if (clients.length === 0) {
    throw new UsageError(`no agent client found on this machine (looked for ${whereClientsLive()}); name a file with --settings FILE or a client with --client NAME`);
  }
  return clients.map((client) => {
    const sources = userSources([client]);
    return sources.find(isInEffect) ?? sources.find((source) => !source.unless || !existsSync(source.unless)) ?? sources[0]!;
  });
}
