// The proxy's cost, as ratios measured in one run: requests per second and added median latency of
// hookd's proxy (the shared router, every request checked against its endpoint's schemas, the whole
// answer read before it is passed on) against (a) calling the emulator directly and (b) a bare
// pass-through proxy on node:http that adds the key and validates nothing. Goal: within 10% of (b).
// Run after `npm run build`: node bench/proxy.mjs. Loopback and unix sockets only; bounded in count.
import http from 'node:http';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir, track } from './lib.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { createProxy } = await import(path.join(ROOT, 'dist/api/proxy.js'));
const { createLogger } = await import(path.join(ROOT, 'dist/common/logger.js'));

const KEY = 'bench-key-not-secret';
const ROUNDS = 10;
const SEQUENTIAL = 150; // per target and round, for latency
const CONCURRENT = 800; // per target and round, for throughput
const IN_FLIGHT = 8;
const PATH = '/api/v0/sessions?limit=20';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// The emulator runs in its own process, as the platform would be on another machine.
async function startEmulator() {
  const child = track(
    spawn(process.execPath, [path.join(ROOT, 'dist/bin.js'), 'api', 'emulator', '--port', '0', '--key', KEY], {
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  const url = await new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error('the emulator did not start within 10 s')), 10_000);
    child.stdout.on('data', (chunk) => {
      seen += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`the emulator exited (${code})`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

function listen(server, socket) {
  return new Promise((resolve) => server.listen(socket, resolve));
}

function bareProxy(upstream) {
  const target = new URL(upstream);
  const agent = new http.Agent({ keepAlive: true });
  return http.createServer((req, res) => {
    const headers = { ...req.headers, host: target.host, authorization: `Bearer ${KEY}` };
    const up = http.request(
      { hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    up.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(up);
  });
}

function hookdProxy(upstream) {
  // Logging at info, as the daemon does, into a sink: the cost of a log line is part of the proxy.
  const logger = createLogger({ write: () => {} }, process.env.BENCH_LOG ?? 'info');
  const proxy = createProxy({ apiUrl: upstream, apiKey: KEY, logger, timeoutMs: 10_000 });
  const server = http.createServer((req, res) => {
    void proxy.handle(req, res).then((handled) => {
      if (!handled) {
        res.writeHead(404);
        res.end();
      }
    });
  });
  server.on('close', () => proxy.close());
  return server;
}

function client(target) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  const base = target.socket
    ? { socketPath: target.socket }
    : { hostname: new URL(target.url).hostname, port: new URL(target.url).port };
  const headers = target.socket ? {} : { authorization: `Bearer ${KEY}` };
  return () =>
    new Promise((resolve, reject) => {
      const started = process.hrtime.bigint();
      const req = http.request({ ...base, path: PATH, headers, agent }, (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(Number(process.hrtime.bigint() - started) / 1e6)
            : reject(new Error(`${target.name}: HTTP ${res.statusCode}`)),
        );
      });
      req.on('error', reject);
      req.end();
    });
}

async function measure(send) {
  const latencies = [];
  for (let i = 0; i < SEQUENTIAL; i += 1) latencies.push(await send());
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < CONCURRENT) {
        next += 1;
        await send();
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { median: median(latencies), rps: CONCURRENT / seconds };
}

// A hard stop, so a stalled server cannot hold the run forever.
setTimeout(() => {
  console.error('bench/proxy.mjs: still running after 120 s; stopping');
  process.exit(1);
}, 120_000).unref();

const dir = tempDir('hookd-bench-proxy-');
const emulator = await startEmulator();
const bare = bareProxy(emulator.url);
const hookd = hookdProxy(emulator.url);
await listen(bare, path.join(dir, 'bare.sock'));
await listen(hookd, path.join(dir, 'hookd.sock'));
const targets = [
  { name: 'direct', url: emulator.url },
  { name: 'bare', socket: path.join(dir, 'bare.sock') },
  { name: 'hookd', socket: path.join(dir, 'hookd.sock') },
];
try {
  const senders = targets.map(client);
  for (const send of senders) for (let i = 0; i < 200; i += 1) await send(); // warm-up
  const results = targets.map(() => ({ medians: [], rps: [] }));
  // Rounds interleave the targets, so drift of the machine hits all three alike.
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, send] of senders.entries()) {
      const { median: ms, rps } = await measure(send);
      results[index].medians.push(ms);
      results[index].rps.push(rps);
    }
  }
  const [direct, bareResult, hookdResult] = results.map((r) => ({ ms: median(r.medians), rps: median(r.rps) }));
  const row = (name, r) =>
    `${name.padEnd(22)}${r.rps.toFixed(0).padStart(8)}  ${r.ms.toFixed(3).padStart(9)}  ${(r.rps / direct.rps).toFixed(2).padStart(9)}  ${(r.rps / bareResult.rps).toFixed(2).padStart(8)}`;
  console.log(
    `proxy benchmark: GET ${PATH}, ${ROUNDS} rounds of ${SEQUENTIAL} sequential + ${CONCURRENT} at ${IN_FLIGHT} in flight, per target`,
  );
  console.log(
    `${'target'.padEnd(22)}${'req/s'.padStart(8)}  ${'median ms'.padStart(9)}  ${'rps/direct'.padStart(9)}  ${'rps/bare'.padStart(8)}`,
  );
  console.log(row('(a) emulator direct', direct));
  console.log(row('(b) bare pass-through', bareResult));
  console.log(row('hookd proxy', hookdResult));
  const addedBare = bareResult.ms - direct.ms;
  const addedHookd = hookdResult.ms - direct.ms;
  console.log(
    `added median latency: bare ${addedBare.toFixed(3)} ms, hookd ${addedHookd.toFixed(3)} ms (hookd/bare ${(addedHookd / addedBare).toFixed(2)})`,
  );
  console.log(`throughput hookd/bare: ${(hookdResult.rps / bareResult.rps).toFixed(2)} (goal >= 0.90)`);
} finally {
  emulator.stop();
  bare.close();
  hookd.close();
  bare.closeAllConnections();
  hookd.closeAllConnections();
  rmSync(dir, { recursive: true, force: true });
}
