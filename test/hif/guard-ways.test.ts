// The guards' corpus (test/hif/guard-corpus/) decides the same whichever way a decision goes (issue
// 40): the entries `hookd install --add` writes, run as Claude Code runs them (`sh -c ENTRY`, the
// payload on stdin, in the case's folder), with the daemon up (warm), with it down (cold, the bridge
// runs the guards itself), and with hookd off the client's PATH (the entry's fallback), through the
// native bridge and the Node one. Every case goes the warm way through the native bridge; a sample
// of every forty-eighth goes every way (each cold run is a Node start: the whole corpus every way would be
// minutes of CPU). Each answer must be the one the guards give in-process for that case. A cold run
// reads the payload by hookd's rule from one bundled file (src/hif/guard-fields.ts).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { ROOT } from '../helpers/paths.js';
import { waitFor } from '../helpers/wait-for.js';
import { claudeDenial } from '../helpers/claude-denial.js';
import { runHookdWithEnv } from '../helpers/run-hookd.js';
import { stopTestDaemons, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { buildFixture, CASES, nameOf, type Places, requestOf, type Case } from './guard-corpus/corpus.js';
// @ts-expect-error: the guards are plain ES modules, shipped as examples
import { readInput } from '../../hooks-examples/guards/guard-kit.mjs';
// @ts-expect-error: as above
import { decide, loadChecks } from '../../hooks-examples/guards/guards.mjs';
// @ts-expect-error: as above
import { requestEnv } from '../../hooks-examples/guards/kit/warm.mjs';

interface Group {
  matcher: string;
  hooks: { command: string }[];
}

let places: Places;
let daemon: TestDaemon;
let groups: Group[];

beforeAll(async () => {
  places = buildFixture(tempDir());
  // The entries as a user gets them: installed into a Claude Code settings file.
  const home = tempDir();
  const settings = path.join(home, '.claude', 'settings.json');
  mkdirSync(path.dirname(settings), { recursive: true });
  writeFileSync(settings, '{}\n');
  const install = await runHookdWithEnv(
    ['install', '--add', 'no-rm-rf,no-force-push,no-secrets-read,no-pipe-to-shell'],
    {
      HOME: home,
      XDG_STATE_HOME: path.join(home, 'state'),
      XDG_CONFIG_HOME: path.join(home, '.config'),
    },
  );
  expect(install.exitCode, install.stderr).toBe(0);
  groups = JSON.parse(readFileSync(settings, 'utf8')).hooks.PreToolUse;
  daemon = testDaemon({});
  writeFileSync(daemon.settings, readFileSync(settings));
  await daemon.start();
}, 120_000);

afterAll(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

/** The entry Claude Code runs for `tool`, as its matcher (a `|` list of names) picks it; none: the call runs unguarded. */
const entryOf = (tool: string) => groups.find((group) => group.matcher.split('|').includes(tool))?.hooks[0]?.command;
const toolOf = (one: Case) => (one.shell !== undefined ? 'Bash' : one.tool!);

/** What the entry's guards decide in-process: the reason of the first denial, or undefined. */
async function expected(one: Case): Promise<string | undefined> {
  const entry = entryOf(toolOf(one));
  if (!entry) return undefined;
  const names = /guards\.mjs ([a-z,-]+)'/.exec(entry)![1]!;
  const request = requestOf(one, places);
  // sh, which runs the entry, exports PWD: the guard reads `$PWD` as the case's folder every way.
  const withPwd = { ...request, env: { ...request.env, PWD: request.cwd } };
  return decide(await loadChecks([names]), await readInput(await requestEnv(withPwd), request.payload, request.cwd));
}

type Way = 'warm' | 'cold' | 'off PATH';

/** Run the case's entry as Claude Code does: its answer, the exit code and the reason on stderr. */
function run(one: Case, way: Way, bridge: 'native' | 'node') {
  const entry = entryOf(toolOf(one));
  if (!entry) return { denied: '' };
  const request = requestOf(one, places);
  const hookdOnPath = way !== 'off PATH';
  const result = spawnSync('sh', ['-c', entry], {
    cwd: request.cwd,
    input: JSON.stringify(request.payload),
    env: {
      ...request.env,
      PATH: hookdOnPath ? `${path.join(ROOT, 'bin')}:${request.env.PATH}` : '/usr/bin:/bin',
      // Warm: the daemon's state (its socket, its inbox); cold: a state folder no daemon serves.
      HOOKD_STATE_DIR: way === 'warm' ? daemon.stateDir : path.join(daemon.dir, 'no-daemon'),
      ...(bridge === 'node' && { HOOKD_BRIDGE_NODE: '1' }),
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { denied: claudeDenial(result.status, result.stdout, result.stderr) ?? '' };
}

const answerOf = (reason: string | undefined) => ({ denied: reason ?? '' });

describe('the guards decide the same every way', () => {
  it('warm, through the native bridge: every case of the corpus', async () => {
    const differ: string[] = [];
    for (const one of CASES) {
      const want = answerOf(await expected(one));
      const got = run(one, 'warm', 'native');
      if (got.denied !== want.denied)
        differ.push(`${nameOf(one)}: ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
    }
    expect(differ).toEqual([]);
    // And warm it was (but for the first calls, should the handler start slower than the bridge's budget).
    const runs = await waitFor('the runs in the history', () => {
      const found = daemon.history().filter((entry) => entry.event === 'PreToolUse');
      return found.length > 0 ? found : undefined;
    });
    expect(runs.filter((entry) => entry.warm === 'answered').length).toBeGreaterThan(runs.length / 2);
  }, 300_000);

  it('warm and cold through both bridges, and off PATH: a sample of every forty-eighth case', async () => {
    const differ: string[] = [];
    for (const one of CASES.filter((_, i) => i % 48 === 0)) {
      const want = answerOf(await expected(one));
      for (const [way, bridge] of [
        ['warm', 'node'],
        ['cold', 'native'],
        ['cold', 'node'],
        ['off PATH', 'native'],
      ] as const) {
        const got = run(one, way, bridge);
        if (got.denied !== want.denied)
          differ.push(`${nameOf(one)} (${way}, ${bridge}): ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
      }
    }
    expect(differ).toEqual([]);
  }, 300_000);
});
