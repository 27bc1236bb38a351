// The agent's wait for a hook through each way hookd gets installed (issue 33): from the clone (its
// bin/, the script; its dist/front-door, the native front door), by npm link, and by a global install
// of the released packages from a local registry (verdaccio, test/registry: the install puts the
// native front door in bin/hookd's place), each with its native bridge and with Node's (HOOKD_BRIDGE_NODE=1). Every row is
// a ratio to the client running `cat >/dev/null` itself through `sh -c`, measured in the same
// loop, on a 2 KiB event; `hookd` is found on PATH as the install put it. Beside each row, the
// bridge that ran, read by the hook itself (its parent process: /proc/$PPID/exe).
import { execFileSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { PAYLOAD as payload, ROOT, bridgeEnv, median, npmLinkedBin, tempDir, timeRun } from './lib.mjs';
import { ensureTools, packRelease, startRegistry } from '../test/registry/local-registry.mjs';

const REPS = Number(process.env.BENCH_REPS ?? 200);
const HOOK = 'cat >/dev/null';

// The released packages, published to a local registry and installed with npm install -g.
async function globalInstall() {
  const work = tempDir();
  await ensureTools(Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_'))));
  const registry = await startRegistry(work, await packRelease(tempDir()));
  try {
    const prefix = path.join(work, 'global');
    execFileSync(
      'npm',
      [
        'install',
        '-g',
        '--prefix',
        prefix,
        `--@hookd-dev:registry=${registry.url}`,
        '--no-audit',
        '--no-fund',
        '@hookd-dev/hookd',
      ],
      { stdio: 'ignore' },
    );
    return path.join(prefix, 'bin');
  } finally {
    registry.stop();
  }
}

// The `hookd` the client's sh finds on PATH, resolved, and whether it is the script.
const which = (env) => realpathSync(execFileSync('sh', ['-c', 'command -v hookd'], { env, encoding: 'utf8' }).trim());
const isScript = (file) => readFileSync(file).subarray(0, 2).toString() === '#!';

function bridgeOf(env) {
  const exe = execFileSync('sh', ['-c', `hookd sync -- 'readlink /proc/$PPID/exe'`], {
    input: payload,
    env,
    encoding: 'utf8',
  }).trim();
  if (path.basename(exe).startsWith('node')) return 'Node';
  const via = isScript(which(env)) ? ' (through the script)' : ' (front door)';
  if (exe.includes('/@hookd-dev/hookd-')) return `native, prebuilt${via}`;
  if (exe.endsWith('/dist/hookd-bridge')) return `native, built here${via}`;
  return `native${via}`;
}

const paths = {
  'clone (bin/)': path.join(ROOT, 'bin'),
  'clone (dist/front-door/)': path.join(ROOT, 'dist', 'front-door'),
  'npm link': npmLinkedBin(),
  'npm i -g (local registry)': await globalInstall(),
};
const rows = [];
for (const [name, bin] of Object.entries(paths)) {
  for (const node of [false, true]) {
    const base = bridgeEnv(tempDir());
    const env = { ...base, PATH: `${bin}:${process.env.PATH}`, ...(node && { HOOKD_BRIDGE_NODE: '1' }) };
    const reps = node ? Math.max(20, REPS / 10) : REPS;
    const direct = [],
      sync = [],
      emit = [];
    // Interleaved, so drift in the machine's load hits every side alike.
    for (let i = 0; i < reps; i++) {
      direct.push(timeRun('sh', ['-c', HOOK], payload, env));
      sync.push(timeRun('sh', ['-c', `hookd sync --client claude -- '${HOOK}'`], payload, env));
      emit.push(timeRun('sh', ['-c', `hookd emit -- '${HOOK}'`], payload, env));
    }
    rows.push({ name, bridge: bridgeOf(env), direct: median(direct), sync: median(sync), emit: median(emit) });
  }
}

console.log(
  `\nInstall paths: hookd sync and hookd emit through sh -c, ratio to sh -c '${HOOK}' (goals: sync <= 1.8, emit <= 1.5)`,
);
for (const r of rows) {
  const ratio = (value) => `${(value / r.direct).toFixed(2).padStart(6)} (${value.toFixed(2)} ms)`;
  console.log(
    `  ${r.name.padEnd(26)} ${r.bridge.padEnd(34)} sync ${ratio(r.sync)}   emit ${ratio(r.emit)}   direct ${r.direct.toFixed(2)} ms`,
  );
}
