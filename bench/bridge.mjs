// Benchmarks of the bridge and the daemon (issue 3), each a ratio to a baseline measured in
// the same run: the machine's speed cancels out, and only hookd's own cost shows.
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import {
  BRIDGE_LINE,
  HOOKD,
  PAYLOAD as payload,
  bridgeEnv,
  daemonRate,
  fileSystemOf,
  median,
  npmLinkedBin,
  printTable,
  row,
  rssKiB,
  sleep,
  spawnLoopRate,
  startDaemon,
  tempDir,
  timeRun,
  track,
} from './lib.mjs';

const REPS = Number(process.env.BENCH_REPS ?? 200);

async function bridgeCost() {
  const env = bridgeEnv(tempDir());
  const linked = { ...env, PATH: `${npmLinkedBin()}:${process.env.PATH}` };
  const bridge = [],
    cat = [],
    node = [],
    throughNpm = [];
  // Interleaved, so drift in the machine's load hits both sides alike.
  for (let i = 0; i < REPS; i++) {
    bridge.push(timeRun('sh', ['-c', BRIDGE_LINE], payload, env));
    cat.push(timeRun('sh', ['-c', 'cat >/dev/null'], payload, env));
    throughNpm.push(timeRun('sh', ['-c', BRIDGE_LINE], payload, linked));
    if (i % 5 === 0) node.push(timeRun(process.execPath, ['-e', '0'], payload));
  }
  return [
    row(
      "bridge through sh -c / sh -c 'cat >/dev/null' (2 KiB payload, client env)",
      median(bridge),
      median(cat),
      '<= 2',
    ),
    row("the same through npm link's symlinks / sh -c 'cat >/dev/null'", median(throughNpm), median(cat), '<= 2'),
    row('bridge wall time / node -e 0', median(bridge), median(node), '<= 0.2'),
  ];
}

async function handOverLatency() {
  const out = tempDir();
  const command = `: > ${out}/$HOOKD_EVENT_ID`;
  const daemon = await startDaemon({ Stop: [{ hooks: [{ type: 'command', command: `hookd emit -- '${command}'` }] }] });
  // The hook creates a file as its first act; a watch on the folder sees it appear. (A file's mtime
  // would be cheaper to read but comes from a coarse kernel clock, off by milliseconds.)
  let seen;
  const watcher = watch(out, () => seen?.());
  const latencies = [];
  const spawnTrue = [];
  const n = Math.min(REPS, 100);
  for (let i = 0; i < n; i++) {
    const appeared = new Promise((resolve) => (seen = () => resolve(performance.now())));
    const input = Buffer.from(JSON.stringify({ session_id: `s${i}`, hook_event_name: 'Stop', i }));
    timeRun(HOOKD, ['emit', '--', command], input, daemon.env);
    const exited = performance.now();
    latencies.push((await appeared) - exited);
    await sleep(5);
    spawnTrue.push(timeRun('/bin/true', [], undefined));
  }
  watcher.close();
  await daemon.stop();
  return [
    row('bridge exit -> hook started / spawn of /bin/true (median ms)', median(latencies), median(spawnTrue), '<= 5'),
  ];
}

async function burst() {
  const N = 1000;
  const CONCURRENCY = 8;
  // BENCH_BURST_ROUNDS=9 (say) for a steadier median on a busy machine.
  const ROUNDS = Number(process.env.BENCH_BURST_ROUNDS ?? 5);
  // Interleaved rounds, each a ratio: this machine's speed drifts by tens of percent within a minute.
  const daemon = await startDaemon({ Stop: [{ hooks: [{ type: 'command', command: "hookd emit -- 'true'" }] }] });
  const ratios = [],
    hookd = [],
    plain = [],
    client = [],
    clientRatios = [];
  for (let round = 0; round < ROUNDS; round++) {
    const base = await spawnLoopRate(N, CONCURRENCY);
    const rate = await daemonRate(daemon, N, round);
    // The loop as a client runs hooks, reading their output: what the daemon's capture costs shows apart.
    const reading = await spawnLoopRate(N, CONCURRENCY, true);
    plain.push(base);
    hookd.push(rate);
    client.push(reading);
    ratios.push(rate / base);
    clientRatios.push(rate / reading);
  }
  const fileSystem = fileSystemOf(daemon.dir);
  await daemon.stop();
  return [
    {
      name: `burst of ${N} events (state directory on ${fileSystem}), events/s / plain spawn loop (concurrency ${CONCURRENCY}, median of ${ROUNDS} rounds)`,
      value: median(hookd),
      baseline: median(plain),
      ratio: median(ratios),
      goal: '>= 0.6',
    },
    {
      name: `the same burst / a spawn loop that reads each hook's output, as a client does`,
      value: median(hookd),
      baseline: median(client),
      ratio: median(clientRatios),
      goal: '',
    },
  ];
}

async function idleMemory() {
  const daemon = await startDaemon({ Stop: [{ hooks: [{ type: 'command', command: "hookd emit -- 'true'" }] }] });
  const bare = track(spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e9)'], { stdio: 'ignore' }));
  await sleep(1500);
  const result = [row('idle daemon RSS / bare waiting node (KiB)', rssKiB(daemon.pid), rssKiB(bare.pid), '<= 2')];
  bare.kill();
  await daemon.stop();
  return result;
}

const only = process.env.BENCH_ONLY;
const rows =
  only === 'burst'
    ? await burst()
    : [...(await bridgeCost()), ...(await handOverLatency()), ...(await burst()), ...(await idleMemory())];
printTable(`bridge and daemon (medians over ${REPS} runs; ratio (value / baseline))`, rows);
