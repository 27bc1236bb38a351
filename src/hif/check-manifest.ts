// What install checks of a manifest beyond the spec's schema, so that no hook stops guarding without
// a word (issue 41, 6): an event no client has (`agent_stopp`) and a tool name no client has (`shel`)
// are refused with the name meant ("did you mean"), where the spec would let them install nowhere;
// a script the command runs that is not there is refused; the scripts named relative to the manifest
// are made absolute (resolve-scripts.ts). Refused: every located issue, and nothing written.
import { homedir } from 'node:os';
import path from 'node:path';
import { CLIENTS } from '../clients/registry.js';
import { suggestEvent } from '../settings/suggest-event.js';
import type { HifHook, HifManifest, HifSingleMatcher } from './manifest-schema.js';
import { resolveScripts } from './resolve-scripts.js';
import { CANONICAL_TOOLS, DIALECTS } from './vocabulary.js';
import { platformKey } from './capabilities.js';
import { encodeFor, labelOf } from './encode.js';
import type { ClientProfile } from '../clients/profile.js';

/** Every canonical event some client has. */
const KNOWN_EVENTS = new Set(DIALECTS.flatMap((dialect) => Object.keys(dialect.events)));

/** Every tool name a matcher may give as it is: the canonical ones, and each client's own as hookd knows them. */
const KNOWN_TOOLS = new Set<string>([
  ...CANONICAL_TOOLS,
  ...DIALECTS.flatMap((dialect) => [...Object.values(dialect.tools), ...Object.keys(dialect.toolAliases ?? {})]),
  ...CLIENTS.flatMap((client) => [
    ...(client.tools?.names ?? []),
    ...Object.values(client.tools?.aliases ?? {}).flat(),
  ]),
]);

// A client's own event name written for a canonical one (`pre_tool_use`, `PreToolUse`): the canonical event it is.
function canonicalFor(name: string): string | undefined {
  const bare = name.replace(/_/g, '').toLowerCase();
  for (const dialect of DIALECTS)
    for (const [event, natives] of Object.entries(dialect.events))
      if (natives.some((native) => native.toLowerCase() === bare)) return event;
  return undefined;
}

function eventIssue(hook: HifHook): string | undefined {
  if (KNOWN_EVENTS.has(hook.event)) return undefined;
  const meant = suggestEvent(hook.event, KNOWN_EVENTS) ?? canonicalFor(hook.event);
  return `"${hook.event}" is an event no client has, so the hook would be installed nowhere${meant ? ` (did you mean "${meant}"?)` : ''}; docs/hooks-manifest.md lists the events`;
}

function matcherIssues(hook: HifHook, at: string): string[] {
  if (hook.matcher === undefined) return [];
  const list: HifSingleMatcher[] = Array.isArray(hook.matcher) ? hook.matcher : [hook.matcher];
  return list.flatMap((single, index) => {
    if (typeof single !== 'string' || KNOWN_TOOLS.has(single)) return [];
    const meant = suggestEvent(single, CANONICAL_TOOLS) ?? suggestEvent(single, KNOWN_TOOLS);
    const where = Array.isArray(hook.matcher) ? `${at}.matcher[${index}]` : `${at}.matcher`;
    return [
      `${where}: "${single}" is a tool no client has, so the hook would guard nothing${meant ? ` (did you mean "${meant}"?)` : ''}; a canonical tool (${CANONICAL_TOOLS.join(', ')}), or {"pattern": …} for a client's own names`,
    ];
  });
}

/** The manifest with its scripts found and made absolute, or every located reason it cannot be installed as it is. */
export function checkManifest(
  manifest: HifManifest,
  file: string,
  home = homedir(),
  os = platformKey(),
): { ok: true; manifest: HifManifest } | { ok: false; issues: string[] } {
  const issues: string[] = [];
  const dir = path.dirname(path.resolve(file));
  const hooks = manifest.hooks.map((hook, index) => {
    const at = `hooks[${index}]`;
    const event = eventIssue(hook);
    if (event) issues.push(`${file}: ${at}.event: ${event}`);
    issues.push(...matcherIssues(hook, at).map((issue) => `${file}: ${issue}`));
    const slugs = DIALECTS.map((dialect) => dialect.slug);
    if (hook.dialect !== undefined && !slugs.includes(hook.dialect)) {
      const meant = suggestEvent(hook.dialect, slugs);
      issues.push(
        `${file}: ${at}.dialect: "${hook.dialect}" is no client hookd knows${meant ? ` (did you mean "${meant}"?)` : ''}; one of ${slugs.join(', ')}, or none for a hook in the canonical form`,
      );
    }
    if (hook.handler.type !== 'command') return hook;
    // The command this machine runs (its platform override wins) is checked; each is made absolute.
    const resolve = (command: string, where: string, check: boolean) => {
      const resolved = resolveScripts(command, dir, home);
      if (check)
        for (const gone of resolved.missing)
          issues.push(
            `${file}: ${at}.${where}: ${gone.written} is not there (looked for ${gone.looked}): installed, the hook would run nothing; fix the path, or create the script first`,
          );
      return resolved.command;
    };
    const own = hook.handler.platform?.[os];
    const command = hook.handler.command && resolve(hook.handler.command, 'handler.command', own === undefined);
    const platform = hook.handler.platform && {
      ...hook.handler.platform,
      ...(own !== undefined && { [os]: resolve(own, `handler.platform.${os}`, true) }),
    };
    return {
      ...hook,
      handler: { ...hook.handler, ...(command !== undefined && { command }), ...(platform && { platform }) },
    };
  });
  return issues.length ? { ok: false, issues } : { ok: true, manifest: { ...manifest, hooks } };
}

/**
 * A line for each hook of `manifest` that none of `clients` can take (an event none of them has, a
 * matcher none of their tools answers to), with each client's reason: installed, it would guard
 * nothing, and install used to end with exit 0 (issue 41, 6).
 */
export function hooksPlacedNowhere(manifest: HifManifest, clients: readonly ClientProfile[], file: string): string[] {
  const placed = new Set<number>();
  const why = new Map<number, Set<string>>();
  for (const client of clients) {
    const encoded = encodeFor(manifest, client, platformKey());
    for (const hook of encoded.hooks) placed.add(hook.index);
    manifest.hooks.forEach((hook, index) => {
      const reasons = why.get(index) ?? new Set();
      for (const note of encoded.notes) if (note.startsWith(`${labelOf(hook, index)}: left out`)) reasons.add(note);
      why.set(index, reasons);
    });
  }
  return manifest.hooks.flatMap((hook, index) =>
    placed.has(index)
      ? []
      : [
          `${file}: hooks[${index}] (${labelOf(hook, index)}): would be installed in no client here, so it would guard nothing${[...(why.get(index) ?? [])].map((line) => `\n  ${line}`).join('')}`,
        ],
  );
}
