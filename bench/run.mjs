// `npm run bench`: every benchmark, one after the other (they share two cores).
import { existsSync } from 'node:fs';

for (const name of [
  'bridge.mjs',
  'cli-start.mjs',
  'sync-bridge.mjs',
  'windows-bridge.mjs',
  'warm.mjs',
  'install-paths.mjs',
  'canonical.mjs',
  'http-hooks.mjs',
  'proxy.mjs',
  'real-client.mjs',
  'shim.mjs',
  'observe.mjs',
  'idle.mjs',
  'status.mjs',
  'session-view.mjs',
]) {
  if (existsSync(new URL(name, import.meta.url))) await import(new URL(name, import.meta.url).href);
}
