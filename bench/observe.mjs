// What watching costs (issue 12): the burst of bench/bridge.mjs (daemonRate in lib.mjs) with no
// watcher, with a dashboard's stream of runs open, and with OTLP spans exported to a local
// receiver; interleaved rounds, each a ratio to the round's own baseline. Then the idle daemon's
// memory with OTLP on and off.
import { spawnSync } from 'node:child_process';
import { createServer, request } from 'node:http';
import { HOOKD, daemonRate, median, printTable, rssKiB, startDaemon } from './lib.mjs';

const N = 1000;
const ROUNDS = Number(process.env.BENCH_BURST_ROUNDS ?? 5);
const HOOKS = { Stop: [{ hooks: [{ type: 'command', command: "hookd emit -- 'true'" }] }] };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** An OTLP receiver that takes every export and counts its bytes. */
async function startReceiver() {
  let bytes = 0;
  const server = createServer((req, res) => {
    req.on('data', (chunk) => (bytes += chunk.length));
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end());
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { endpoint: `http://127.0.0.1:${server.address().port}`, bytes: () => bytes, close: () => server.close() };
}

/** Sign in to `daemon`'s page as a browser does, and open its stream of runs, reading everything. */
async function openDashboardStream(daemon) {
  const link = new URL(
    spawnSync(HOOKD, ['dashboard', '--no-open'], { env: daemon.env, encoding: 'utf8' }).stdout.trim(),
  );
  const get = (path, headers, onResponse, method = 'GET') =>
    request({ host: '127.0.0.1', port: link.port, method, path, headers: { host: link.host, ...headers } }, onResponse)
      .on('error', (error) => console.error(`dashboard stream (${path}): ${error.message}`))
      .end();
  // As the page does: the ticket of the link's fragment, posted from the page's origin, for a session id sent in a header.
  const ticket = new URLSearchParams(link.hash.slice(1)).get('ticket');
  const session = await new Promise((resolve) =>
    get(
      '/dashboard/api/sign-in',
      { origin: link.origin, 'x-hookd-ticket': ticket },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve(JSON.parse(body).session));
      },
      'POST',
    ),
  );
  let runs = 0;
  await new Promise((resolve) =>
    get('/dashboard/api/runs/stream', { 'x-hookd-session': session }, (res) => {
      // Events end with a blank line; count the whole ones, keep the rest for the next chunk.
      let pending = '';
      res.on('data', (chunk) => {
        const events = (pending + chunk.toString()).split('\n\n');
        pending = events.pop();
        runs += events.filter((event) => event.startsWith('data: ')).length;
      });
      resolve();
    }),
  );
  return { runs: () => runs };
}

async function burstWhileWatched() {
  const receiver = await startReceiver();
  const plain = await startDaemon(HOOKS);
  const otlp = await startDaemon(HOOKS, [], { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint });
  const watched = await startDaemon(HOOKS);
  const stream = await openDashboardStream(watched);
  const rates = { plain: [], watched: [], otlp: [] };
  const ratios = { watched: [], otlp: [] };
  // Interleaved, each watched daemon against the plain one in the same round: the machine drifts.
  for (let round = 0; round < ROUNDS; round++) {
    const base = await daemonRate(plain, N, round);
    const withStream = await daemonRate(watched, N, round);
    const withOtlp = await daemonRate(otlp, N, round);
    (rates.plain.push(base), rates.watched.push(withStream), rates.otlp.push(withOtlp));
    (ratios.watched.push(withStream / base), ratios.otlp.push(withOtlp / base));
  }
  await sleep(6000); // one batch delay: the last spans reach the receiver
  const seen = { stream: stream.runs(), spanBytes: receiver.bytes() };
  for (const daemon of [plain, otlp, watched]) await daemon.stop();
  receiver.close();
  if (seen.stream < N * ROUNDS || seen.spanBytes === 0)
    throw new Error(`the watchers did not see the runs (stream ${seen.stream}, OTLP ${seen.spanBytes} bytes)`);
  const row = (name, key) => ({
    name,
    value: median(rates[key]),
    baseline: median(rates.plain),
    ratio: median(ratios[key]),
    goal: '>= 0.9',
  });
  return [
    row(`burst of ${N}, events/s with a dashboard stream open / without (median of ${ROUNDS} rounds)`, 'watched'),
    row(`burst of ${N}, events/s with OTLP spans exported / without (median of ${ROUNDS} rounds)`, 'otlp'),
  ];
}

async function idleMemory() {
  const receiver = await startReceiver();
  const off = await startDaemon(HOOKS);
  const on = await startDaemon(HOOKS, [], { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint });
  // A few runs each, so the exporter has sent a batch; then let both settle.
  (await daemonRate(off, 20, 'idle'), await daemonRate(on, 20, 'idle'));
  await sleep(6500);
  const rows = [
    {
      name: 'idle daemon RSS, OTLP on / off (KiB)',
      value: rssKiB(on.pid),
      baseline: rssKiB(off.pid),
      goal: 'reported',
    },
  ];
  rows[0].ratio = rows[0].value / rows[0].baseline;
  (await off.stop(), await on.stop());
  receiver.close();
  return rows;
}

printTable(
  'watching the runs (ratio (value / baseline); OTLP off loads none of its modules: test/telemetry/otlp.test.ts)',
  [...(await burstWhileWatched()), ...(await idleMemory())],
);
