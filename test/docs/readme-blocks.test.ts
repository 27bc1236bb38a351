// The README as a newcomer follows it: in a fresh clone (no dist/, no node_modules/), with a home,
// XDG directories and an npm prefix of its own, every shell block is pasted in order and must
// succeed. A block whose last command is `hookd daemon` is a terminal of its own: it runs in the
// background until the next such block, and must answer /health. The test command itself would run
// this suite inside itself, so it is checked against what `.ci/run` runs instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa, type ResultPromise } from 'execa';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { requestDaemon } from '../../src/server/socket-client.js';
import { freshCopy } from '../helpers/fresh-copy.js';
import { npmEnv } from '../helpers/npm-env.js';
import { ROOT } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { ciTestCommand, commandsOf, shellBlocks, startsDaemon, type ShellBlock } from './shell-blocks.js';

const blocks = shellBlocks(readFileSync(path.join(ROOT, 'README.md'), 'utf8'));
const ciCommand = ciTestCommand(path.join(ROOT, '.ci', 'run'));
const isTestCommand = (block: ShellBlock) => commandsOf(block).join('\n') === ciCommand;

let clone: string;
let home: string;
let env: Record<string, string>;
let daemon: { child: ResultPromise; output: () => string } | undefined;

/** A newcomer's shell: nothing of hookd's, XDG's or OpenTelemetry's, a home of its own, npm from this machine's cache. */
function newcomerEnv(): Record<string, string> {
  const prefix = tempDir('hookd-prefix-');
  const env = npmEnv({
    HOME: home,
    XDG_STATE_HOME: path.join(home, '.local', 'state'),
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_DATA_HOME: path.join(home, '.local', 'share'),
    PATH: `${path.join(prefix, 'bin')}:${process.env.PATH}`,
    // Where `npm link` and `npm i -g` put hookd.
    npm_config_prefix: prefix,
    // A neighbour's daemon may hold the fixed hook port; the daemon would still start, but quietly.
    HOOKD_TCP_PORT: '0',
  });
  for (const name of Object.keys(env))
    if (/^(HOOKD_(?!TCP_PORT$)|OTEL_|XDG_(?!(STATE|CONFIG|DATA)_HOME$))/i.test(name)) delete env[name];
  return env;
}

async function stopDaemon(): Promise<void> {
  if (!daemon) return;
  process.kill(-daemon.child.pid!, 'SIGTERM');
  await daemon.child;
  daemon = undefined;
  // The group got the signal; the daemon itself lets go of its socket (and lock) once it has stopped.
  await waitFor(
    'the daemon to stop',
    () =>
      requestDaemon(daemonSocket(), 'GET', '/health').then(
        () => false,
        () => true,
      ),
    30_000,
  );
}

const daemonSocket = () => path.join(home, '.local', 'state', 'hookd', 'hookd.sock');

async function startDaemon(block: ShellBlock): Promise<void> {
  await stopDaemon();
  const child = execa('bash', ['-e', '-c', block.text], {
    cwd: clone,
    env,
    extendEnv: false,
    detached: true,
    reject: false,
    all: true,
    buffer: false,
  });
  let output = '';
  let exited = false;
  child.all?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  void child.then(() => (exited = true));
  daemon = { child, output: () => output };
  await waitFor(
    `README line ${block.line}: the daemon to answer GET /health`,
    async () => {
      if (exited)
        throw new Error(`README line ${block.line}: the block exited instead of running the daemon:\n${output}`);
      return requestDaemon(daemonSocket(), 'GET', '/health').then(
        (r) => r.status === 200,
        () => false,
      );
    },
    240_000,
  );
}

beforeAll(() => {
  clone = freshCopy();
  home = tempDir('hookd-home-');
  env = newcomerEnv();
});
afterAll(async () => {
  await stopDaemon();
  cleanupTempDirs();
});

describe("the README's shell blocks", () => {
  it("gives exactly two set-up commands: the daemon from the clone, and .ci/run's test command", () => {
    const setup = blocks.filter(
      (block) => isTestCommand(block) || (startsDaemon(block) && commandsOf(block)[0]!.includes('./bin/hookd daemon')),
    );
    expect(setup.map((block) => commandsOf(block).join('\n'))).toEqual([
      expect.stringMatching(/\.\/bin\/hookd daemon$/),
      ciCommand,
    ]);
    expect(blocks.filter(isTestCommand)).toHaveLength(1);
  });

  it('fit a first screen: at most 120 lines, the install, a first guard and a first notification in the first 40', () => {
    const lines = readFileSync(path.join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(120);
    const firstScreen = blocks.filter((block) => block.line <= 40).flatMap(commandsOf);
    expect(firstScreen).toContainEqual(expect.stringMatching(/^npm ci && npm link$/));
    expect(firstScreen).toContainEqual(expect.stringMatching(/^hookd install --add no-[\w-]+ --add notify$/));
    expect(firstScreen).toContainEqual(expect.stringMatching(/^hookd daemon$/));
    expect(firstScreen).toContainEqual(expect.stringMatching(/\| hookd emit -- .*notify\.sh'$/));
  });

  it('run as pasted, in order, in a fresh clone', async () => {
    const pasted = blocks.filter((block) => !isTestCommand(block));
    expect(pasted.filter(startsDaemon).length).toBeGreaterThan(0);
    for (const block of pasted) {
      if (startsDaemon(block)) {
        await startDaemon(block);
        continue;
      }
      const result = await execa('bash', ['-e', '-o', 'pipefail', '-c', block.text], {
        cwd: clone,
        env,
        extendEnv: false,
        reject: false,
        all: true,
        timeout: 240_000,
      });
      expect(result.exitCode, `README line ${block.line}:\n${block.text}\n${result.all}`).toBe(0);
    }
    // The first notification ends with the event the README sends through the bridge, run by the daemon.
    const history = path.join(home, '.local', 'state', 'hookd', 'history.jsonl');
    const runs = existsSync(history) ? readFileSync(history, 'utf8').split('\n').filter(Boolean) : [];
    expect(
      runs.map((line) => JSON.parse(line) as { session: string; command: string; outcome: string }),
    ).toContainEqual(
      expect.objectContaining({ session: 'try-1', command: expect.stringContaining('notify.sh'), outcome: 'ok' }),
    );
  }, 600_000);
});
