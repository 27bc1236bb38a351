// What hookd's in-process shim (OpenCode's plugin, pi's extension; issue 32) costs a client with no
// hooks configured: pi's shim loaded as pi loads it (an ES module from a file), its tool_call handler
// called for 20,000 events with no hook file, and with a hook file whose hooks are all on other
// events, beside an empty async handler (what any extension costs). Per event, in µs; a real turn
// takes seconds (bench/real-client.mjs), and one fires a handful of events. Run after `npm run build`.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { renderShim } from '../dist/install/shim-files.js';
import { pi } from '../dist/clients/pi.js';
import { median, printTable, row, tempDir } from './lib.mjs';

const EVENTS = 20_000;
const ROUNDS = 5;
const dir = tempDir('hookd-bench-shim-');

async function load(hooksFile) {
  const file = path.join(dir, `shim-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, renderShim(pi, hooksFile));
  const started = performance.now();
  const handlers = {};
  const module = await import(pathToFileURL(file).href);
  module.default({ on: (name, handler) => (handlers[name] = handler) });
  return { handlers, loadMs: performance.now() - started };
}

async function perEventUs(handler) {
  const ctx = {
    cwd: dir,
    hasUI: false,
    sessionManager: { getSessionId: () => 'bench', getSessionFile: () => undefined },
  };
  const started = performance.now();
  for (let i = 0; i < EVENTS; i++)
    await handler({ toolName: 'bash', toolCallId: `c${i}`, input: { command: 'ls' } }, ctx);
  return ((performance.now() - started) * 1000) / EVENTS;
}

const none = await load(path.join(dir, 'absent.json'));
const otherFile = path.join(dir, 'pi.json');
writeFileSync(otherFile, JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } }));
const other = await load(otherFile);
const empty = async () => undefined;
const times = { none: [], other: [], empty: [] };
for (let round = 0; round < ROUNDS; round++) {
  times.empty.push(await perEventUs(empty));
  times.none.push(await perEventUs(none.handlers.tool_call));
  times.other.push(await perEventUs(other.handlers.tool_call));
}
printTable(
  `hookd's shim with no hooks for the event (pi's tool_call, ${EVENTS} events, medians of ${ROUNDS} rounds; µs per event)`,
  [
    row(
      'no hook file / an empty async handler',
      median(times.none),
      median(times.empty),
      '(µs per event; a turn takes seconds)',
    ),
    row(
      'hooks on other events only / an empty async handler',
      median(times.other),
      median(times.empty),
      '(µs per event; a turn takes seconds)',
    ),
  ],
);
console.log(
  `  loading the shim module: ${none.loadMs.toFixed(1)} ms once per client start (no hook file), ${other.loadMs.toFixed(1)} ms (a hook file)`,
);
