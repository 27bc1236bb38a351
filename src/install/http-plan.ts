// Install and uninstall with `--transport http`: the events Claude Code posts http hooks for get
// http entries (http-swap.ts), those of deciding events answered in line by the hook endpoint; the
// others (SessionStart, Setup) and every other client keep the bridges (plan-edit.ts). Both plans
// are made on the same text, one after the other. A transport posting another way plans the same,
// with its own hook object (`hookFor`).
import path from 'node:path';
import { planInstall, planUninstall, type AddRequest, type Plan, type PlanOptions } from './plan-edit.js';
import { httpHookFor, planHttpInstall, planHttpUninstall, type HookFor } from './http-swap.js';
import { postableFor } from './bridge-plan.js';
import { hookPort } from '../server/hook-port.js';
import type { TransportInput, TransportPlan } from './transports.js';
import type { FileRecord } from './manifest.js';
import type { JsonObject } from '../settings/hook-map.js';
import type { ClientProfile } from '../clients/profile.js';

/** Whether `client` posts http hooks for `event`. */
export function postsHttp(client: ClientProfile, event: string): boolean {
  return client.hookTypes.includes('http') && !client.httpSkippedEvents?.includes(event);
}

/**
 * Install with http entries where the client sends them (and `options.canPost` lets a hook go:
 * it keeps its say over http, answered in line), the bridges elsewhere. `events` undefined: every
 * event of the file.
 */
export function planHttpTransport(
  text: string,
  exists: boolean,
  events: readonly string[] | undefined,
  adds: readonly AddRequest[],
  hookFor: HookFor,
  client: ClientProfile,
  options: PlanOptions & { canPost?: (event: string, hook: JsonObject) => boolean },
): Plan {
  const post = (event: string, hook: JsonObject) =>
    postsHttp(client, event) && (options.canPost?.(event, hook) ?? true);
  const http = planHttpInstall(text, events, hookFor, { layout: options.layout, file: options.file, post });
  const rest = planInstall(http.after, exists, events, adds, options);
  const record: FileRecord = http.swaps.length ? { ...rest.record, httpSwaps: http.swaps } : rest.record;
  return { after: rest.changes.length ? rest.after : http.after, changes: [...http.changes, ...rest.changes], record };
}

/** `--transport http` (transports.ts): http entries to the hook endpoint on the loopback listener's port, and their notes. */
export function httpTransport(input: TransportInput): TransportPlan {
  const { client } = input;
  const port = hookPort(input.tcpPort);
  const hookFor: HookFor = (event, command, timeout) => httpHookFor(port, event, command, timeout);
  const plan = planHttpTransport(input.text, input.exists, input.events, input.adds, hookFor, client, {
    ...input.options,
    canPost: postableFor(client, input.mode),
  });
  return {
    plan,
    notes: httpTransportNotes(client, input.events ?? client.events, path.join(input.stateDir, 'local-token')),
  };
}

/** Uninstall: the http entries install wrote go back to the hooks they were, then the bridge's edits are undone. */
export function planUninstallAll(text: string, record: FileRecord, options: PlanOptions): Plan {
  const http = planHttpUninstall(text, record.httpSwaps ?? [], { layout: options.layout, file: options.file });
  const rest = planUninstall(http.after, record, options);
  return { after: rest.changes.length ? rest.after : http.after, changes: [...http.changes, ...rest.changes], record };
}

/** What `--transport http` says of `client` and the chosen events. */
export function httpTransportNotes(client: ClientProfile, events: readonly string[], tokenFile: string): string[] {
  if (!client.hookTypes.includes('http')) return [`note: ${client.name} has no http hooks: its hooks keep the bridge`];
  const skipped = events.filter((event) => client.httpSkippedEvents?.includes(event));
  const notes = skipped.length
    ? [`note: ${client.name} sends no http hooks for ${skipped.join(', ')}: those keep the bridge`]
    : [];
  return [
    ...notes,
    `note: http hooks need HOOKD_TOKEN in the environment the client starts with: export HOOKD_TOKEN="$(cat '${tokenFile}')" (see docs/http-hooks.md); while the daemon is down they are lost, unless the service holds the port`,
  ];
}
