// The suite's tiers, for a developer at work; `npm test` runs the whole suite (what CI runs).
//   fast         in-process tests: no built binary, no daemon, no client (under a minute)
//   e2e          the tests that run the built binary or a daemon (test/reliability and test/clients apart)
//   reliability  test/reliability: faults, hostile input, shared machines
//   clients      test/clients: the real clients, offline against the fake model API
// A test is end to end when it (or a helper it imports) names the binary (HOOKD), dist/, or starts
// a daemon or a process (spawn, fork, execa): read from the test's text, so a new test is sorted
// without a list to keep. `--list` prints the tier's files instead of running them; other words go
// on to vitest.
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const PROCESS = /\bHOOKD\b|['"`]dist['"`/]|dist\/|\bspawn(Sync)?\(|\bfork\(|\bexeca\b|\bexecFile(Sync)?\(/;

function walk(dir) {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const rel = path.join(dir, name);
    if (name === 'node_modules' || name === 'fixtures') return [];
    return statSync(path.join(root, rel)).isDirectory() ? walk(rel) : [rel];
  });
}

const text = (file) => readFileSync(path.join(root, file), 'utf8');
const helpers = new Set(
  walk('test/helpers')
    .filter((file) => PROCESS.test(text(file)))
    .map((file) => path.basename(file, '.ts')),
);
/** Whether `file` runs the binary or a process, itself or through a helper. */
export function endToEnd(file) {
  const body = text(file);
  return (
    PROCESS.test(body) ||
    [...body.matchAll(/from '(?:\.\.\/)+helpers\/([\w-]+)\.js'/g)].some((match) => helpers.has(match[1]))
  );
}

const all = walk('test').filter((file) => file.endsWith('.test.ts'));
const inside = (dir) => (file) => file.startsWith(`test/${dir}/`);
// test/windows runs under wine, with a config of its own (npm run test:windows is this tier).
const tests = all.filter((file) => !inside('windows')(file));
export const TIERS = {
  fast: () => tests.filter((file) => !inside('reliability')(file) && !inside('clients')(file) && !endToEnd(file)),
  e2e: () => tests.filter((file) => !inside('reliability')(file) && !inside('clients')(file) && endToEnd(file)),
  reliability: () => tests.filter(inside('reliability')),
  clients: () => tests.filter(inside('clients')),
  windows: () => all.filter(inside('windows')),
};
const CONFIG = { windows: ['--config', 'vitest.windows.config.ts'] };

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [tier, ...rest] = process.argv.slice(2);
  if (!Object.hasOwn(TIERS, tier)) {
    console.error(`usage: node scripts/test-tiers.mjs ${Object.keys(TIERS).join('|')} [--list] [vitest options]`);
    process.exit(2);
  }
  const files = TIERS[tier]();
  if (rest.includes('--list')) console.log(files.join('\n'));
  else {
    if (tier !== 'fast') execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    process.exitCode =
      spawnSync(
        path.join(root, 'node_modules', '.bin', 'vitest'),
        ['run', ...(CONFIG[tier] ?? []), ...rest, ...files],
        {
          cwd: root,
          stdio: 'inherit',
        },
      ).status ?? 1;
  }
}
