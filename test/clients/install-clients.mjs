// Installs the real agent clients pinned in test/clients/package-lock.json (about 1.5 GB, kept out
// of the root install) into test/clients/node_modules, once: again only when the lock file changed
// since the last install (a stamp holds the lock's hash) or a client's binary is missing.
// It is the vitest globalSetup of the "clients" project (vitest.config.ts), and bench/real-client.mjs
// calls installClients() too. An install that fails throws: the suite fails, it never skips.
// Plain ESM, so node runs it without a build step; install-clients.d.mts gives its types.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLIENTS_DIR = path.dirname(fileURLToPath(import.meta.url));
const LOCK = path.join(CLIENTS_DIR, 'package-lock.json');
const STAMP = path.join(CLIENTS_DIR, 'node_modules', '.hookd-clients-stamp');
const INSTALL_TIMEOUT_MS = 15 * 60_000;
const NPM_INSTALL = ['install', '--no-audit', '--no-fund'];

/** Each client's command, as npm links it. */
export const CLIENT_BINS = {
  claude: path.join(CLIENTS_DIR, 'node_modules', '.bin', 'claude'),
  gemini: path.join(CLIENTS_DIR, 'node_modules', '.bin', 'gemini'),
  codex: path.join(CLIENTS_DIR, 'node_modules', '.bin', 'codex'),
  // npm skips a missing optional platform package silently: the platform's binary is named itself.
  droid: path.join(CLIENTS_DIR, 'node_modules', '@factory', 'cli-linux-x64', 'bin', 'droid'),
  copilot: path.join(CLIENTS_DIR, 'node_modules', '@github', 'copilot-linux-x64', 'copilot'),
  // Run with node: its launcher would re-exec itself with a larger heap.
  qwen: path.join(CLIENTS_DIR, 'node_modules', '@qwen-code', 'qwen-code', 'cli.js'),
  // The platform package's binary, which opencode-ai's postinstall links to its bin/opencode.exe
  // (the launcher npm links is that copy only once the install script has run).
  opencode: path.join(CLIENTS_DIR, 'node_modules', 'opencode-linux-x64', 'bin', 'opencode'),
  pi: path.join(CLIENTS_DIR, 'node_modules', '@mariozechner', 'pi-coding-agent', 'dist', 'cli.js'),
  // The platform's binary (Bun compiled in), named as Droid's is.
  cline: path.join(CLIENTS_DIR, 'node_modules', '@cline', 'cli-linux-x64', 'bin', 'cline'),
  // Run with node: its bin is the bundled JavaScript itself.
  auggie: path.join(CLIENTS_DIR, 'node_modules', '@augmentcode', 'auggie', 'augment.mjs'),
  // The platform's binary: @ampcode/cli's install script would copy it to its bin/amp.exe.
  amp: path.join(CLIENTS_DIR, 'node_modules', '@ampcode', 'cli-linux-x64', 'amp'),
  // The platform's binary (an OpenCode build), which @kilocode/cli's install script would copy.
  kilo: path.join(CLIENTS_DIR, 'node_modules', '@kilocode', 'cli-linux-x64', 'bin', 'kilo'),
  qoder: path.join(CLIENTS_DIR, 'node_modules', '@qoder-ai', 'qodercli', 'bundle', 'qodercli.js'),
};

/** Where Copilot CLI unpacks itself on its first run (about 235 MB), kept across runs. */
export const COPILOT_CACHE = path.join(CLIENTS_DIR, 'node_modules', '.copilot-cache');

function lockHash() {
  return createHash('sha256').update(readFileSync(LOCK)).digest('hex');
}

/** Whether node_modules holds what the lock file pins (the stamp matches and every binary is there). */
export function clientsInstalled() {
  if (!existsSync(STAMP) || readFileSync(STAMP, 'utf8').trim() !== lockHash()) return false;
  return Object.values(CLIENT_BINS).every((bin) => existsSync(bin));
}

// npm, when it runs `npm test`, exports its own settings as npm_* variables; npm_config_local_prefix
// among them would make the nested npm install into the repository root. The user's own
// NPM_CONFIG_* (upper case) and .npmrc files still apply.
function npmEnv() {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_')));
}

function run(command, args, timeoutMs, env = npmEnv()) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: CLIENTS_DIR, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    const keep = (chunk) => (output = (output + chunk).slice(-20_000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, timeoutMs);
    child.on('error', (error) => keep(`\n${error.message}`));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, timedOut, output });
    });
  });
}

/**
 * Install the clients unless they already match the lock file. Throws with npm's output when the
 * install fails or a client does not start.
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {Promise<{ installed: boolean, ms: number }>}
 */
export async function installClients(options = {}) {
  const log = options.log ?? ((line) => process.stderr.write(`${line}\n`));
  const started = Date.now();
  if (clientsInstalled()) return { installed: false, ms: 0 };
  log(
    'test/clients: installing the pinned agent clients (npm install from the lock file, about 1.5 GB; once per lock file)…',
  );
  // Not `npm ci`: @factory/cli names platform packages of a version that was never published (npm
  // skips a missing optional one), so the lock file can never list them all and `npm ci` refuses
  // it; `npm install` installs what the lock file pins and leaves it as it is.
  const npm = await run('npm', NPM_INSTALL, INSTALL_TIMEOUT_MS);
  if (npm.code !== 0) {
    const why = npm.timedOut
      ? `did not finish within ${INSTALL_TIMEOUT_MS / 60_000} min`
      : `exited with ${npm.code ?? npm.signal}`;
    throw new Error(
      `Installing the real agent clients failed: \`npm ${NPM_INSTALL.join(' ')}\` in ${CLIENTS_DIR} ${why}. ` +
        `The client suite needs the npm registry (or a cache holding these packages). npm said:\n${npm.output.slice(-4000)}`,
    );
  }
  // A private HOME: `codex --version` alone creates ~/.codex.
  const home = mkdtempSync(path.join(tmpdir(), 'hookd-clients-version-'));
  try {
    for (const [name, bin] of Object.entries(CLIENT_BINS)) {
      const [file, ...args] = bin.endsWith('.js') ? [process.execPath, bin, '--version'] : [bin, '--version'];
      const env = {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: home,
        COPILOT_CACHE_HOME: COPILOT_CACHE,
        FACTORY_AIRGAP_ENABLED: '1',
      };
      const version = await run(file, args, 60_000, env);
      if (version.code !== 0) {
        throw new Error(
          `The ${name} client was installed but does not start: \`${bin} --version\` exited with ${version.code ?? version.signal}:\n${version.output.slice(-2000)}`,
        );
      }
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  writeFileSync(STAMP, `${lockHash()}\n`);
  const ms = Date.now() - started;
  log(`test/clients: clients installed in ${(ms / 1000).toFixed(0)} s`);
  return { installed: true, ms };
}

/** vitest globalSetup. */
export async function setup() {
  await installClients();
}
