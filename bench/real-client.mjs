// What hookd saves a real agent: wall time of one `claude -p "say hi"` turn (Claude Code 2.1.330,
// offline against a fake Messages API on loopback) with a Stop hook that sleeps 3 s and a
// SessionEnd hook that sleeps 5 s, run by the client itself ("direct") or behind the bridge with
// a hookd daemon on a temp state directory ("through hookd"), as a ratio measured in the same run;
// and a turn whose two hooks are `true`, the floor (the client's own cost of running a hook).
// Rounds are interleaved (the order turns each round), as this machine drifts. Each hook writes a
// marker when it finishes: the last line says how many did.
// Installs the pinned clients (test/clients) first if needed. Run after `npm run build`:
// node bench/real-client.mjs (BENCH_CLIENT_ROUNDS, default 5).
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { installClients } from '../test/clients/install-clients.mjs';
import { bridge, prepareClient, startFake } from '../test/clients/run-client.mjs';
import { median, printTable, row, startDaemon, tempDir } from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_CLIENT_ROUNDS ?? 5);
const STOP_S = 3;
const END_S = 5;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

await installClients({ log: (line) => console.error(line) });
const fake = await startFake('claude');
const markers = tempDir();
const done = (prefix) => readdirSync(markers).filter((name) => name.startsWith(prefix)).length;
/** The two slow hooks, each leaving a marker per run when it finishes, `wrap`ped or not. */
const hooks = (way, wrap) => ({
  Stop: [{ hooks: [{ type: 'command', command: wrap(`sleep ${STOP_S}; : > ${path.join(markers, `${way}-stop-`)}$$`) }] }],
  SessionEnd: [{ hooks: [{ type: 'command', command: wrap(`sleep ${END_S}; : > ${path.join(markers, `${way}-end-`)}$$`) }] }],
});
const bridgedHooks = hooks('bridged', bridge);
const daemon = await startDaemon(bridgedHooks);
const clients = {
  noop: prepareClient('claude', { dir: tempDir(), fakeUrl: fake.url, stateDir: daemon.env.HOOKD_STATE_DIR, hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }], SessionEnd: [{ hooks: [{ type: 'command', command: 'true' }] }] } }),
  direct: prepareClient('claude', { dir: tempDir(), fakeUrl: fake.url, stateDir: daemon.env.HOOKD_STATE_DIR, hooks: hooks('direct', (command) => command) }),
  bridged: prepareClient('claude', { dir: tempDir(), fakeUrl: fake.url, stateDir: daemon.env.HOOKD_STATE_DIR, hooks: bridgedHooks }),
};

const wall = { noop: [], direct: [], bridged: [] };
const ratios = { direct: [], noop: [] };
try {
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? ['bridged', 'direct', 'noop'] : ['noop', 'direct', 'bridged'];
    const times = {};
    for (const way of order) {
      const result = await clients[way].run({ timeoutMs: 60_000 });
      if (result.timedOut || result.exitCode !== 0) throw new Error(`claude -p (${way}) ${result.timedOut ? 'stalled' : `exited ${result.exitCode}`}:\n${result.stderr.slice(-2000)}`);
      times[way] = result.wallMs;
      wall[way].push(result.wallMs);
    }
    ratios.direct.push(times.bridged / times.direct);
    ratios.noop.push(times.bridged / times.noop);
  }
  // The daemon finishes the bridged hooks after the last turn; the direct SessionEnd hooks were cut short.
  for (let waited = 0; waited < (END_S + 10) * 1000 && done('bridged-end-') < ROUNDS; waited += 100) await sleep(100);
  await sleep(1000);
} finally {
  await daemon.stop();
  await fake.close();
}
const counts = { stop: { direct: done('direct-stop-'), bridged: done('bridged-stop-') }, end: { direct: done('direct-end-'), bridged: done('bridged-end-') } };
for (const dir of [markers, ...Object.values(clients).map((client) => path.dirname(client.home))]) rmSync(dir, { recursive: true, force: true });

printTable(`real client: claude -p turn, ${STOP_S} s Stop + ${END_S} s SessionEnd hooks (medians of ${ROUNDS} interleaved rounds; ratio (value / baseline), ms)`, [
  { ...row('turn through hookd / direct hooks (median of per-round ratios)', median(wall.bridged), median(wall.direct), '<= 0.5'), ratio: median(ratios.direct) },
  { ...row("turn through hookd / no-op hooks ('true'), median of per-round ratios", median(wall.bridged), median(wall.noop), '<= 1.2'), ratio: median(ratios.noop) },
]);
const finished = (way, what) => `${counts[what][way]} of ${ROUNDS}`;
console.log(`  hooks finished: Stop direct ${finished('direct', 'stop')}, through hookd ${finished('bridged', 'stop')}; ` +
  `SessionEnd direct ${finished('direct', 'end')} (the client kills it), through hookd ${finished('bridged', 'end')}`);
