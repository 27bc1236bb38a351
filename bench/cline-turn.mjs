// Cline's turn for bench/real-client.mjs (issue 32): its hooks are executable files, not a settings
// file, so its case is apart. One `cline --json` turn (3.0.65, offline against the fake Chat
// Completions API) with a TaskComplete hook that sleeps 3 s, run by Cline itself ("direct") or
// through hookd as a user gets it (the same file wrapped in place by a plain `hookd install
// --client cline`: TaskComplete goes behind hookd emit, a daemon on a temp state directory runs
// it), and a turn whose hook is `true` (the floor). Rounds interleaved; ratios from the same run.
import { chmodSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CLIENT_BINS } from '../test/clients/install-clients.mjs';
import { HOOKD_BIN_DIR, killStrays, runProcess } from '../test/clients/run-client.mjs';
import { startChatFake } from '../test/clients/fakes/openai-chat.mjs';
import { HOOKD, printTable, sleep, startDaemon, tempDir, turnRows } from './lib.mjs';

const STOP_S = 3;

/** A home where Cline talks to `fakeUrl`, with `hook` as its TaskComplete hook file. */
async function clineHome(fakeUrl, hook, stateDir) {
  const home = tempDir('hookd-bench-cline-');
  const project = path.join(home, 'project');
  mkdirSync(project);
  const env = { PATH: `${HOOKD_BIN_DIR}:${process.env.PATH}`, HOME: home, HOOKD_STATE_DIR: stateDir };
  const auth = await runProcess(
    CLIENT_BINS.cline,
    ['auth', '-p', 'openai', '-k', 'x', '-m', 'gpt-4.1', '-b', `${fakeUrl}/v1`],
    { cwd: project, env, timeoutMs: 60_000 },
  );
  if (auth.exitCode !== 0) throw new Error(`cline auth failed:\n${auth.stderr.slice(-2000)}`);
  const file = path.join(home, '.cline', 'hooks', 'TaskComplete');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `#!/bin/sh\n${hook}\n`);
  chmodSync(file, 0o755);
  return {
    home,
    project,
    env,
    run: () => runProcess(CLIENT_BINS.cline, ['--json', 'say hi'], { cwd: project, env, timeoutMs: 90_000 }),
  };
}

/** Bench Cline's turn, `rounds` interleaved rounds; prints its table. */
export async function benchCline(rounds) {
  const fake = await startChatFake();
  const markers = tempDir();
  const stateDir = path.join(tempDir(), 'state');
  const done = (prefix) => readdirSync(markers).filter((file) => file.startsWith(prefix)).length;
  const slow = (way) => `sleep ${STOP_S}; : > ${path.join(markers, `${way}-`)}$$`;
  const homes = {
    noop: await clineHome(fake.url, 'true', stateDir),
    direct: await clineHome(fake.url, slow('direct'), stateDir),
    bridged: await clineHome(fake.url, slow('bridged'), stateDir),
  };
  const install = await runProcess(HOOKD, ['install', '--client', 'cline'], {
    cwd: homes.bridged.project,
    env: homes.bridged.env,
    timeoutMs: 60_000,
  });
  if (install.exitCode !== 0) throw new Error(`hookd install failed:\n${install.stdout}${install.stderr}`);
  const daemon = await startDaemon(null, [], { HOME: homes.bridged.home, HOOKD_STATE_DIR: stateDir });
  const wall = { noop: [], direct: [], bridged: [] };
  const ratios = { direct: [], noop: [] };
  try {
    for (let round = 0; round < rounds; round++) {
      const times = {};
      for (const way of round % 2 ? ['bridged', 'direct', 'noop'] : ['noop', 'direct', 'bridged']) {
        const result = await homes[way].run();
        if (result.timedOut || result.exitCode !== 0)
          throw new Error(
            `cline (${way}) ${result.timedOut ? 'stalled' : `exited ${result.exitCode}`}:\n${result.stderr.slice(-2000)}`,
          );
        times[way] = result.wallMs;
        wall[way].push(result.wallMs);
      }
      ratios.direct.push(times.bridged / times.direct);
      ratios.noop.push(times.bridged / times.noop);
    }
    for (let waited = 0; waited < (STOP_S + 10) * 1000 && done('bridged-') < rounds; waited += 100) await sleep(100);
  } finally {
    for (const one of Object.values(homes)) killStrays(one.project);
    await daemon.stop();
    await fake.close();
  }
  printTable(
    `real client cline: one turn, ${STOP_S} s TaskComplete hook (medians of ${rounds} interleaved rounds; ratio (value / baseline), ms)`,
    turnRows(wall, ratios),
  );
  console.log(
    `  hooks finished: TaskComplete direct ${done('direct-')} of ${rounds}, through hookd ${done('bridged-')} of ${rounds}`,
  );
  for (const dir of [markers, path.dirname(stateDir), ...Object.values(homes).map((one) => one.home)])
    rmSync(dir, { recursive: true, force: true });
}
