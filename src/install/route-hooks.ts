// Where `hookd install` puts each hook of a client's file (issue 19): a hook whose result the
// client ignores goes behind the asynchronous bridge (`hookd emit`: the agent never waits); a hook
// the client reads the answer of goes behind the synchronous bridge (`hookd sync`: run in line,
// its answer handed back unchanged), except one that cannot decide anything (settings/cannot-decide.ts:
// a notifier, a sound, a log line; issue 30), which goes behind hookd emit unless `--sync CMD` names
// it; a hook hookd cannot run as the client would stays the client's, with the reason. `--async-only` keeps the behaviour before issue 19 (only the first
// kind is wrapped); `--async CMD` moves a deciding hook behind the asynchronous bridge, by name
// only: it then loses its say, and hookd never does that on its own. An entry an older install put
// behind a bridge without the fallback (settings/fallback-entry.ts) is upgraded to the guarded form,
// and a guard it wrote as `hookd guard NAME` to the command that needs no hookd (older-guards.ts);
// one written by hand that way is left as it is, with a note.
import { runsUnheard } from '../settings/unheard.js';
import { classifyCommand, type ClassifiedCommand } from '../settings/classify-command.js';
import { withFallback } from '../settings/fallback-entry.js';
import { postingOf, postsWith } from '../settings/entry-kinds.js';
import { timeoutMsOf } from '../settings/config.js';
import { keysOf, readHook } from '../settings/read-hook.js';
import { cannotDecideOn } from '../settings/cannot-decide.js';
import type { JsonObject } from '../settings/hook-map.js';
import { isDroppedAt } from '../settings/drop-invalid.js';
import type { ClientProfile } from '../clients/profile.js';
import { upgradedGuardEntry } from './older-guards.js';

/** What the user asked install for. */
export interface InstallMode {
  /** --async-only: only hooks of events the client ignores go through hookd (behind hookd emit). */
  asyncOnly: boolean;
  /** --events: the events install touches; every event of the file when absent. */
  events: readonly string[] | undefined;
  /** --async: the commands of deciding hooks to move behind the asynchronous bridge. */
  asyncCommands: readonly string[];
  /** --sync: the commands of hooks that cannot decide (cannot-decide.ts) to keep behind the synchronous bridge all the same. */
  syncCommands?: readonly string[];
  /**
   * The entries an earlier install wrote into this file (its record): those it wrote bare are
   * upgraded to the guarded form. One the user wrote by hand is theirs: install only says so.
   */
  installed?: readonly string[];
  /** The guard entries an earlier install added (its record): one that runs `hookd guard NAME` is upgraded (older-guards.ts). */
  guardEntries?: readonly string[];
  /** Where the file holds what its client skips, running the rest (settings/drop-invalid.ts): install leaves those as they are. */
  droppedAt?: readonly string[];
}

/** Where one hook goes: behind a bridge (its command, the one that runs), nowhere new, or left to the client and why. */
export type Route =
  /** `cannotDecide`: a hook of a deciding event put behind hookd emit because it cannot decide, and why (cannot-decide.ts). */
  | { to: 'emit' | 'sync'; command: string; losesSay: boolean; cannotDecide?: string }
  /** `bare`: a bridge entry written by hand without the fallback, which fails where hookd is missing. */
  | { to: 'through'; bare?: boolean }
  | { to: 'leave'; why?: string }
  /** A bridge entry without the fallback (issue 29), and the guarded entry it becomes: the same bridge line, then its CMD. */
  | { to: 'upgrade'; entry: string };

/** The key under which `hook`, one of `client`'s, holds its command (`command`; Copilot CLI's `bash`, or `command` when the entry uses that). */
export const commandKey = (client: ClientProfile, hook: JsonObject): string => keysOf(client, hook).command;

/** Whether `client` reads the answer of its `event` hooks. */
export const decides = (client: ClientProfile, event: string): boolean => !client.fireAndForget.includes(event);

// A hook hookd cannot put a bridge in front of, and why; undefined when it can. What hookd cannot
// run at all (PowerShell only) is read-hook.ts's to say.
function unwrappable(client: ClientProfile, event: string, hook: JsonObject): string | undefined {
  const type = typeof hook.type === 'string' ? hook.type : 'command';
  if (postsWith(type))
    return postingOf(type, hook.url)
      ? undefined
      : `an "${type}" hook to another server, which ${client.name} sends itself`;
  if (type !== 'command') return `a "${type}" hook, which ${client.name} runs itself`;
  const unrunnable = readHook(hook, event, '', undefined, client).unrunnable;
  if (unrunnable) return unrunnable;
  if (typeof hook[commandKey(client, hook)] !== 'string') return `no "${commandKey(client, hook)}" to run`;
  // hookd runs command and args as one quoted line; the client's entry keeps its args beside a rewritten command.
  if (client.execArgs && Array.isArray(hook.args))
    return `${client.name} runs it as a program with "args", without a shell; a bridge in front would change how its arguments are read`;
  return undefined;
}

// An event not chosen, or a deciding hook under --async-only: left alone, saying how to change that.
function notChosen(client: ClientProfile, event: string, mode: InstallMode): Route {
  if (mode.events && !mode.events.includes(event)) return { to: 'leave' };
  return {
    to: 'leave',
    why: `${client.name} reads the result of ${event} hooks; without --async-only, hookd install runs them through hookd in line (hookd sync); --events ${event} puts them behind hookd emit, where they lose their say`,
  };
}

// A bare bridge entry written as install writes them (`hookd` found on PATH, CMD one word): the
// guarded form runs exactly that CMD where hookd is missing. Any other (a path to hookd, which needs
// no PATH; CMD in unquoted words the client's shell would expand) stays as the user wrote it.
function guardedForm(command: string, classified: ClassifiedCommand): string | undefined {
  if (classified.kind === 'plain' || classified.fallback || classified.program !== 'hookd') return undefined;
  if (classified.unquotedShellSyntax || classified.badOption || classified.inner === '') return undefined;
  return withFallback(command.trim(), classified.inner);
}

/** Where `hook`, a hook of `event` at `at` in `client`'s file, goes under `mode`. */
export function routeHook(
  client: ClientProfile,
  event: string,
  hook: JsonObject,
  mode: InstallMode,
  at?: string,
): Route {
  // The client skips it: install says so once, with the reason (the file's warning), and leaves it.
  if (at !== undefined && mode.droppedAt && isDroppedAt(at, mode.droppedAt)) return { to: 'leave' };
  const why = unwrappable(client, event, hook);
  if (why) return { to: 'leave', why };
  if (postsWith(hook.type)) return { to: 'through' };
  const command = hook[commandKey(client, hook)] as string;
  const classified = classifyCommand(command);
  const named = (run: string) => mode.asyncCommands.includes(run);
  const chosen = !mode.events || mode.events.includes(event);
  const inLine = (run: string) => mode.syncCommands?.includes(run) === true;
  if (classified.kind === 'sync' && named(classified.inner))
    return { to: 'emit', command: classified.inner, losesSay: true };
  // Put behind hookd emit by an earlier install as unable to decide; --sync brings it back in line.
  if (classified.kind === 'bridge' && inLine(classified.inner) && decides(client, event) && !runsUnheard(hook))
    return { to: 'sync', command: classified.inner, losesSay: false };
  const guardEntry = chosen ? upgradedGuardEntry(command, classified, mode.guardEntries) : undefined;
  if (guardEntry) return { to: 'upgrade', entry: guardEntry };
  if (classified.kind !== 'plain') {
    const guarded = guardedForm(command, classified);
    if (guarded && chosen && mode.installed?.includes(command)) return { to: 'upgrade', entry: guarded };
    return guarded ? { to: 'through', bare: true } : { to: 'through' };
  }
  // Claude Code runs an `async: true` hook in the background and reads nothing of it (unless `asyncRewake`).
  if (!decides(client, event) || runsUnheard(hook))
    return chosen ? { to: 'emit', command, losesSay: false } : notChosen(client, event, mode);
  if (named(command)) return { to: 'emit', command, losesSay: true };
  if (mode.asyncOnly)
    return chosen && mode.events ? { to: 'emit', command, losesSay: true } : notChosen(client, event, mode);
  if (!chosen) return notChosen(client, event, mode);
  return quietRoute(client, event, command, inLine(command)) ?? { to: 'sync', command, losesSay: false };
}

// A hook of a deciding event that cannot decide goes behind hookd emit, unless --sync names it.
function quietRoute(client: ClientProfile, event: string, command: string, keptInLine: boolean): Route | undefined {
  const why = keptInLine ? undefined : cannotDecideOn(client, event, command);
  return why ? { to: 'emit', command, losesSay: false, cannotDecide: why } : undefined;
}

/** The seconds `hookd sync --timeout` gets for `hook`: its timeout read in the client's unit, else the client's default. */
export function syncTimeoutSec(client: ClientProfile, hook: JsonObject): number {
  const written = hook[keysOf(client, hook).timeout];
  return timeoutMsOf(typeof written === 'number' ? written : undefined, client) / 1000;
}
