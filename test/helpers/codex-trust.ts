// What Codex writes when the user trusts hooks in its /hooks review: `[hooks.state."<key>"]` with
// the hook's trusted_hash, computed as Codex 0.169 does (checked against the real binary in
// test/clients/codex-trust-real.test.ts).
import { appendFileSync, readFileSync } from 'node:fs';
import { codexEventLabel, codexHandlerAt, codexHookHash } from '../../src/clients/codex/hook-hash.js';

/** The config.toml lines that trust `hooks[event][group].hooks[handler]` of the Codex hooks file `hooksFile`, as it is now. */
export function codexTrustLines(
  hooksFile: string,
  places: readonly [event: string, group: number, handler: number][],
): string {
  const file = JSON.parse(readFileSync(hooksFile, 'utf8')) as Record<string, unknown>;
  return places
    .map(([event, group, handler]) => {
      const found = codexHandlerAt(file, event, group, handler);
      if (!found) throw new Error(`${hooksFile} has no hooks.${event}[${group}].hooks[${handler}]`);
      return `[hooks.state."${hooksFile}:${codexEventLabel(event)}:${group}:${handler}"]\ntrusted_hash = "${codexHookHash(event, found.group, found.handler)}"\n`;
    })
    .join('\n');
}

/** Trust the command hooks at `places` of the Codex hooks file `hooksFile` as the user does in Codex's /hooks review: what Codex then appends to `config`. */
export function trustCodexHooks(
  hooksFile: string,
  config: string,
  places: readonly [event: string, group: number, handler: number][],
): void {
  appendFileSync(config, `\n${codexTrustLines(hooksFile, places)}`);
}
