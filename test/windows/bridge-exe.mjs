// The Windows bridge under wine, for the Windows tier (test/windows/) and the bench (bench/windows-bridge.mjs):
// the tier's wine (scripts/setup-wine-node.mjs: its prefix and environment) with a wineserver kept
// running a minute past its last client (-p 60), so a run pays a process's start, not wine's. The bridge is
// compiled as the release compiles it (scripts/zig-bridge.mjs) into dist/win32-x64/, again only when
// one of its inputs is newer.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { WINDOWS_SOURCES } from '../../scripts/native-flags.mjs';
import { compileBridge, writeHeaders, ZIG } from '../../scripts/zig-bridge.mjs';
import { WINE, wineEnv, windowsPath } from '../../scripts/setup-wine-node.mjs';

export { wineEnv, windowsPath };

const run = promisify(execFile);
export const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = path.join(ROOT, 'dist', 'win32-x64');

/** A wine command to its exit, its output ignored: a wineserver it starts keeps running and would hold a pipe open. */
const quietly = (command, args, env) =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: 'ignore' });
    child.on('error', reject);
    child.on('exit', resolve);
  });

/**
 * Make the prefix (the first time, some seconds) and start its wineserver, kept a minute past its last
 * client: a wine run that finds none starts one, which holds the run's stdout open after it exits.
 */
export async function ensureWine() {
  const env = wineEnv();
  await quietly('wineserver', ['-p', '60'], env); // one runs already: it is kept as it is
  await quietly(WINE, ['cmd', '/c', 'exit'], env);
}

const newest = (files) => Math.max(...files.map((file) => (existsSync(file) ? statSync(file).mtimeMs : Infinity)));
const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : -1);

/** dist/win32-x64/hookd-bridge.exe, compiled from the sources when any of them (or a header) is newer. */
export async function windowsBridge() {
  const exe = path.join(OUT, 'hookd-bridge.exe');
  mkdirSync(OUT, { recursive: true });
  await writeHeaders();
  const inputs = [
    ...WINDOWS_SOURCES,
    'native/bridge.h',
    'native/hookd-shared.h',
    'native/win/posix.h',
    'dist/native/contracts.h',
    'dist/native/hif-tables.h',
  ].map((file) => path.join(ROOT, file));
  if (builtAt(exe) < newest(inputs)) await compileBridge('x86_64-windows-gnu', exe);
  return exe;
}

/** dist/win32-x64/linger.exe (test/windows/fixtures/linger.c): a child that says it started, then stays. */
export async function lingerProgram() {
  const exe = path.join(OUT, 'linger.exe');
  const source = path.join(ROOT, 'test/windows/fixtures/linger.c');
  mkdirSync(OUT, { recursive: true });
  if (builtAt(exe) < builtAt(source))
    await run(ZIG, ['cc', '-target', 'x86_64-windows-gnu', '-O2', '-s', '-o', exe, source]);
  return exe;
}
