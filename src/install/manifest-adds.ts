// A HIF manifest's hooks (hif/encode.ts) as install's additions to one client's file: each encoded hook (encode.ts)
// becomes an entry that runs its command through hookd, marked `--canonical` so the bridge reads
// its canonical answer and hands the client that client's own: in line (hookd sync) for a blocking
// hook, behind hookd emit for the others. A script the manifest names relative to itself (`./x.sh`)
// is made absolute: the client runs hooks from the project, not from the manifest's folder.
import path from 'node:path';
import { EMIT_OPTIONS } from '../clients/bridge-options.js';
import type { ClientProfile } from '../clients/profile.js';
import type { AddRequest } from './plan-edit.js';
import { syncCommand, wrapCommand } from './quote-command.js';
import { shellQuote } from '../common/shell-word.js';
import type { Json } from '../settings/hook-map.js';
import type { NativeHook } from '../hif/encode.js';

/** The name install's record gives the hooks of the manifest `file`: a later install of the same file replaces those it no longer has. */
export const manifestTag = (file: string): string => `hook of ${file}`;

/** `command` with a leading `./` or `../` script resolved against the manifest's folder `dir` (spec §3.5: script references are relative to the hook directory). */
export function resolveScript(command: string, dir: string): string {
  const match = /^(\.{1,2}\/[^\s;&|<>()$`'"\\]*)(.*)$/s.exec(command);
  if (!match) return command;
  const file = path.resolve(dir, match[1]!);
  return `${/^[A-Za-z0-9_./+-]+$/.test(file) ? file : shellQuote(file)}${match[2]}`;
}

/** The entry that runs `hook` for `client` through hookd: `bridgeOptions` go first (`--state-dir DIR`). */
export function bridgeEntry(hook: NativeHook, client: ClientProfile, bridgeOptions: readonly string[]): string {
  if (hook.inLine) {
    return syncCommand(hook.command, {
      client: client.id,
      event: hook.event,
      timeoutSec: hook.timeoutSec ?? client.defaultTimeoutSec,
      bridgeOptions,
      canonical: true,
      ...(hook.warm && { warm: true }),
    });
  }
  // Copilot CLI's camelCase payloads do not name their event: the entry does.
  const event = client.unnamedEvents?.includes(hook.event) ? [EMIT_OPTIONS.event.flag, hook.event] : [];
  return wrapCommand(hook.command, [...bridgeOptions, EMIT_OPTIONS.canonical.flag, ...event]);
}

/** Install's additions for `client` from the encoded hooks of manifest `file`, their scripts resolved against its folder. */
export function manifestAdds(
  hooks: readonly NativeHook[],
  client: ClientProfile,
  file: string,
  bridgeOptions: readonly string[],
): AddRequest[] {
  const dir = path.dirname(file);
  return hooks.map((encoded) => {
    const hook = { ...encoded, command: resolveScript(encoded.command, dir) };
    const extra: Record<string, Json> = {
      ...(hook.extra as Record<string, Json> | undefined),
      ...(hook.env ? { env: { ...hook.env } } : {}),
      ...(hook.cwd ? { cwd: hook.cwd } : {}),
    };
    return {
      example: manifestTag(file),
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
