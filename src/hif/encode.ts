// A HIF manifest in one client's terms (spec §7.2-7.3, validate and encode): each hook on the
// client's own event name, its tools in the client's matcher, its timeout in the client's unit,
// its capabilities degraded by their strategies, and whether it goes in line (hookd sync: the
// client waits for its answer) or behind the asynchronous bridge (hookd emit). Pure: the install
// writes the result, the tests compare it with the spec's vectors. Every loss is a line in `notes`.
import type { ClientProfile } from '../clients/profile.js';
import { blockingBehaviour } from './blocking.js';
import { degrade } from './capabilities.js';
import { cursorTargets, type CursorTarget } from './cursor-split.js';
import { encodeMatcher } from './encode-matcher.js';
import type { HifHook, HifManifest } from './manifest-schema.js';
import { dialectOf, nativeEvents, timeoutToNative, TOOL_EVENTS } from './vocabulary.js';
import { looksLikeMilliseconds, secondsMeant, secondsSaid } from '../settings/timeout-like-milliseconds.js';

/** One hook as the client's file holds it, before hookd's bridge is put around its command. */
export interface NativeHook {
  /** The hook's index in the manifest, and how lines name it (its name, else "Hook N"). */
  index: number;
  label: string;
  canonicalEvent: string;
  event: string;
  matcher?: string;
  command: string;
  /** In the client's unit; absent: the client's default. */
  timeout?: number;
  /** In seconds, as the manifest gave it. */
  timeoutSec?: number;
  /** Runs in line (hookd sync) and the client reads its answer; else behind hookd emit. */
  inLine: boolean;
  env?: Readonly<Record<string, string>>;
  cwd?: string;
  /** The client's own `provider_data`, written into the entry as it is. */
  extra?: Readonly<Record<string, unknown>>;
}

export interface Encoded {
  hooks: NativeHook[];
  notes: string[];
}

/** How lines name the hook at `index`. */
export const labelOf = (hook: HifHook, index: number): string => (hook.name ? `"${hook.name}"` : `Hook ${index + 1}`);

// Where a hook lands: one target, or Cursor's split events.
function targetsOf(
  hook: HifHook,
  client: ClientProfile,
  label: string,
  native: string,
  notes: string[],
): CursorTarget[] | { excluded: string } {
  const toolEvent = TOOL_EVENTS.includes(hook.event);
  if (!toolEvent && hook.matcher !== undefined)
    notes.push(`${label}: matcher ignored: ${hook.event} is not a tool event (spec §6)`);
  if (client.id === 'cursor' && (hook.event === 'before_tool_execute' || hook.event === 'after_tool_execute')) {
    const targets = cursorTargets(hook.event, hook.matcher, label, notes);
    return targets.length
      ? targets
      : { excluded: `${label}: left out of Cursor: none of the tools its matcher names exist there` };
  }
  if (!toolEvent) return [{ event: native }];
  const encoded = encodeMatcher(dialectOf(client.id), hook.matcher, label, client.name);
  notes.push(...encoded.notes);
  if (encoded.excluded) return { excluded: encoded.excluded };
  return [{ event: native, ...(encoded.matcher !== undefined ? { matcher: encoded.matcher } : {}) }];
}

// Whether the hook goes in line on `event`, saying so where the manifest's intent cannot be kept.
function inLineOn(hook: HifHook, client: ClientProfile, event: string, label: string, notes: string[]): boolean {
  const blocking = hook.blocking === true;
  if (hook.handler.async === true) {
    if (blocking) notes.push(`${label}: async: runs behind hookd emit, so its blocking answer is not read`);
    return false;
  }
  if (!blocking) return false;
  const fireAndForget = client.fireAndForget.includes(event);
  if (blockingBehaviour(client.id, hook.event, fireAndForget) === 'observe') {
    notes.push(
      `${label}: blocking intent cannot be honored: ${client.name}'s ${event} only observes${fireAndForget ? ' (it ignores the answer: the hook runs behind hookd emit)' : ''}`,
    );
    return !fireAndForget;
  }
  return true;
}

/** Every hook of `manifest` for `client`; `os` picks a handler's `platform` override. */
export function encodeFor(manifest: HifManifest, client: ClientProfile, os: 'windows' | 'darwin' | 'linux'): Encoded {
  const hooks: NativeHook[] = [];
  const notes: string[] = [];
  manifest.hooks.forEach((hook, index) => {
    const label = labelOf(hook, index);
    const native = nativeEvents(client.id, hook.event)[0];
    if (native === undefined) {
      notes.push(`${label}: left out of ${client.name}: event '${hook.event}' has no ${client.name} equivalent`);
      return;
    }
    const degraded = degrade(hook, client.id, client.name, label, os);
    notes.push(...degraded.notes);
    if (degraded.excluded) {
      notes.push(degraded.excluded);
      return;
    }
    const targets = targetsOf(hook, client, label, native, notes);
    if ('excluded' in targets) {
      notes.push(targets.excluded);
      return;
    }
    const seconds = hook.handler.timeout ? hook.handler.timeout : undefined;
    // A manifest's timeout is seconds: one as large as a count of milliseconds is said (and written as given).
    if (seconds !== undefined && looksLikeMilliseconds(seconds))
      notes.push(
        `${label}: "timeout": ${seconds} is ${secondsSaid(seconds)} (a manifest's timeout is in seconds): it reads like milliseconds; write ${secondsMeant(seconds)} for ${seconds} ms`,
      );
    for (const target of targets) {
      hooks.push({
        index,
        label,
        canonicalEvent: hook.event,
        event: target.event,
        ...(target.matcher !== undefined ? { matcher: target.matcher } : {}),
        command: degraded.command,
        ...(seconds !== undefined ? { timeout: timeoutToNative(client.id, seconds), timeoutSec: seconds } : {}),
        inLine: inLineOn(hook, client, target.event, label, notes),
        ...(degraded.env ? { env: degraded.env } : {}),
        ...(degraded.cwd ? { cwd: degraded.cwd } : {}),
        ...(degraded.extra ? { extra: degraded.extra } : {}),
      });
    }
  });
  return { hooks, notes };
}
