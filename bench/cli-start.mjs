// What a command's start costs with the bundle (dist/bin.js: one file and a few chunks, as
// scripts/bundle-cli.mjs writes it) beside the same code unbundled (tsc's dist/cli/main.js, ~190
// modules for `hookd status`, 95 of them zod's). Each run is a fresh Node, through `sh -c` as a
// user's shell or a client runs it; the two alternate, median of BENCH_CLI_RUNS (default 20). The
// daemon's row is the time from its spawn to its first answer on the socket.
import path from 'node:path';
import { median, printTable, ROOT, row, startDaemon, tempDir, timeRun } from './lib.mjs';

const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 20);
if (!Number.isInteger(RUNS) || RUNS < 1)
  throw new Error(`BENCH_CLI_RUNS must be a whole number of runs, 1 or more: ${process.env.BENCH_CLI_RUNS}`);
const BUNDLED = path.join(ROOT, 'dist', 'bin.js');
const UNBUNDLED = path.join(ROOT, 'dist', 'cli', 'main.js');
const env = { ...process.env, HOOKD_STATE_DIR: path.join(tempDir(), 'state'), HOOKD_TCP_PORT: '0' };

function command(args) {
  const times = { [BUNDLED]: [], [UNBUNDLED]: [] };
  for (let i = 0; i < RUNS; i++)
    for (const entry of [BUNDLED, UNBUNDLED])
      times[entry].push(
        timeRun('sh', ['-c', `"${process.execPath}" "${entry}" ${args} >/dev/null 2>&1; true`], '', env),
      );
  return row(`hookd ${args} (ms)`, median(times[BUNDLED]), median(times[UNBUNDLED]), '< 1');
}

async function daemonStart(entry) {
  const started = process.hrtime.bigint();
  const daemon = await startDaemon({}, [], {}, entry);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  await daemon.stop();
  return ms;
}

const daemon = { [BUNDLED]: [], [UNBUNDLED]: [] };
for (let i = 0; i < Math.ceil(RUNS / 4); i++)
  for (const entry of [BUNDLED, UNBUNDLED]) daemon[entry].push(await daemonStart(entry));

printTable('a command starts: the bundle / the same modules unbundled (median wall ms)', [
  command('--version'),
  command('status'),
  command('history'),
  command('doctor'),
  row('hookd daemon, spawn to its first answer (ms)', median(daemon[BUNDLED]), median(daemon[UNBUNDLED]), '< 1'),
]);
