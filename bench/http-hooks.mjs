// Claude Code's http hooks against the bridge (issue 14), each a ratio to a baseline measured in
// the same run. The agent's cost per event: a client-like fetch POST of the 2 KiB payload to a
// running daemon's hook endpoint (a new connection each time, as a client sending one event
// does), beside the same fetch to a server that only answers (what no server can go below), the
// bridge through `sh -c` and `sh -c 'cat >/dev/null'`, interleaved. Events Claude Code ignores
// (SessionEnd) are stored and answered at once; a deciding event's hook (Stop, `cat >/dev/null`)
// runs in line and the answer waits for it (issue 19: at most 1x the client running the same hook
// itself). And the burst of 1,000 events posted to the endpoint, as a ratio of the plain spawn loop.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { Agent, fetch } from 'undici';
import { freePort } from './free-port.mjs';
import {
  BRIDGE_LINE,
  PAYLOAD,
  ROOT,
  bridgeEnv,
  median,
  okCount,
  printTable,
  row,
  spawnLoopRate,
  startDaemon,
  tempDir,
  timeRun,
  track,
  untilOk,
} from './lib.mjs';

const { hookdUrl } = await import(path.join(ROOT, 'dist', 'settings', 'hookd-url.js'));

const REPS = Number(process.env.BENCH_REPS ?? 200);

/** One event as a client sends it: a fetch on a connection of its own; resolves with the time to the answer, in ms. */
async function fetchPost(url, headers, body) {
  // A client has its HTTP machinery up already: only the connection is new.
  const agent = new Agent();
  const started = performance.now();
  const response = await fetch(url, { method: 'POST', headers, body, dispatcher: agent });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  await agent.close();
  if (response.status !== 204) throw new Error(`${url} answered ${response.status}`);
  return ms;
}

/**
 * A POST with node:http on a connection of its own: how Claude Code sends an http hook (axios over
 * node:http; its requests say `User-Agent: axios/…`), lighter on the sender than fetch. Resolves with
 * the time to the answer, in ms.
 */
function httpPost(url, headers, body) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      url,
      { method: 'POST', agent: false, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 204
            ? resolve(performance.now() - started)
            : reject(new Error(`${url} answered ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * A daemon whose settings post SessionEnd (stored, then run: `true`) and Stop (run in line: the
 * trivial hook `cat >/dev/null`) to its hook endpoint; their URLs and the headers a client sends.
 */
async function httpDaemon() {
  const port = await freePort();
  const url = hookdUrl(port, 'SessionEnd', 'true');
  const inLineUrl = hookdUrl(port, 'Stop', 'cat >/dev/null');
  const entry = (to) => ({
    type: 'http',
    url: to,
    headers: { Authorization: 'Bearer $HOOKD_TOKEN' },
    allowedEnvVars: ['HOOKD_TOKEN'],
  });
  const hooks = { SessionEnd: [{ hooks: [entry(url)] }], Stop: [{ hooks: [entry(inLineUrl)] }] };
  const daemon = await startDaemon(hooks, [], { HOOKD_TCP_PORT: String(port) });
  const token = readFileSync(path.join(daemon.env.HOOKD_STATE_DIR, 'local-token'), 'utf8').trim();
  return { daemon, url, inLineUrl, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } };
}

/** A server in its own process that reads the request and answers 204: the floor of a loopback POST. */
async function bareServer() {
  const script = `require('node:http').createServer((q, s) => { q.resume(); q.on('end', () => { s.writeHead(204); s.end(); }); }).listen(0, '127.0.0.1', function () { console.log(this.address().port); });`;
  const child = track(spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] }));
  const port = await new Promise((resolve) => child.stdout.once('data', (chunk) => resolve(Number(chunk))));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

// Distinct payloads: identical ones within 2 s would be dropped as duplicate deliveries.
const eventBody = (round, i, event = 'SessionEnd') =>
  JSON.stringify({
    ...JSON.parse(PAYLOAD.toString('utf8')),
    hook_event_name: event,
    ...(event === 'SessionEnd' && { reason: 'other' }),
    round,
    i,
  });

async function agentCost({ daemon, url, inLineUrl, headers }) {
  const env = bridgeEnv(tempDir());
  const bare = await bareServer();
  const http = [],
    floor = [],
    axios = [],
    axiosFloor = [],
    bridge = [],
    cat = [],
    inLine = [];
  // Interleaved, so drift in the machine's load hits all alike.
  for (let i = 0; i < REPS; i++) {
    let before = await okCount(daemon);
    http.push(await fetchPost(url, headers, eventBody('cost', i)));
    // The daemon runs the hook after answering: not while the others are timed.
    await untilOk(daemon, before, 1);
    before = await okCount(daemon);
    axios.push(await httpPost(url, headers, eventBody('axios', i)));
    await untilOk(daemon, before, 1);
    // Answered once the hook has run: the run is in the history by then.
    inLine.push(await httpPost(inLineUrl, headers, eventBody('in-line', i, 'Stop')));
    floor.push(await fetchPost(bare.url, headers, PAYLOAD));
    axiosFloor.push(await httpPost(bare.url, headers, PAYLOAD));
    bridge.push(timeRun('sh', ['-c', BRIDGE_LINE], PAYLOAD, env));
    cat.push(timeRun('sh', ['-c', 'cat >/dev/null'], PAYLOAD, env));
  }
  bare.stop();
  return [
    row(
      "http hook: fetch POST to the daemon / sh -c 'cat >/dev/null' (2 KiB payload)",
      median(http),
      median(cat),
      '<= 0.3',
    ),
    row(
      "the same fetch to a server that only answers / sh -c 'cat >/dev/null'",
      median(floor),
      median(cat),
      '(the floor)',
    ),
    row(
      "http hook as Claude Code sends it (node:http, axios) / sh -c 'cat >/dev/null'",
      median(axios),
      median(cat),
      '<= 0.3',
    ),
    row(
      "the same node:http POST to a server that only answers / sh -c 'cat >/dev/null'",
      median(axiosFloor),
      median(cat),
      '(the floor)',
    ),
    row(
      "deciding http hook run in line (Stop, cat >/dev/null; node:http) / the client running sh -c 'cat >/dev/null'",
      median(inLine),
      median(cat),
      '<= 1',
    ),
    // What hookd adds: the goal above counts the POST itself, which no server answers for free.
    row(
      "the same / (the node:http POST to a server that only answers + sh -c 'cat >/dev/null')",
      median(inLine),
      median(axiosFloor) + median(cat),
      '-',
    ),
    row("bridge through sh -c / sh -c 'cat >/dev/null', same run", median(bridge), median(cat), '<= 2'),
    row('http hook / bridge through sh -c', median(http), median(bridge), '-'),
  ];
}

/** Events per second of the daemon for `count` events posted to its endpoint, `concurrency` at a time, until all have an outcome. */
async function httpRate({ daemon, url, headers }, count, concurrency, round) {
  const before = await okCount(daemon);
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await httpPost(url, headers, eventBody(round, next++));
    }),
  );
  await untilOk(daemon, before, count);
  return count / ((performance.now() - started) / 1000);
}

async function burst(target) {
  const N = 1000;
  const CONCURRENCY = 8;
  const ROUNDS = Number(process.env.BENCH_BURST_ROUNDS ?? 5);
  // Interleaved rounds, each a ratio: this machine's speed drifts by tens of percent within a minute.
  const ratios = [],
    hookd = [],
    plain = [];
  for (let round = 0; round < ROUNDS; round++) {
    const base = await spawnLoopRate(N, CONCURRENCY);
    const rate = await httpRate(target, N, CONCURRENCY, round);
    plain.push(base);
    hookd.push(rate);
    ratios.push(rate / base);
  }
  return [
    {
      name: `burst of ${N} events posted over http, events/s / plain spawn loop (concurrency ${CONCURRENCY}, median of ${ROUNDS} rounds)`,
      value: median(hookd),
      baseline: median(plain),
      ratio: median(ratios),
      goal: '>= 0.6 (as the bridge)',
    },
  ];
}

const target = await httpDaemon();
try {
  const rows =
    process.env.BENCH_ONLY === 'burst' ? await burst(target) : [...(await agentCost(target)), ...(await burst(target))];
  printTable(`http hooks (medians over ${REPS} runs; ratio (value / baseline))`, rows);
} finally {
  await target.daemon.stop();
}
