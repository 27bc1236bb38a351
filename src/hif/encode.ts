// A HIF manifest in one client's terms (spec §7.2-7.3, validate and encode): each hook on the
// client's own event name, its tools in the client's matcher, its timeout in the client's unit,
// its capabilities degraded by their strategies, and whether it goes in line (hookd sync: the
// client waits for its answer) or behind the asynchronous bridge (hookd emit). Pure: the install
// writes the result, the tests compare it with the spec's vectors. Every loss is a line in `notes`.
import type { ClientProfile } from '../clients/profile.js';
import { blockingBehaviour } from './blocking.js';
import { cannotDecideOn } from '../settings/cannot-decide.js';
import { degrade } from './capabilities.js';
import { splitTargets, type SplitTarget } from './split-events.js';
import { encodeMatcher } from './encode-matcher.js';
import type { HifHook, HifManifest } from './manifest-schema.js';
import { DIALECTS, dialectOf, nativeEvents, timeoutToNative, TOOL_EVENTS } from './vocabulary.js';
import { clientById } from '../clients/registry.js';
import { looksLikeMilliseconds, secondsMeant, secondsSaid } from '../settings/timeout-like-milliseconds.js';

/** One hook as the client's file holds it, before hookd's bridge is put around its command. */
export interface NativeHook {
  /** The hook's index in the manifest, and how lines name it (its name, else "Hook N"). */
  index: number;
  label: string;
  /** The manifest's `name`, kept in install's record so that export gives it back. */
  name?: string;
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
  /** A warm handler (`handler.warm`, hookd's own): in line behind `hookd sync --warm`. */
  warm?: true;
  env?: Readonly<Record<string, string>>;
  cwd?: string;
  /** The client's own `provider_data`, written into the entry as it is. */
  extra?: Readonly<Record<string, unknown>>;
  /** The hook answers in the canonical form (the bridge translates); false: in this client's own terms (`dialect`), handed on as they are. */
  canonical: boolean;
}

export interface Encoded {
  hooks: NativeHook[];
  notes: string[];
}

/** How lines name the hook at `index`. */
export const labelOf = (hook: HifHook, index: number): string => (hook.name ? `"${hook.name}"` : `Hook ${index + 1}`);

// Where a hook lands: one target, or the split events of a client whose tool is in the event's name.
function targetsOf(
  hook: HifHook,
  client: ClientProfile,
  label: string,
  native: string,
  notes: string[],
): SplitTarget[] | { excluded: string } {
  const toolEvent = TOOL_EVENTS.includes(hook.event);
  if (!toolEvent && hook.matcher !== undefined)
    notes.push(`${label}: matcher ignored: ${hook.event} is not a tool event (spec §6)`);
  const dialect = dialectOf(client.id);
  if (dialect.split && (hook.event === 'before_tool_execute' || hook.event === 'after_tool_execute')) {
    const targets = splitTargets(dialect, client.name, hook.event, hook.matcher, label, notes);
    return targets.length
      ? targets
      : { excluded: `${label}: left out of ${client.name}: none of the tools its matcher names exist there` };
  }
  if (!toolEvent) return [{ event: native }];
  const encoded = encodeMatcher(dialect, hook.matcher, label, client.name);
  notes.push(...encoded.notes);
  if (encoded.excluded) return { excluded: encoded.excluded };
  return [{ event: native, ...(encoded.matcher !== undefined ? { matcher: encoded.matcher } : {}) }];
}

// Whether the hook goes in line on `event`, saying so where the manifest's intent cannot be kept. A
// hook that does not say (no `blocking`, no `async`) goes in line where the client reads its answer,
// as the client runs it where hookd is missing (the guarded entry's fallback): behind hookd emit, a
// guard allowed what its fallback blocked (issue 41, 6). Only a command that cannot decide anything
// (a notifier, settings/cannot-decide.ts, install's rule for every hook) goes behind hookd emit then, said.
function inLineOn(
  hook: HifHook,
  client: ClientProfile,
  event: string,
  command: string,
  label: string,
  notes: string[],
): boolean {
  if (hook.handler.async === true) {
    if (hook.blocking === true)
      notes.push(`${label}: async: runs behind hookd emit, so its blocking answer is not read`);
    return false;
  }
  if (hook.blocking === false) return false;
  const fireAndForget = client.fireAndForget.includes(event);
  if (hook.blocking === undefined) {
    if (fireAndForget) return false;
    const why = cannotDecideOn(client, event, command);
    if (why)
      notes.push(
        `${label}: behind hookd emit: it cannot decide (${why}), so the agent does not wait for it; "blocking: true" keeps it in line`,
      );
    return why === undefined;
  }
  if (blockingBehaviour(client.id, hook.event, fireAndForget) === 'observe') {
    notes.push(
      `${label}: blocking intent cannot be honored: ${client.name}'s ${event} only observes${fireAndForget ? ' (it ignores the answer: the hook runs behind hookd emit)' : ''}`,
    );
    return !fireAndForget;
  }
  return true;
}

/**
 * Why a hook that answers in another client's own terms (`dialect`) is left out of `client`, or
 * undefined. Its answers mean nothing there (a Claude Code guard's `hookSpecificOutput` reads as no
 * answer in Gemini CLI) and hookd does not translate them: installed, it would allow what it denies
 * (issue 41, 1). A hook whose answer nobody reads (`blocking: false`, `async`) goes anywhere.
 */
function otherDialect(hook: HifHook, client: ClientProfile, label: string): string | undefined {
  if (hook.dialect === undefined || hook.dialect === dialectOf(client.id).slug) return undefined;
  if (hook.blocking === false || hook.handler.async === true) return undefined;
  const speaker = DIALECTS.find((dialect) => dialect.slug === hook.dialect);
  const name = speaker ? (clientById(speaker.client)?.name ?? hook.dialect) : hook.dialect;
  return `${label}: left out of ${client.name}: it answers in ${name}'s own terms ("dialect": "${hook.dialect}"), which ${client.name} does not read; written in the canonical form it goes to every client (docs/hooks-manifest.md)`;
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
    const foreign = otherDialect(hook, client, label);
    if (foreign) {
      notes.push(foreign);
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
      const inLine = inLineOn(hook, client, target.event, degraded.command, label, notes);
      if (hook.handler.warm && !inLine)
        notes.push(
          `${label}: warm: the client does not wait on it on ${target.event}, so it runs behind hookd emit; warm applies to hooks in line`,
        );
      hooks.push({
        index,
        label,
        ...(hook.name !== undefined && { name: hook.name }),
        canonicalEvent: hook.event,
        event: target.event,
        ...(target.matcher !== undefined ? { matcher: target.matcher } : {}),
        command: degraded.command,
        ...(seconds !== undefined ? { timeout: timeoutToNative(client.id, seconds), timeoutSec: seconds } : {}),
        inLine,
        // A warm handler answers in the canonical form: a hook in a client's own dialect runs as it is.
        ...(hook.handler.warm && inLine && hook.dialect === undefined && { warm: true as const }),
        ...(degraded.env ? { env: degraded.env } : {}),
        ...(degraded.cwd ? { cwd: degraded.cwd } : {}),
        ...(degraded.extra ? { extra: degraded.extra } : {}),
        canonical: hook.dialect === undefined,
      });
    }
  });
  return { hooks, notes };
}
