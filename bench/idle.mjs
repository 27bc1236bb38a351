// What an idle daemon costs (issue 24): a daemon with a hook configured and nothing to do, beside
// a bare `node` that only waits (`setInterval(() => {}, 1e9)`), both measured over the same window
// after both have settled. CPU is the time the kernel charged all their threads (schedstat, in ns);
// a wake-up is a thread of the process resuming after it blocked (its context switches), so the
// daemon's wake-ups per second should be at most 1 (goal) and near the bare node's.
// A bare node may do nothing measurable in the window: its figures are floored at what can be
// counted (1 µs of CPU, one wake-up in the window) so the ratios stay finite.
// BENCH_IDLE_SECONDS sets the window (default 30), BENCH_IDLE_SETTLE_SECONDS the wait before it
// (30). Linux only (/proc).
import { spawn } from 'node:child_process';
import { printTable, row, rssKiB, sleep, startDaemon, track, usage } from './lib.mjs';

const WINDOW_S = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
// Start-up leaves work behind: V8 collects the start-up garbage in rounds some seconds apart
// (its memory reducer), which woke the main thread and four GC helpers up to 20 s after start.
const SETTLE_MS = Number(process.env.BENCH_IDLE_SETTLE_SECONDS ?? 30) * 1000;

async function idle() {
  const daemon = await startDaemon({ Stop: [{ hooks: [{ type: 'command', command: "hookd emit -- 'true'" }] }] });
  const bare = track(spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e9)'], { stdio: 'ignore' }));
  await sleep(SETTLE_MS);
  const before = { daemon: usage(daemon.pid), bare: usage(bare.pid) };
  await sleep(WINDOW_S * 1000);
  const after = { daemon: usage(daemon.pid), bare: usage(bare.pid) };
  const cpuUs = (who) => (after[who].cpuNs - before[who].cpuNs) / 1e3;
  const wakeups = (who) => (after[who].switches - before[who].switches) / WINDOW_S;
  const rows = [
    row(
      `idle CPU over ${WINDOW_S} s / bare waiting node (µs)`,
      cpuUs('daemon'),
      Math.max(cpuUs('bare'), 1),
      'reported',
    ),
    row('idle RSS / bare waiting node (KiB)', rssKiB(daemon.pid), rssKiB(bare.pid), '<= 2'),
    row(
      'idle wake-ups per second / bare waiting node',
      wakeups('daemon'),
      Math.max(wakeups('bare'), 1 / WINDOW_S),
      'daemon <= 1/s',
    ),
  ];
  console.log(
    `  idle daemon: ${((cpuUs('daemon') / (WINDOW_S * 1e6)) * 100).toFixed(4)}% of a core, ${wakeups('daemon').toFixed(2)} wake-ups/s; bare node: ${wakeups('bare').toFixed(2)} wake-ups/s`,
  );
  bare.kill();
  await daemon.stop();
  return rows;
}

printTable(`idle daemon over ${WINDOW_S} s (ratio (value / baseline))`, await idle());
