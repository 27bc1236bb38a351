// The native front door (issue 33): the program as `hookd`, which runs `hookd emit` (in C) and
// `hookd sync` itself and hands every other command to Node. Its emit stores the very record
// bin/hookd's sh path and Node's store, with the same messages; what it cannot do without Node
// (every other command) it says plainly, and the bridges keep working without Node at all.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { FRONT_DOOR, ROOT } from '../helpers/paths.js';
import { EMIT_WAYS } from '../helpers/emit-ways.js';
import { installWithoutNode } from '../helpers/install-without-node.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { stopPayload } from '../helpers/daemon-process.js';
import { parseRecord, type RecordContent } from '../../src/inbox/record-format.js';

afterEach(cleanupTempDirs);

const VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const CLIENT_ENV = {
  PATH: process.env.PATH!,
  HOME: '/home/dev',
  CLAUDE_PROJECT_DIR: '/home/dev/src/demo',
  TMUX_PANE: '%3',
  LC_ALL: 'C.UTF-8',
  SLACK_WEBHOOK: 'https://hooks.example/abc',
  GEMINI_API_KEY: 'gemini-key-marker',
  WEBHOOK_TOKEN: 'named-token',
  HOOKD_API_KEY: 'key-marker',
  MULTI_LINE_PROJECT_DIR: 'a\nexport FAKE=1\nb',
};

/** The record one way of `hookd emit` stored (undefined when none), with its stdout, stderr and exit code. */
async function emit(hookd: string, args: string[], env: Record<string, string>, input?: string) {
  const state = tempDir();
  const cwd = tempDir();
  const result = await execa(hookd, ['emit', ...args], {
    env: { ...CLIENT_ENV, HOOKD_STATE_DIR: state, ...env },
    extendEnv: false,
    cwd,
    input,
    reject: false,
  });
  const stored = (() => {
    try {
      return readdirSync(path.join(state, 'inbox', 'new'));
    } catch {
      return [];
    }
  })();
  let record: RecordContent | undefined;
  if (stored.length === 1) {
    const parsed = parseRecord(readFileSync(path.join(state, 'inbox', 'tmp', stored[0]!)));
    if (!parsed.ok) throw new Error(parsed.reason);
    record = {
      ...parsed.content,
      clientEnv: {
        ...parsed.content.clientEnv,
        HOOKD_BRIDGE_CWD: cwd === parsed.content.clientEnv.HOOKD_BRIDGE_CWD ? 'the cwd' : 'elsewhere',
      },
    };
  }
  return { code: result.exitCode, stdout: result.stdout, stderr: result.stderr, stored: stored.length, record };
}

// `shDiffers`: where bin/hookd's sh says it otherwise (a gap of the script, left as it is), the front door says what Node says.
const CASES: { name: string; args: string[]; input?: string; env?: Record<string, string>; shDiffers?: string }[] = [
  {
    name: 'variables named, carried and withheld',
    args: ['--', '${CLAUDE_PLUGIN_ROOT}/stop.sh "$SLACK_WEBHOOK" $WEBHOOK_TOKEN'],
    input: stopPayload(),
  },
  {
    name: '--event and --canonical',
    args: ['--event', 'agentStop', '--canonical', '--', 'log.sh'],
    input: '{"a":1}\n',
  },
  {
    name: "--payload-arg (Codex's notify)",
    args: ['--payload-arg', '--', 'notify-send', 'Codex', '{"type":"agent-turn-complete"}'],
  },
  { name: 'several words, no --', args: ['echo', 'a  b', "it's"], input: stopPayload() },
  { name: 'bytes of every kind in the event', args: ['--', 'cat'], input: '{"x":"\u00ff\u0001\\u0000 \u{1f600}"}' },
  { name: 'an option without its value ends the options', args: ['--event'], input: stopPayload() },
  { name: 'no command', args: ['--'], input: stopPayload() },
  { name: 'a command of spaces only', args: ['--', '   '], input: stopPayload() },
  {
    name: 'a relative state directory',
    args: ['--state-dir', 'st"a\\te', '--', 'true'],
    input: stopPayload(),
    shDiffers: 'its echo reads the backslash and it quotes the quote as is, where Node writes JSON',
  },
  {
    name: 'a state directory under ~',
    args: ['--state-dir', '~', '--', 'true'],
    input: stopPayload(),
    env: { HOME: '/nonexistent/home' },
  },
];

describe('hookd emit through the front door', () => {
  it.each(CASES)('stores what bin/hookd and Node store, and says what they say: $name', async (c) => {
    const [sh, front, node] = await Promise.all(
      EMIT_WAYS.map((way) => emit(way.hookd, c.args, { ...way.env, ...c.env }, c.input)),
    );
    if (!c.shDiffers) expect(front).toEqual(sh);
    expect(front).toEqual(node);
    expect({ code: front!.code, stdout: front!.stdout }).toEqual({ code: 0, stdout: '' });
  });

  it('keeps a huge command line exactly (1 MiB in 10,000 words)', async () => {
    const words = Array.from({ length: 10_000 }, (_, i) => `w${i}${'x'.repeat(100)}`);
    const front = await emit(FRONT_DOOR, ['--', ...words], {}, stopPayload());
    expect(front.record?.command).toBe(words.join(' '));
    expect(front.stderr).toBe('');
  });
});

describe('every other command goes to Node', () => {
  it('--version, and the bridges’ help from the command table', async () => {
    expect((await execa(FRONT_DOOR, ['--version'])).stdout).toBe(VERSION);
    expect((await execa(FRONT_DOOR, ['emit', '--help'])).stdout).toMatch(/^Usage: hookd emit/);
    expect((await execa(FRONT_DOOR, ['sync', '-h'])).stdout).toMatch(/^Usage: hookd sync/);
  });

  it('HOOKD_BRIDGE_NODE=1 sends hookd sync to the Node bridge', async () => {
    const run = await execa(FRONT_DOOR, ['sync', '--', 'readlink /proc/$PPID/exe'], {
      env: { HOOKD_BRIDGE_NODE: '1', HOOKD_STATE_DIR: tempDir() },
      input: stopPayload(),
    });
    expect(path.basename(run.stdout)).toMatch(/^node/);
  });

  it('without Node on PATH: the bridges still work; another command runs with the Node hookd was installed with, and says what is missing, exit 127, where that one is gone', async () => {
    const bin = tempDir();
    for (const tool of ['sh', 'cat', 'readlink'])
      symlinkSync((await execa('sh', ['-c', `command -v ${tool}`])).stdout, path.join(bin, tool));
    const env = { PATH: bin, HOOKD_STATE_DIR: tempDir() };
    const installed = await execa(FRONT_DOOR, ['--version'], { env, extendEnv: false });
    expect(installed.stdout).toBe(VERSION);
    const { front: FRONT_DOOR_WITHOUT_NODE } = installWithoutNode();
    const sync = await execa(FRONT_DOOR_WITHOUT_NODE, ['sync', '--', 'cat; exit 2'], {
      env,
      extendEnv: false,
      input: '{"a":1}',
      reject: false,
    });
    expect({ code: sync.exitCode, stdout: sync.stdout }).toEqual({ code: 2, stdout: '{"a":1}' });
    const emitted = await execa(FRONT_DOOR_WITHOUT_NODE, ['emit', '--', 'true'], {
      env,
      extendEnv: false,
      input: '{}',
      reject: false,
    });
    expect({ code: emitted.exitCode, stderr: emitted.stderr }).toEqual({ code: 0, stderr: '' });
    expect(readdirSync(path.join(env.HOOKD_STATE_DIR, 'inbox', 'new'))).toHaveLength(2);
    const status = await execa(FRONT_DOOR_WITHOUT_NODE, ['status'], { env, extendEnv: false, reject: false });
    expect({ code: status.exitCode, stderr: status.stderr }).toEqual({
      code: 127,
      stderr:
        'hookd: cannot start Node.js (node: No such file or directory); every command but hookd emit and hookd sync needs Node.js >= 20.19 on PATH',
    });
  });

  it('a front door with no package around it says so, exit 127, and its bridges still work', async () => {
    const dir = path.join(tempDir(), 'bin');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'hookd'), readFileSync(path.join(ROOT, 'dist', 'hookd-bridge')), { mode: 0o755 });
    const lone = path.join(dir, 'hookd');
    const status = await execa(lone, ['status'], { reject: false });
    expect({ code: status.exitCode, stderr: status.stderr }).toEqual({
      code: 127,
      stderr: `hookd: cannot find the package this program belongs to (${path.join(path.dirname(dir), 'dist', 'bin.js')}: No such file or directory); reinstall @hookd-dev/hookd`,
    });
    const sync = await execa(lone, ['sync', '--', 'cat'], { input: '{"b":2}', env: { HOOKD_STATE_DIR: tempDir() } });
    expect(sync.stdout).toBe('{"b":2}');
  });
});
