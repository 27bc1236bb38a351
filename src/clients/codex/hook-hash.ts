// The hash Codex records as a hook's trust (`trusted_hash` under [hooks.state."<key>"] of
// ~/.codex/config.toml), computed as Codex 0.169 computes it (codex-rs hooks/src/engine/discovery.rs
// command_hook_hash, config/src/fingerprint.rs version_for_toml): the SHA-256 of the compact JSON,
// keys sorted, of {event_name, matcher, hooks: [the handler, normalized]}. The handler keeps its
// command, `async` and `statusMessage`; its timeout becomes the written one or 600, at least 1; a
// matcher counts only on events that take one. A hook whose hash differs from the trusted one is
// "modified" to Codex, and skipped as an untrusted one is. test/clients/codex-trust-real.test.ts
// checks the hash against the real binary: a hook trusted with it runs.
import { createHash } from 'node:crypto';

// Codex's events whose matcher it ignores, by key label (hooks/src/events/common.rs).
const NO_MATCHER = new Set(['user_prompt_submit', 'stop', 'interrupt']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Codex's key label of an event: PreToolUse → pre_tool_use (hooks/src/lib.rs hook_event_key_label). */
export const codexEventLabel = (event: string) => event.replace(/(?<=.)([A-Z])/g, '_$1').toLowerCase();

/** `value` with every object's keys sorted, as serde_json's canonical form Codex hashes. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical(value[key])]),
  );
}

/** The `trusted_hash` Codex would record for the command `handler` of `group` (as written in hooks.json) on `event`; undefined for a handler that is not a command. */
export function codexHookHash(
  event: string,
  group: Record<string, unknown>,
  handler: Record<string, unknown>,
): string | undefined {
  if (handler.type !== 'command' || typeof handler.command !== 'string') return undefined;
  const label = codexEventLabel(event);
  const written =
    typeof handler.timeout === 'number'
      ? handler.timeout
      : typeof handler.timeoutSec === 'number'
        ? handler.timeoutSec
        : undefined;
  const normalized: Record<string, unknown> = {
    type: 'command',
    command: handler.command,
    timeout: Math.max(1, Math.floor(written ?? 600)),
    async: handler.async === true,
  };
  const status = handler.statusMessage ?? handler.status_message;
  if (typeof status === 'string') normalized.statusMessage = status;
  const identity: Record<string, unknown> = { event_name: label, hooks: [normalized] };
  if (!NO_MATCHER.has(label) && typeof group.matcher === 'string') identity.matcher = group.matcher;
  return `sha256:${createHash('sha256')
    .update(JSON.stringify(canonical(identity)))
    .digest('hex')}`;
}

/** The group and handler of `hooks[event][group].hooks[handler]` in a Codex hooks file, when there. */
export function codexHandlerAt(
  file: Record<string, unknown>,
  event: string,
  groupIndex: number,
  handlerIndex: number,
): { group: Record<string, unknown>; handler: Record<string, unknown> } | undefined {
  const hooks = isObject(file.hooks) ? file.hooks : undefined;
  const groups = hooks?.[event];
  const group = Array.isArray(groups) ? groups[groupIndex] : undefined;
  if (!isObject(group) || !Array.isArray(group.hooks)) return undefined;
  const handler = group.hooks[handlerIndex];
  return isObject(handler) ? { group, handler } : undefined;
}
