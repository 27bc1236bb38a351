// A HIF manifest's hooks (hif/encode.ts) as install's additions to one client's file: each encoded hook (encode.ts)
// becomes an entry that runs its command through hookd, marked `--canonical` so the bridge reads
// its canonical answer and hands the client that client's own (a hook in the client's own terms,
// `dialect`, is not marked: the bridge hands its answer on as it is): in line (hookd sync) for a blocking
// hook, behind hookd emit for the others. The scripts the manifest names relative to itself are
// absolute by now (hif/check-manifest.ts): the client runs hooks from the project.
import { EMIT_OPTIONS } from '../clients/bridge-options.js';
import type { ClientProfile } from '../clients/profile.js';
import type { AddRequest } from './plan-edit.js';
import { syncCommand, wrapCommand } from './quote-command.js';
import type { Json } from '../settings/hook-map.js';
import type { NativeHook } from '../hif/encode.js';

/** The name install's record gives the hooks of the manifest `file`: a later install of the same file replaces those it no longer has. */
export const manifestTag = (file: string): string => `hook of ${file}`;

/** The entry that runs `hook` for `client` through hookd: `bridgeOptions` go first (`--state-dir DIR`). */
export function bridgeEntry(hook: NativeHook, client: ClientProfile, bridgeOptions: readonly string[]): string {
  if (hook.inLine) {
    return syncCommand(hook.command, {
      client: client.id,
      event: hook.event,
      timeoutSec: hook.timeoutSec ?? client.defaultTimeoutSec,
      bridgeOptions,
      canonical: hook.canonical,
      ...(hook.warm && { warm: true }),
    });
  }
  // Copilot CLI's camelCase payloads do not name their event: the entry does.
  const event = client.unnamedEvents?.includes(hook.event) ? [EMIT_OPTIONS.event.flag, hook.event] : [];
  const canonical = hook.canonical ? [EMIT_OPTIONS.canonical.flag] : [];
  return wrapCommand(hook.command, [...bridgeOptions, ...canonical, ...event]);
}

/** Install's additions for `client` from the encoded hooks of manifest `file`. */
export function manifestAdds(
  hooks: readonly NativeHook[],
  client: ClientProfile,
  file: string,
  bridgeOptions: readonly string[],
): AddRequest[] {
  return hooks.map((hook) => {
    const extra: Record<string, Json> = {
      ...(hook.extra as Record<string, Json> | undefined),
      ...(hook.env ? { env: { ...hook.env } } : {}),
      ...(hook.cwd ? { cwd: hook.cwd } : {}),
    };
    return {
      example: manifestTag(file),
      ...(hook.name !== undefined && { name: hook.name }),
      command: hook.command,
      timeout: hook.timeout,
      events: [hook.event],
      entry: {
        bridge: bridgeEntry(hook, client, bridgeOptions),
        ...(hook.matcher !== undefined ? { matcher: hook.matcher } : {}),
        ...(Object.keys(extra).length ? { extra } : {}),
      },
    };
  });
}
