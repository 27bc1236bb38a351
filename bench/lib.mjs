// Shared by the benchmarks: medians, timing of whole commands, a temp daemon, the payload and the
// client environment the cost benchmarks hand over, and the pieces of the burst (the plain spawn
// loop, the daemon's ok outcomes).
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const HOOKD = path.join(ROOT, 'bin', 'hookd');

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Wall time of one run of `command args` with `input` on stdin, in ms. */
export function timeRun(command, args, input, env = process.env) {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, { input, env, stdio: ['pipe', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

// What a benchmark starts (daemons, helper processes, temp folders) is gone when the run ends,
// however it ends: a part that throws or times out, or a Ctrl-C, leaves no daemon and no folder.
const leftovers = { children: new Set(), dirs: new Set() };

/** Ends `child` with the run if it is still running then; returns it. */
export function track(child) {
  leftovers.children.add(child);
  child.once('exit', () => leftovers.children.delete(child));
  return child;
}

function cleanUp() {
  for (const child of leftovers.children) child.kill('SIGTERM');
  for (const dir of leftovers.dirs) rmSync(dir, { recursive: true, force: true });
}
process.once('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.once(signal, () => process.exit(130));

/** A temp folder, removed when the run ends. */
export function tempDir(prefix = 'hookd-bench-') {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  leftovers.dirs.add(dir);
  return dir;
}

/**
 * The file system `dir` is on, as the burst's figure depends on it: `ext4 without a journal` where
 * ext4 runs without one. There, ext4 does not reuse an inode freed in the last minutes while a free
 * one lies further on, so each file created after a burst's deletions scans past all of them.
 */
export function fileSystemOf(dir) {
  const real = realpathSync(dir);
  let best = { point: '', type: 'unknown', source: '' };
  for (const line of readFileSync('/proc/self/mountinfo', 'utf8').split('\n')) {
    const fields = line.split(' ');
    const point = fields[4];
    const [type, source] = fields.slice(fields.indexOf('-') + 1);
    const inside = point === '/' || real === point || real.startsWith(`${point}/`);
    if (point && inside && point.length >= best.point.length) best = { point, type, source };
  }
  if (best.type !== 'ext4') return best.type;
  const device = path.basename(best.source);
  const journaled =
    existsSync('/proc/fs/jbd2') && readdirSync('/proc/fs/jbd2').some((name) => name.startsWith(`${device}-`));
  return journaled ? 'ext4' : 'ext4 without a journal';
}

export function getJson(socketPath, urlPath) {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: urlPath, headers: { host: 'hookd' } }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve(JSON.parse(text)));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Start `hookd daemon` on a temp state dir with `hooks` (and `extraEnv`); resolves once it answers.
 * `hooks` null: the daemon reads the settings file `extraEnv.HOOKD_SETTINGS` names, as it is.
 * `entry`: the script Node runs (the bundle; bench/cli-start.mjs also starts tsc's unbundled one).
 */
export async function startDaemon(hooks, nodeArgs = [], extraEnv = {}, entry = path.join(ROOT, 'dist', 'bin.js')) {
  const dir = tempDir();
  // Any free port unless a part names one: a benchmark never takes the user's fixed hook port.
  const env = {
    ...process.env,
    HOOKD_TCP_PORT: '0',
    HOOKD_STATE_DIR: path.join(dir, 'state'),
    HOOKD_SETTINGS: path.join(dir, 'settings.json'),
    HOOKD_LOG_LEVEL: 'error',
    PATH: `${path.join(ROOT, 'bin')}:${process.env.PATH}`,
    ...extraEnv,
  };
  if (hooks !== null) writeFileSync(env.HOOKD_SETTINGS, JSON.stringify({ hooks }));
  const child = track(spawn(process.execPath, [...nodeArgs, entry, 'daemon'], { env, stdio: 'ignore' }));
  const socket = path.join(env.HOOKD_STATE_DIR, 'hookd.sock');
  for (let i = 0; ; i++) {
    try {
      await getJson(socket, '/health');
      break;
    } catch {
      // Every 5 ms, 10 s in all: bench/cli-start.mjs times the start itself.
      if (i > 2000) throw new Error('the daemon did not start');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  return {
    dir,
    env,
    socket,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** CPU ns and context switches of every thread of `pid` so far (Linux: schedstat, in ns, not /proc's 10 ms ticks). */
export function usage(pid) {
  let cpuNs = 0;
  let switches = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      cpuNs += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
      const status = readFileSync(`/proc/${pid}/task/${task}/status`, 'utf8');
      for (const match of status.matchAll(/^(?:non)?voluntary_ctxt_switches:\s+(\d+)/gm)) switches += Number(match[1]);
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return { cpuNs, switches };
}

/** Resident set size of a process, in KiB (Linux). */
export function rssKiB(pid) {
  const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : NaN;
}

export function row(name, value, baseline, goal) {
  return { name, value, baseline, ratio: value / baseline, goal };
}

/**
 * A real client's turn through hookd beside direct hooks and beside no-op hooks: each ratio is the
 * median of the rounds' own ratios (rounds interleave, so a slow moment weighs on all three alike).
 */
export function turnRows(wall, ratios) {
  return [
    {
      ...row(
        'turn through hookd / direct hooks (median of per-round ratios)',
        median(wall.bridged),
        median(wall.direct),
        '<= 0.2',
      ),
      ratio: median(ratios.direct),
    },
    {
      ...row(
        "turn through hookd / no-op hooks ('true'), median of per-round ratios",
        median(wall.bridged),
        median(wall.noop),
        '<= 1.2',
      ),
      ratio: median(ratios.noop),
    },
  ];
}

export function printTable(title, rows) {
  console.log(`\n${title}`);
  for (const r of rows) {
    console.log(
      `  ${r.name.padEnd(58)} ${r.ratio.toFixed(3).padStart(8)}   (${r.value.toFixed(2)} / ${r.baseline.toFixed(2)})   goal ${r.goal}`,
    );
  }
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The event every cost benchmark hands over: a Stop payload of about 2 KiB. */
export const PAYLOAD = Buffer.from(
  JSON.stringify({ session_id: 'bench', hook_event_name: 'Stop', cwd: '/', padding: 'x'.repeat(1900) }),
);

// What a Claude Code hook in a tmux pane has in its environment: the bridge carries some of it.
const CLIENT_ENV = {
  CLAUDE_PROJECT_DIR: '/home/dev/src/demo',
  CLAUDECODE: '1',
  CLAUDE_CODE_ENTRYPOINT: 'cli',
  CLAUDE_CODE_SESSION_ID: 'bench',
  CLAUDE_PLUGIN_ROOT: '/home/dev/.claude/plugins/cache/acme/notify/1.0.0',
  TMUX: '/tmp/tmux-1000/default,1,0',
  TMUX_PANE: '%3',
  TERM: 'tmux-256color',
};

/** The environment the client runs the bridge with: its own variables, `hookd` on PATH, the bridge writing into `stateDir`. */
export function bridgeEnv(stateDir) {
  return {
    ...process.env,
    ...CLIENT_ENV,
    HOOKD_STATE_DIR: stateDir,
    PATH: `${path.dirname(HOOKD)}:${process.env.PATH}`,
  };
}

/**
 * A PATH directory where `hookd` is what `npm link` makes it (bin/hookd a relative link into
 * lib/node_modules/@hookd-dev/hookd, itself a link to this checkout): how a user runs the bridge.
 */
export function npmLinkedBin() {
  const prefix = tempDir();
  const scope = path.join(prefix, 'lib', 'node_modules', '@hookd-dev');
  mkdirSync(scope, { recursive: true });
  mkdirSync(path.join(prefix, 'bin'));
  symlinkSync(ROOT, path.join(scope, 'hookd'));
  symlinkSync('../lib/node_modules/@hookd-dev/hookd/bin/hookd', path.join(prefix, 'bin', 'hookd'));
  return path.join(prefix, 'bin');
}

/** A bridge line as the client runs it through `sh -c`, its command naming a variable the bridge must carry. */
export const BRIDGE_LINE = `hookd emit -- '"\${CLAUDE_PLUGIN_ROOT}"/notify.sh "$TMUX_PANE"'`;

/**
 * Events per second of a plain spawn loop running the trivial hook `count` times at `concurrency`:
 * `sh -c true` from PATH, the payload on stdin, over at its exit. With `readOutput`, as a client
 * runs a hook: its stdout and stderr piped and read to their end (the answer it acts on), as the
 * daemon does for its history.
 */
export async function spawnLoopRate(count, concurrency, readOutput = false) {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next++;
        await new Promise((resolve) => {
          const child = spawn('sh', ['-c', 'true'], { stdio: readOutput ? 'pipe' : ['pipe', 'ignore', 'ignore'] });
          child.stdin.on('error', () => {});
          child.stdin.end(PAYLOAD);
          if (!readOutput) return child.on('exit', resolve);
          child.stdout.resume();
          child.stderr.resume();
          child.on('close', resolve);
        });
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

/** How many ok outcomes the daemon has recorded. */
export async function okCount(daemon) {
  return (await getJson(daemon.socket, '/status')).counts.ok ?? 0;
}

/** Resolve once the daemon has recorded `count` ok outcomes more than `before`. */
export async function untilOk(daemon, before, count) {
  // Not too often: each /status reads the inbox folders, which would slow the daemon being measured.
  while ((await okCount(daemon)) - before < count) await sleep(50);
}

/** Events per second of the daemon: `count` committed records land in its inbox at once; until all have an outcome. */
export async function daemonRate(daemon, count, round) {
  const inbox = path.join(daemon.env.HOOKD_STATE_DIR, 'inbox');
  const before = await okCount(daemon);
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const id = `b${round}-${i}`;
    // Distinct payloads: identical ones within 2 s would be dropped as duplicate deliveries.
    const event = Buffer.from(
      JSON.stringify({ session_id: `s${i % 16}`, hook_event_name: 'Stop', round, i, padding: 'x'.repeat(1900) }),
    );
    writeFileSync(path.join(inbox, 'tmp', id), Buffer.concat([Buffer.from('hookd-record 1\ntrue\0\0'), event]));
    writeFileSync(path.join(inbox, 'new', id), '');
  }
  await untilOk(daemon, before, count);
  return count / ((performance.now() - started) / 1000);
}
