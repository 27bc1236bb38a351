// Warnings for an http entry pointing at hookd's hook endpoint: what would make the client's
// request fail (no token, a variable the client will not fill in, an event it never posts).
import type { HookEntry } from './config.js';
import { headerVariables } from './header-variables.js';

/** Located warnings for the http entry `entry`; `at` locates it. */
export function httpHookWarnings(entry: HookEntry, at: string): string[] {
  const http = entry.http!;
  const { client } = entry;
  const warnings: string[] = [];
  if (client.httpSkippedEvents?.includes(entry.event)) {
    warnings.push(
      `${at}.type: ${client.name} sends no http hooks for ${entry.event}, so this hook never runs; use the bridge (hookd ${entry.decides ? 'sync' : 'emit'} -- CMD) for ${entry.event}`,
    );
  }
  const authorization = Object.entries(http.headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
  if (authorization === undefined) {
    warnings.push(
      `${at}.headers: no Authorization header, so hookd refuses every request (401); add "headers": {"Authorization": "Bearer $HOOKD_TOKEN"}, "allowedEnvVars": ["HOOKD_TOKEN"]`,
    );
  }
  for (const [name, value] of Object.entries(http.headers)) {
    for (const variable of headerVariables(value)) {
      if (!http.allowedEnvVars.includes(variable)) {
        warnings.push(
          `${at}.headers.${name}: names $${variable}, which is not in allowedEnvVars, so ${client.name} sends it empty; add "${variable}" to allowedEnvVars`,
        );
      }
    }
  }
  return warnings;
}
