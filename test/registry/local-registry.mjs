// A real npm registry on loopback (verdaccio, from this folder's package.json) holding a release
// as `npm run release:pack` writes it: what test/package/release.test.ts and bench/install-paths.mjs
// install from, as users install from the npm registry. Only @hookd-dev/* lives there; everything
// else comes from the registry npm is set up with (`@hookd-dev:registry=` in the installs' config).
// Plain ESM, so the benchmark runs it without a build step.
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '../../bench/free-port.mjs';

const run = promisify(execFile);
const HERE = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.join(HERE, '..', '..');
/** verdaccio, pnpm, bun and zig, as npm ci --prefix test/registry installs them. */
export const TOOLS = path.join(HERE, 'node_modules', '.bin');

const LOCK = path.join(HERE, 'package-lock.json');
const STAMP = path.join(HERE, 'node_modules', '.hookd-tools-stamp');

/**
 * The tools installed as this folder's lock file pins them: `npm ci` here when the stamp (the lock's
 * hash) differs, so the README's `npm ci && npm test` works in a fresh clone with nothing beside it.
 * `env`: npm's environment without npm's own npm_* settings (they would install into the root).
 */
export async function ensureTools(env = process.env) {
  const hash = createHash('sha256').update(readFileSync(LOCK)).digest('hex');
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === hash) return;
  await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: HERE, env, maxBuffer: 64 * 1024 * 1024 });
  writeFileSync(STAMP, `${hash}\n`);
}

/** `npm run release:pack` into `dir` (after the build): every tarball of the release. */
export async function packRelease(dir) {
  await run(process.execPath, [path.join(ROOT, 'scripts', 'pack-release.mjs'), dir], { cwd: ROOT });
  return readdirSync(dir)
    .filter((name) => name.endsWith('.tgz'))
    .sort()
    .map((name) => path.join(dir, name));
}

/**
 * Start verdaccio with its storage in `work`, publish `tarballs` to it (the platform packages
 * first, as a real release must: the package names them), and resolve with its URL and a stop().
 * `env`: npm's environment (npmEnv in the tests).
 */
export async function startRegistry(work, tarballs, env = process.env) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = path.join(work, 'verdaccio.yaml');
  writeFileSync(
    config,
    [
      `storage: ${path.join(work, 'storage')}`,
      'auth: { htpasswd: { file: ./htpasswd, max_users: -1 } }',
      'uplinks: {}',
      "packages: { '@hookd-dev/*': { access: $all, publish: $all } }",
      'log: { type: stdout, format: pretty, level: warn }',
    ].join('\n'),
  );
  const child = spawn(path.join(TOOLS, 'verdaccio'), ['--config', config, '--listen', `127.0.0.1:${port}`], {
    stdio: 'ignore',
  });
  const stop = () => child.kill();
  try {
    for (
      let waited = 0;
      !(await fetch(`${url}/-/ping`).then(
        (r) => r.ok,
        () => false,
      ));
      waited += 50
    ) {
      if (waited > 30_000 || child.exitCode !== null) throw new Error(`verdaccio did not answer on ${url}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Publishing needs a token; the registry lets anyone publish @hookd-dev/* here.
    const npmrc = path.join(work, 'publish.npmrc');
    writeFileSync(npmrc, `//127.0.0.1:${port}/:_authToken=local-registry\n`);
    const main = (file) => /hookd-dev-hookd-\d/.test(path.basename(file));
    for (const file of [...tarballs].sort((a, b) => Number(main(a)) - Number(main(b)))) {
      await run('npm', ['publish', '--registry', url, file], { env: { ...env, npm_config_userconfig: npmrc } });
    }
  } catch (error) {
    stop();
    throw error;
  }
  return { url, stop };
}
