// What hookd saves a real agent, for every client the suite runs (issue 20): wall time of one
// non-interactive turn (offline, each client against a fake of its model API on loopback) with a
// stop-type hook that sleeps 3 s and an end-type hook that sleeps 5 s, run by the client itself
// ("direct") or through hookd as a user gets it ("through hookd"): the same file put through a plain
// `hookd install` (no flag: issue 30 measures the default install, which reads the stop hook,
// `sleep 3; : > MARKER`, as one that cannot decide and puts it behind hookd emit), with a hookd
// daemon reading that file on a temp state directory, as a ratio measured in the same run; the
// same with the stop hook kept in line (`hookd install --sync CMD`, what the default install did
// before issue 30); and a turn whose two hooks are `true`, the floor
// (the client's own cost of starting and of running a hook). Goal: at most 0.2 through hookd over
// direct for each client. Rounds are interleaved (the order turns each round), as this machine
// drifts. Each slow hook writes a marker when it finishes: the last line of each client says how
// many did. Qwen Code fires SessionEnd only on an interactive exit: its turn has the stop hook only.
// Installs the pinned clients (test/clients) first if needed. Run after `npm run build`:
// node bench/real-client.mjs [CLIENT…] (BENCH_CLIENT_ROUNDS, default 3; clients: all ten, and cline).
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { installClients } from '../test/clients/install-clients.mjs';
import { prepareClient, runProcess, startFake } from '../test/clients/run-client.mjs';
import { HOOKD, median, printTable, row, sleep, startDaemon, tempDir, turnRows } from './lib.mjs';
import { benchCline } from './cline-turn.mjs';

const ROUNDS = Number(process.env.BENCH_CLIENT_ROUNDS ?? 3);
const STOP_S = 3;
const END_S = 5;

/** Each client's stop-type and end-type events (none: no end event in a non-interactive turn), and those its payloads do not name. */
const CASES = {
  claude: { stop: 'Stop', end: 'SessionEnd' },
  droid: { stop: 'Stop', end: 'SessionEnd' },
  gemini: { stop: 'AfterAgent', end: 'SessionEnd' },
  codex: { stop: 'Stop', end: 'SessionEnd' },
  copilot: { stop: 'agentStop', end: 'sessionEnd', unnamed: ['agentStop', 'sessionEnd'] },
  qwen: { stop: 'Stop', end: undefined },
  // hookd's shim runs their hooks (issue 32): "direct" is the shim running the hook itself. Neither
  // reads a Stop hook's answer, so none is kept in line (install --sync refuses it). OpenCode does not
  // await its session.idle event, whose hook runs after the turn either way; pi waits for agent_end
  // and session_shutdown.
  opencode: { stop: 'Stop', end: undefined, inline: false },
  pi: { stop: 'Stop', end: 'SessionEnd', inline: false },
  // OpenCode's fork (issue 43): the same shim adapter, so OpenCode's case.
  kilo: { stop: 'Stop', end: undefined, inline: false },
  // Against the fake of Augment's backend (issue 43). It awaits its Stop hooks but drops their
  // answer, so none is kept in line; its SessionEnd hooks are awaited as the turn ends.
  auggie: { stop: 'Stop', end: 'SessionEnd', inline: false },
};

async function benchClient(name) {
  const c = CASES[name];
  const fake = await startFake(name);
  const markers = tempDir();
  const done = (prefix) => readdirSync(markers).filter((file) => file.startsWith(prefix)).length;
  const events = [c.stop, ...(c.end ? [c.end] : [])];
  const seconds = { [c.stop]: STOP_S, ...(c.end ? { [c.end]: END_S } : {}) };
  const command = (way, event) => `sleep ${seconds[event]}; : > ${path.join(markers, `${way}-${event}-`)}$$`;
  const hooks = (way) =>
    Object.fromEntries(
      events.map((event) => [event, [{ hooks: [{ type: 'command', command: command(way, event) }] }]]),
    );
  const stateDir = path.join(tempDir(), 'state');
  const noop = Object.fromEntries(events.map((event) => [event, [{ hooks: [{ type: 'command', command: 'true' }] }]]));
  const make = (way, made) => prepareClient(name, { dir: tempDir(), fakeUrl: fake.url, stateDir, hooks: made });
  const withInline = c.inline !== false;
  const clients = {
    noop: make('noop', noop),
    direct: make('direct', hooks('direct')),
    bridged: make('bridged', hooks('bridged')),
    ...(withInline && { inline: make('inline', hooks('inline')) }),
  };
  const installed = await installPlain(clients.bridged, stateDir);
  // What the default install did before issue 30: the stop hook in line, behind hookd sync.
  if (withInline) await installPlain(clients.inline, stateDir, ['--sync', command('inline', c.stop)]);
  const daemon = await startDaemon(null, [], {
    HOME: clients.bridged.home,
    HOOKD_STATE_DIR: stateDir,
    HOOKD_SETTINGS: clients.bridged.settingsFile,
  });
  const wall = { noop: [], direct: [], bridged: [], inline: [] };
  const ratios = { direct: [], noop: [], inline: [] };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const times = {};
      const order = ['noop', 'direct', 'bridged', ...(withInline ? ['inline'] : [])];
      for (const way of round % 2 ? order.reverse() : order) {
        const result = await clients[way].run({ timeoutMs: 90_000 });
        if (result.timedOut || result.exitCode !== 0)
          throw new Error(
            `${name} (${way}) ${result.timedOut ? 'stalled' : `exited ${result.exitCode}`}:\n${result.stderr.slice(-2000)}`,
          );
        times[way] = result.wallMs;
        wall[way].push(result.wallMs);
      }
      ratios.direct.push(times.bridged / times.direct);
      ratios.noop.push(times.bridged / times.noop);
      if (withInline) ratios.inline.push(times.inline / times.direct);
    }
    // The daemon finishes the bridged hooks after the last turn.
    const last = c.end ?? c.stop;
    for (let waited = 0; waited < (END_S + 10) * 1000 && done(`bridged-${last}-`) < ROUNDS; waited += 100)
      await sleep(100);
    await sleep(1000);
  } finally {
    await daemon.stop();
    await fake.close();
    rmSync(path.dirname(stateDir), { recursive: true, force: true });
  }
  const finished = events
    .map(
      (event) =>
        `${event} direct ${done(`direct-${event}-`)} of ${ROUNDS}, through hookd ${done(`bridged-${event}-`)} of ${ROUNDS}${withInline ? `, kept in line ${done(`inline-${event}-`)} of ${ROUNDS}` : ''}`,
    )
    .join('; ');
  for (const dir of [markers, ...Object.values(clients).map((client) => path.dirname(client.home))])
    rmSync(dir, { recursive: true, force: true });
  const what = `${STOP_S} s ${c.stop}${c.end ? ` + ${END_S} s ${c.end}` : ''} hook${c.end ? 's' : ''}`;
  printTable(
    `real client ${name}: one turn, ${what} (medians of ${ROUNDS} interleaved rounds; ratio (value / baseline), ms)`,
    [
      ...turnRows(wall, ratios),
      // What the hooks add to the client's own turn (a slow client's floor hides the first ratio: Qwen Code, pi).
      row(
        'time the hooks add: through hookd / direct (each minus the no-op turn)',
        median(wall.bridged) - median(wall.noop),
        median(wall.direct) - median(wall.noop),
        '<= 0.2',
      ),
      ...(withInline
        ? [
            {
              ...row(
                `turn through hookd with the ${c.stop} hook kept in line (install --sync: the default before issue 30) / direct hooks`,
                median(wall.inline),
                median(wall.direct),
                '(before)',
              ),
              ratio: median(ratios.inline),
            },
          ]
        : []),
    ],
  );
  console.log(`  hooks finished: ${finished}`);
  console.log(`  hookd install (no flag) put them: ${installed}`);
}

/** Run `hookd install` (no flag unless `flags`) on `client`'s file, as a user would; says which bridge each event's hook went behind. */
async function installPlain(client, stateDir, flags = []) {
  const run = await runProcess(
    HOOKD,
    ['install', '--client', client.name, '--settings', client.settingsFile, ...flags],
    { cwd: client.project, env: { ...client.env, HOOKD_STATE_DIR: stateDir }, timeoutMs: 60_000 },
  );
  if (run.exitCode !== 0) throw new Error(`hookd install failed (exit ${run.exitCode}):\n${run.stdout}${run.stderr}`);
  const entries = JSON.stringify(JSON.parse(readFileSync(client.settingsFile, 'utf8')));
  const behind = (bridgeName) => (entries.match(new RegExp(`hookd ${bridgeName}`, 'g')) ?? []).length;
  return `${behind('emit')} behind hookd emit, ${behind('sync')} behind hookd sync`;
}

const chosen = process.argv.slice(2);
for (const name of chosen)
  if (!(name in CASES) && name !== 'cline')
    throw new Error(`unknown client ${name}; choose among ${[...Object.keys(CASES), 'cline'].join(', ')}`);
await installClients({ log: (line) => console.error(line) });
// One client at a time: a real client takes a core of its own. Cline's hooks are files of their own (cline-turn.mjs).
for (const name of chosen.length ? chosen : [...Object.keys(CASES), 'cline'])
  await (name === 'cline' ? benchCline(ROUNDS) : benchClient(name));
