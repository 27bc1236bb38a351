// What install says when it rewrites a Codex hook the user had trusted (issue 30, item 2): Codex
// keeps the hash of each hook it trusted in ~/.codex/config.toml and skips a hook whose hash
// changed as "modified", with no word in `codex exec`. Install wraps the command, so the hook's
// hash changes: the user must trust it again, and hookd doctor names it until they do.
import { homedir } from 'node:os';
import path from 'node:path';
import { codexEventLabel, codexHandlerAt, codexHookHash } from '../clients/codex/hook-hash.js';
import { ClientFiles, objectAt } from '../cannot-run/client-files.js';
import { parseJsonText } from '../settings/parse-json-text.js';
import type { ClientProfile } from '../clients/profile.js';

const asObject = (text: string | null, file: string): Record<string, unknown> => {
  if (text === null) return {};
  const parsed = parseJsonText(text, file);
  return parsed.ok && typeof parsed.data === 'object' && parsed.data !== null && !Array.isArray(parsed.data)
    ? (parsed.data as Record<string, unknown>)
    : {};
};

/** The hooks of the Codex hooks file `file` that Codex trusted as they were (`before`) and that install's text (`after`) changes: each `Event "command"`. */
export async function trustedHooksRewritten(
  file: string,
  before: string,
  after: string | null,
  home = homedir(),
): Promise<string[]> {
  const config = await new ClientFiles().read(path.join(home, '.codex', 'config.toml'));
  const states = objectAt(objectAt(config, 'hooks'), 'state');
  const old = asObject(before, file);
  const now = asObject(after, file);
  const rewritten: string[] = [];
  for (const [event, groups] of Object.entries(objectAt(old, 'hooks'))) {
    if (!Array.isArray(groups)) continue;
    groups.forEach((group: unknown, g: number) => {
      const handlers =
        typeof group === 'object' && group !== null && Array.isArray((group as { hooks?: unknown }).hooks)
          ? (group as { hooks: unknown[] }).hooks
          : [];
      handlers.forEach((_handler, h) => {
        const trusted = objectAt(states, `${file}:${codexEventLabel(event)}:${g}:${h}`).trusted_hash;
        const was = codexHandlerAt(old, event, g, h);
        if (typeof trusted !== 'string' || !was || codexHookHash(event, was.group, was.handler) !== trusted) return;
        const is = codexHandlerAt(now, event, g, h);
        if (is && codexHookHash(event, is.group, is.handler) === trusted) return;
        rewritten.push(`${event} ${JSON.stringify(was.handler.command)}`);
      });
    });
  }
  return rewritten;
}

/** The note install prints for a Codex file whose trusted hooks it rewrites; none for other clients' files or when none was trusted. */
export async function codexTrustNote(
  client: ClientProfile,
  file: string,
  before: string,
  after: string | null,
): Promise<string[]> {
  if (client.id !== 'codex' || !file.endsWith('.json')) return [];
  const hooks = await trustedHooksRewritten(file, before, after);
  if (hooks.length === 0) return [];
  return [
    `Codex had trusted ${hooks.length} of these hooks (${hooks.join(', ')}); rewriting them un-trusts them, and Codex skips them (silently in codex exec) until you trust them again: start codex and approve them in its hook review (/hooks); hookd doctor lists them until then`,
  ];
}
