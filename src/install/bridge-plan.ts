// Install's routes (route-hooks.ts) as what install writes and says: the bridge entry each hook
// gets, the hooks it leaves to the client with the reason, and a warning for each deciding hook
// moved behind the asynchronous bridge (it loses its say).
import { runsUnheard } from '../settings/unheard.js';
import { formatPath } from '../common/format-issues.js';
import { readDocument } from './edit-document.js';
import { eventsOf, findHookMap, hooksOf, type JsonObject } from '../settings/hook-map.js';
import { classifyCommand } from '../settings/classify-command.js';
import { FALLBACK_GUARD } from '../settings/fallback-entry.js';
import { GENERIC } from '../clients/registry.js';
import { EMIT_OPTIONS } from '../clients/bridge-options.js';
import { UsageError } from '../common/errors.js';
import { commandKey, decides, routeHook, syncTimeoutSec, type InstallMode, type Route } from './route-hooks.js';
import { syncCommand, syncOptions, wrapCommand } from './quote-command.js';
import { windowsEntry, type WindowsProgram } from '../settings/windows-entry.js';
import { asRunOnWindows, windowsKeys } from './windows-install.js';
import { shellQuote } from '../common/shell-word.js';
import type { ClientProfile } from '../clients/profile.js';

/** The command install writes for one hook of `event` in `client`'s file, or undefined to leave it. */
export function wrapperFor(
  client: ClientProfile,
  mode: InstallMode,
  bridgeOptions: readonly string[],
  windows?: WindowsProgram,
): (event: string, hook: JsonObject, at: string, key?: string) => string | undefined {
  return (event, hook, at, key = commandKey(client, hook)) => {
    // On Windows the shell the client runs this command in (windows-install.ts); PowerShell is hookd's to run there too.
    const shell = windows && windowsKeys(client, hook, commandKey(client, hook)).find((one) => one.key === key)?.shell;
    if (windows && !shell) return undefined;
    const routed = windows ? asRunOnWindows(client, hook, commandKey(client, hook)) : hook;
    const route = routeHook(client, event, routed, mode, at);
    if (route.to === 'upgrade') return windows ? undefined : route.entry;
    // A payload that does not name its event (Copilot CLI's camelCase ones): the entry names it.
    const emitOptions = [
      ...bridgeOptions,
      ...(client.unnamedEvents?.includes(event) ? [EMIT_OPTIONS.event.flag, event] : []),
    ];
    if (route.to === 'emit')
      return shell
        ? windowsEntry(shell, 'emit', emitOptions, route.command, windows!)
        : wrapCommand(route.command, emitOptions);
    if (route.to !== 'sync') return undefined;
    const wrap = {
      event,
      timeoutSec: syncTimeoutSec(client, hook),
      bridgeOptions,
      ...(client !== GENERIC && { client: client.id }),
    };
    return shell
      ? windowsEntry(shell, 'sync', syncOptions(wrap), route.command, windows!)
      : syncCommand(route.command, wrap);
  };
}

/** Whether `--transport http` may turn `hook` into an http entry: a plain command that keeps its say (or has none to lose). */
export function postableFor(client: ClientProfile, mode: InstallMode): (event: string, hook: JsonObject) => boolean {
  return (event, hook) => {
    const route = routeHook(client, event, hook, mode);
    const command = hook[commandKey(client, hook)];
    // One that cannot decide keeps hookd emit: posted on a deciding event, hookd would answer it in line and the agent would wait.
    return (
      (route.to === 'sync' || (route.to === 'emit' && !route.losesSay && !route.cannotDecide)) &&
      typeof command === 'string' &&
      classifyCommand(command).kind === 'plain'
    );
  };
}

/** Every hook of the file with its route, in file order. */
export function routesOf(
  text: string,
  file: string,
  client: ClientProfile,
  mode: InstallMode,
  windows = false,
): { event: string; at: string; hook: JsonObject; route: Route }[] {
  const doc = readDocument(text, file);
  const ref = findHookMap(doc.data, client === GENERIC ? undefined : client.layout);
  return eventsOf(ref).flatMap((event) =>
    hooksOf(ref, event).map(({ hook, path }) => {
      const at = formatPath(path);
      const routed = windows ? asRunOnWindows(client, hook, commandKey(client, hook)) : hook;
      return { event, at, hook: routed, route: routeHook(client, event, routed, mode, at) };
    }),
  );
}

/** What install says of the hooks it leaves to the client, and of the deciding hooks it moves behind hookd emit. */
export function routeNotes(
  text: string,
  file: string,
  client: ClientProfile,
  mode: InstallMode,
  windows = false,
): string[] {
  return routesOf(text, file, client, mode, windows).flatMap(({ event, at, hook, route }) => {
    const label =
      typeof hook[commandKey(client, hook)] === 'string'
        ? hook[commandKey(client, hook)]
        : typeof hook.type === 'string'
          ? hook.type
          : 'hook';
    if (route.to === 'leave' && route.why) return [`left alone: ${at} (${String(label)}): ${route.why}`];
    if (route.to === 'through' && route.bare) {
      return [
        `note: ${at} (${String(label)}) is a bridge entry without the fallback: a client that finds no hookd on its PATH fails it with exit 127, a non-blocking error (install writes "${FALLBACK_GUARD}…; CMD": docs/bridges.md)`,
      ];
    }
    if (route.to === 'emit' && route.cannotDecide) {
      return [
        `behind hookd emit: ${at} (${route.command}) cannot decide: ${route.cannotDecide}, so the agent no longer waits for it; hookd install --sync ${shellQuote(route.command)} keeps it in line (docs/bridges.md)`,
      ];
    }
    if (route.to === 'emit' && route.losesSay) {
      return [
        `warning: ${at} (${route.command}) goes behind hookd emit as asked: ${client.name} reads the answer of ${event} hooks, and behind the asynchronous bridge it always sees success with nothing to say`,
      ];
    }
    return [];
  });
}

/**
 * Refuse a command of --async or --sync that no hook the client waits on runs (or would wait on,
 * were it not for cannot-decide.ts), in any of `files`: a typo would otherwise change nothing,
 * silently. One already behind either bridge counts (run again, it is nothing to change).
 */
export function checkNamedCommands(
  files: readonly { exists: boolean; text: string; target: string; client: ClientProfile }[],
  commands: readonly string[],
  flag: '--async' | '--sync',
): void {
  if (commands.length === 0) return;
  const mode: InstallMode = { asyncOnly: false, events: undefined, asyncCommands: [] };
  const deciding = new Set<string>();
  for (const file of files.filter((one) => one.exists)) {
    for (const { event, hook, route } of routesOf(file.text, file.target, file.client, mode)) {
      const written = hook[commandKey(file.client, hook)];
      const classified = typeof written === 'string' ? classifyCommand(written) : undefined;
      if (route.to === 'sync' || (route.to === 'emit' && route.cannotDecide)) deciding.add(route.command);
      else if (classified && classified.kind !== 'plain' && decides(file.client, event) && !runsUnheard(hook))
        deciding.add(classified.inner);
    }
  }
  const unknown = commands.filter((command) => !deciding.has(command));
  if (unknown.length === 0) return;
  const known = [...deciding].map((command) => JSON.stringify(command)).join(', ');
  throw new UsageError(
    `${flag}: no hook the client waits on runs ${unknown.map((command) => JSON.stringify(command)).join(', ')}; ${known ? `those that do: ${known}` : 'the files have none'}`,
  );
}
