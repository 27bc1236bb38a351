// Writes every tarball a release publishes into one folder (default release/): the package itself
// and one package per platform with its prebuilt bridge (native/ compiled by zig's C toolchain for
// each of src/bridge/bridge-in-use.ts's PREBUILT_PLATFORMS by scripts/zig-bridge.mjs; Linux statically
// against musl, Windows from native/win/ and the shared files as hookd-bridge.exe). Run by
// `npm run release:pack [-- DIR]`, after the build (the headers are generated from dist/). The same
// sources and zig give the same bytes. zig comes from test/registry (npm ci --prefix test/registry),
// or $ZIG. Publishing is then `npm publish` of each tarball, the platform packages first (README.md).
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
  readFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { compileBridge, writeHeaders, ZIG } from './zig-bridge.mjs';

const run = promisify(execFile);
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.resolve(process.argv[2] ?? path.join(root, 'release'));
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const { PREBUILT_PLATFORMS, prebuiltPackage, bridgeProgram } = await import(
  path.join(root, 'dist/bridge/bridge-in-use.js')
);
const fail = (message) => {
  console.error(`release:pack: ${message}`);
  process.exit(1);
};

if (!existsSync(ZIG)) fail(`no zig at ${ZIG}: npm ci --prefix test/registry, or set ZIG`);

await writeHeaders();
mkdirSync(outDir, { recursive: true });
const staging = mkdtempSync(path.join(tmpdir(), 'hookd-release-'));

async function platformPackage(platform) {
  const name = prebuiltPackage(platform);
  const dir = path.join(staging, name.split('/')[1]);
  mkdirSync(path.join(dir, 'bin'), { recursive: true });
  await compileBridge(platform.zigTarget, path.join(dir, 'bin', bridgeProgram(platform.os)));
  writeFileSync(
    path.join(dir, 'package.json'),
    `${JSON.stringify(
      {
        name,
        version: pkg.version,
        description: `hookd's native bridge, prebuilt for ${platform.os}-${platform.cpu} (installed by @hookd-dev/hookd as an optional dependency).`,
        license: pkg.license,
        os: [platform.os],
        cpu: [platform.cpu],
        files: ['bin'],
        publishConfig: { access: 'public' },
      },
      null,
      2,
    )}\n`,
  );
  writeFileSync(
    path.join(dir, 'README.md'),
    `# ${name}\n\nThe native bridge of [@hookd-dev/hookd](https://www.npmjs.com/package/@hookd-dev/hookd) for ${platform.os}-${platform.cpu}, built from its native/ sources with zig cc (${platform.zigTarget}). Install @hookd-dev/hookd, not this.\n`,
  );
  copyFileSync(path.join(root, 'LICENSE'), path.join(dir, 'LICENSE'));
  return dir;
}

// The package itself as built (prepare would rebuild it, and compile a bridge for this machine, which
// files leaves out), with each platform package in optionalDependencies at this very version: npm
// installs what the tarball names. Only the tarball names them: a clone's npm ci would look for
// them on the registry before the release is published.
async function mainPackage() {
  const dir = path.join(staging, 'hookd');
  mkdirSync(dir);
  const packed = await run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], { cwd: root });
  await run('tar', ['xzf', path.join(dir, packed.stdout.trim().split('\n').at(-1)), '-C', dir]);
  const manifest = path.join(dir, 'package', 'package.json');
  const released = JSON.parse(readFileSync(manifest, 'utf8'));
  released.optionalDependencies = Object.fromEntries(PREBUILT_PLATFORMS.map((p) => [prebuiltPackage(p), pkg.version]));
  writeFileSync(manifest, `${JSON.stringify(released, null, 2)}\n`);
  return path.join(dir, 'package');
}

try {
  const dirs = await Promise.all([...PREBUILT_PLATFORMS.map(platformPackage), mainPackage()]);
  for (const dir of dirs)
    await run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', outDir], { cwd: dir });
} catch (error) {
  fail(error.stderr || error.message);
} finally {
  rmSync(staging, { recursive: true, force: true });
}
for (const file of readdirSync(outDir)
  .filter((name) => name.endsWith('.tgz'))
  .sort())
  console.log(path.join(outDir, file));
