// What GET /status costs the daemon (issue 40, item 5): a home with 50 hooks in Claude Code's
// settings (daemon hooks running scripts, programs on the PATH, direct ones) and the four shipped
// guards installed by `hookd install --add`, a daemon following it. The daemon's CPU per GET
// /status (schedstat, every thread) beside its CPU per GET /health in the same run; the first
// status, which reads every file, and one after a settings edit, which reads them again; and the
// wall time of `hookd status` while a page polls (a loop of the page's own requests, GET /status
// and GET /sessions, every 300 ms: a page asks every 5 s, and 300 ms after each run), beside
// `hookd status` with no page, each beside `hookd --version` run alternately (a command's start:
// the machine's load). BENCH_STATUS_ASKS sets the asks measured (default 40);
// BENCH_STATUS_ROOT measures another checkout's build (for a before/after). Linux only (/proc).
import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { getJson, median, printTable, ROOT, row, sleep, startDaemon, tempDir, usage } from './lib.mjs';

const ASKS = Number(process.env.BENCH_STATUS_ASKS ?? 40);
if (!Number.isInteger(ASKS) || ASKS < 1)
  throw new Error(`BENCH_STATUS_ASKS must be a whole number, 1 or more: ${process.env.BENCH_STATUS_ASKS}`);
const BIN = path.join(process.env.BENCH_STATUS_ROOT ?? ROOT, 'dist', 'bin.js');
const GUARDS = 'no-rm-rf,no-force-push,no-secrets-read,no-pipe-to-shell';
// The page asks for GET /status 300 ms after each run (and every 5 s): a run finishing every 300 ms is its busiest.
const PAGE_EVERY_MS = 300;
const EVENTS = ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'SessionStart'];

// 50 hooks as a user gathers them: scripts run by an interpreter, executable scripts with a #!
// line, programs found on the PATH (one that is not), and hooks the client runs itself.
function fiftyHooks(dir) {
  const scripts = path.join(dir, 'hooks');
  mkdirSync(scripts);
  const commands = [];
  for (let i = 0; i < 50; i++) {
    const script = path.join(scripts, `hook-${i}`);
    const kind = i % 5;
    if (kind === 0) writeFileSync(`${script}.py`, 'import sys\nsys.stdin.read()\n');
    if (kind === 1) writeFileSync(`${script}.sh`, '#!/bin/sh\ncat >/dev/null\n', { mode: 0o755 });
    if (kind === 0) commands.push(`hookd emit -- 'python3 ${script}.py'`);
    if (kind === 1) commands.push(`hookd emit -- '${script}.sh'`);
    if (kind === 2) commands.push(`hookd emit -- 'jq -c . >/dev/null'`);
    if (kind === 3) commands.push(i === 3 ? 'notify-missing-program --quiet' : `${process.execPath} -e 0`);
    if (kind === 4) commands.push(`hookd emit -- 'sh -c "cat >/dev/null"'`);
  }
  const hooks = {};
  commands.forEach((command, i) => {
    const event = EVENTS[i % EVENTS.length];
    (hooks[event] ??= []).push({ matcher: i % 2 ? 'Bash' : '', hooks: [{ type: 'command', command, timeout: 10 }] });
  });
  return hooks;
}

function homeWithGuards() {
  const home = tempDir();
  mkdirSync(path.join(home, '.claude'));
  const settings = path.join(home, '.claude', 'settings.json');
  writeFileSync(settings, JSON.stringify({ hooks: fiftyHooks(home) }, null, 2));
  chmodSync(settings, 0o600);
  const env = { ...process.env, HOME: home, HOOKD_STATE_DIR: path.join(home, 'state') };
  const installed = spawnSync(process.execPath, [BIN, 'install', '--add', GUARDS], { env, encoding: 'utf8' });
  if (installed.status !== 0) throw new Error(`hookd install --add ${GUARDS} failed:\n${installed.stderr}`);
  return { home, settings };
}

/** The daemon's CPU (ms) over `asks` sequential GETs of `urlPath`, and the mean per ask. */
async function cpuPerAsk(daemon, urlPath, asks) {
  const before = usage(daemon.pid).cpuNs;
  for (let i = 0; i < asks; i++) await getJson(daemon.socket, urlPath);
  return (usage(daemon.pid).cpuNs - before) / 1e6 / asks;
}

const run = promisify(execFile);
// The wall time of `hookd ARGS` (ms), and whether it failed (hookd status says the daemon is not running when its ask times out).
async function timed(daemon, args) {
  const started = performance.now();
  const ok = await run(process.execPath, [BIN, ...args], { env: { ...daemon.env, NO_COLOR: '1' } }).then(
    () => true,
    () => false,
  );
  return { ms: performance.now() - started, ok };
}

// `hookd status` and `hookd --version` (a command's start, the baseline), alternating: the machine's load weighs on both alike.
async function statusWall(daemon, runs) {
  const status = [];
  const version = [];
  for (let i = 0; i < runs; i++) {
    version.push((await timed(daemon, ['--version'])).ms);
    status.push(await timed(daemon, ['status']));
  }
  return { ms: median(status.map((r) => r.ms)), failed: status.filter((r) => !r.ok).length, start: median(version) };
}

const { home, settings } = homeWithGuards();
const daemon = await startDaemon(null, [], { HOME: home, HOOKD_SETTINGS: undefined }, BIN);
// The first status reads every file; one after an edit reads them again.
const first = await cpuPerAsk(daemon, '/status', 1);
const hooks = (await getJson(daemon.socket, '/status')).settings.daemonHooks;
writeFileSync(settings, readFileSync(settings, 'utf8').replace('"hooks"', '"model": "sonnet", "hooks"'));
const afterEdit = await cpuPerAsk(daemon, '/status', 1);
await cpuPerAsk(daemon, '/status', 3);
const health = await cpuPerAsk(daemon, '/health', ASKS);
const status = await cpuPerAsk(daemon, '/status', ASKS);
const runs = 7;
const quiet = await statusWall(daemon, runs);
let polling = true;
let pageFailed = 0;
const page = (async () => {
  while (polling) {
    for (const urlPath of ['/status', '/sessions'])
      await getJson(daemon.socket, urlPath).catch(() => (pageFailed += 1));
    await sleep(PAGE_EVERY_MS);
  }
})();
const withPage = await statusWall(daemon, runs);
polling = false;
await page;
await daemon.stop();

console.log(
  `  ${hooks} hooks hookd handles, the four guards included; the first status took ${first.toFixed(1)} ms of the daemon's CPU, the one after a settings edit ${afterEdit.toFixed(1)} ms`,
);
if (pageFailed) console.log(`  the page's asks: ${pageFailed} got no answer`);
for (const [what, wall] of Object.entries({ 'while a page polls': withPage, 'with no page': quiet }))
  if (wall.failed) console.log(`  hookd status ${what}: ${wall.failed} of ${runs} said the daemon is not running`);
printTable(`GET /status, 50 hooks and the four guards (${ASKS} asks each; ratio (value / baseline))`, [
  row('daemon CPU per GET /status / per GET /health (ms)', status, health, 'status <= 20 ms'),
  row('hookd status while a page polls / hookd --version (ms)', withPage.ms, withPage.start, 'status < 500 ms'),
  row('hookd status with no page / hookd --version (ms)', quiet.ms, quiet.start, 'reported'),
]);
