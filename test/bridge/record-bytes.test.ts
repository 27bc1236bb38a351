// The differential test of the inbox records: the same event through the C bridge (native/emit.c and
// native/run-record.c, both through native/record-bytes.c and native/inbox-writer.c) and through the
// Node one (src/inbox/record-format.ts, run-record.ts, write-record.ts) must land as the same bytes,
// the same files and the same modes. Only what differs by nature is set aside: a run's times, and the
// record's name (each writer names its own). bridge-cases.test.ts compares what the daemon reads of a
// run; this compares what the writers wrote, so a field out of order or a mode changed in C shows here.
import { mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { FRONT_DOOR, HOOKD } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { ENV_FACT_PREFIX, RUN_MAGIC } from '../../src/inbox/run-record.js';
import { OWN_PREFIX } from '../../src/payload/client-env.js';

afterEach(cleanupTempDirs);

// The client's environment, in an order the rules must keep: BAGGAGE before TRACEPARENT (a run record
// keeps them in the environment's order), a project directory, a secret the command names and one it does not.
const CLIENT_ENV = {
  PATH: process.env.PATH!,
  HOME: process.env.HOME!,
  BAGGAGE: 'userId=alice',
  CLAUDE_PROJECT_DIR: '/home/dev/src/demo',
  TRACEPARENT: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
  CLAUDECODE: '1',
  TERM: 'xterm-256color',
  WEBHOOK_TOKEN: 'named-token',
  OTHER_SECRET: 'not-carried',
  _PROJECT_DIR: 'a bare suffix',
  HOOKD_API_KEY: 'never-carried',
};
const STOP = '{"session_id":"s1","hook_event_name":"Stop","stop_hook_active":false}\n';
const PRE_TOOL = JSON.stringify({ session_id: 's1', hook_event_name: 'PreToolUse', tool_name: 'Bash' });

/** What one bridge left in the inbox: the record's bytes, its modes, the marker's, the folders'. */
function landed(state: string) {
  const inbox = path.join(state, 'inbox');
  const tmp = readdirSync(path.join(inbox, 'tmp'));
  const committed = readdirSync(path.join(inbox, 'new'));
  expect(committed, 'one committed record, its marker beside its data').toEqual(tmp);
  expect(tmp).toHaveLength(1);
  const file = path.join(inbox, 'tmp', tmp[0]!);
  const marker = path.join(inbox, 'new', tmp[0]!);
  const mode = (at: string) => (statSync(at).mode & 0o777).toString(8);
  return {
    bytes: readFileSync(file),
    recordMode: mode(file),
    markerMode: mode(marker),
    markerSize: statSync(marker).size,
    folderModes: ['', 'tmp', 'new'].map((dir) => mode(path.join(inbox, dir))),
  };
}

/**
 * A record as compared: a run's times (startedAt, endedAt, durationMs) set to 0, the one part two runs
 * cannot share; and, for a way a shell stands in front of (bin/hookd's script), the client's variables
 * in name order: a shell between reorders the environment, so only the ways that see it as the client
 * gave it (the front door, and Node through it) are held to its order.
 */
function comparable(bytes: Buffer, keepsOrder: boolean): string {
  const text = bytes.toString('latin1').replace(/(?<=\0)(startedAt|endedAt|durationMs)=\d+(?=\0)/g, '$1=0');
  if (keepsOrder) return text;
  const end = text.indexOf('\0\0') + 1;
  const fields = text.slice(0, end).split('\0');
  const isVariable = (field: string, at: number) =>
    at > 0 && (text.startsWith(RUN_MAGIC) ? field.startsWith(ENV_FACT_PREFIX) : !field.startsWith(OWN_PREFIX));
  const at = fields.map((field, i) => (isVariable(field, i) ? i : -1)).filter((i) => i >= 0);
  const sorted = at.map((i) => fields[i]!).sort();
  at.forEach((i, k) => (fields[i] = sorted[k]!));
  return fields.join('\0') + text.slice(end);
}

/** The ways to a writer: `keepsOrder` when nothing between the client and it reorders the environment. */
const C_FRONT_DOOR = { name: 'C, the front door', hookd: FRONT_DOOR, env: {}, keepsOrder: true };
const NODE = {
  name: 'Node, through the front door',
  hookd: FRONT_DOOR,
  env: { HOOKD_BRIDGE_NODE: '1' },
  keepsOrder: true,
};
const SYNC_WAYS = [
  C_FRONT_DOOR,
  { name: "C, through bin/hookd's script", hookd: HOOKD, env: {}, keepsOrder: false },
  NODE,
];
const EMIT_WAYS = [
  C_FRONT_DOOR,
  { name: "sh, bin/hookd's own writer", hookd: HOOKD, env: {}, keepsOrder: false },
  NODE,
];

interface SyncCase {
  name: string;
  args: string[];
  command: string;
  payload: string;
}

const SYNC_CASES: SyncCase[] = [
  {
    name: 'a silent hook (Codex Stop: the answer the bridge adds)',
    args: ['--client', 'codex'],
    command: 'cat >/dev/null',
    payload: STOP,
  },
  {
    name: 'a denial on stdout and stderr, exit 2',
    args: ['--client', 'claude', '--event', 'PreToolUse'],
    command: `echo '{"decision":"block","reason":"no"}'; echo 'why not' >&2; exit 2`,
    payload: PRE_TOOL,
  },
  { name: 'a hook a signal ended', args: ['--client', 'claude'], command: 'kill -TERM $$', payload: STOP },
  {
    name: 'a hook past hookd deadline',
    args: ['--client', 'claude', '--timeout', '1'],
    command: 'exec sleep 30',
    payload: STOP,
  },
  { name: 'a word the bridge cannot read (spawnError)', args: ['--bogus'], command: 'true', payload: STOP },
  {
    name: 'a canonical hook',
    args: ['--client', 'claude', '--canonical'],
    command: 'echo "$HOOKD_HIF_EVENT"; echo a note >&2',
    payload: STOP,
  },
];

type Way = (typeof SYNC_WAYS)[number];

/** Run `words` through `way` as a client would, in `cwd`, and read what landed in its own state directory. */
async function through(way: Way, words: string[], cwd: string, input?: string, folders: string[] = []) {
  const state = tempDir('hookd-state-');
  for (const folder of folders) mkdirSync(path.join(state, 'inbox', folder), { recursive: true, mode: 0o700 });
  const run = await execa(way.hookd, words, {
    cwd,
    env: { ...CLIENT_ENV, HOOKD_STATE_DIR: state, ...way.env },
    extendEnv: false,
    ...(input !== undefined && { input }),
    reject: false,
  });
  return { way, answer: { exitCode: run.exitCode, stdout: run.stdout, stderr: run.stderr }, ...landed(state) };
}

/** Every way landed what the last (Node) did: the same answer, record bytes, modes and files. */
function expectAlike(results: Array<Awaited<ReturnType<typeof through>>>) {
  const node = results.at(-1)!;
  expect(node).toMatchObject({ recordMode: '600', markerMode: '600', markerSize: 0 });
  const seen = (r: (typeof results)[number], keepsOrder: boolean) => {
    const { way, bytes, ...rest } = r;
    return { ...rest, record: comparable(bytes, keepsOrder) };
  };
  for (const c of results.slice(0, -1))
    expect(seen(c, c.way.keepsOrder), c.way.name).toEqual(seen(node, c.way.keepsOrder));
}

describe('a run record: the C bridge writes the bytes the Node bridge writes', () => {
  it.each(SYNC_CASES)(
    '$name',
    async ({ args, command, payload }) => {
      const cwd = tempDir('hookd-project-');
      expectAlike(
        await Promise.all(SYNC_WAYS.map((way) => through(way, ['sync', ...args, '--', command], cwd, payload))),
      );
    },
    30_000,
  );
});

describe('an event record: hookd emit in C, in sh and in Node write the same bytes', () => {
  const EMIT_CASES = [
    { name: 'the event on stdin', words: ['--', 'notify.sh --token "$WEBHOOK_TOKEN"'], input: STOP },
    { name: '--event and --canonical', words: ['--event', 'agentStop', '--canonical', '--', 'log.sh'], input: STOP },
    { name: "Codex's event as the last word", words: ['--payload-arg', '--', 'notify.sh', '{"type":"turn"}'] },
  ];
  it.each(EMIT_CASES)('$name', async ({ words, input }) => {
    const cwd = tempDir('hookd-project-');
    const results = await Promise.all(EMIT_WAYS.map((way) => through(way, ['emit', ...words], cwd, input)));
    expect(results.at(-1)!.answer).toEqual({ exitCode: 0, stdout: '', stderr: '' });
    expectAlike(results);
  });
});

describe('an inbox left with new/ but not tmp/ (deleted under the daemon): every writer makes it again', () => {
  it.each([
    { verb: 'emit', ways: EMIT_WAYS, words: ['emit', '--', 'log.sh'] },
    { verb: 'sync', ways: SYNC_WAYS, words: ['sync', '--client', 'claude', '--', 'cat >/dev/null'] },
  ])('hookd $verb', async ({ ways, words }) => {
    const cwd = tempDir('hookd-project-');
    const results = await Promise.all(ways.map((way) => through(way, words, cwd, STOP, ['new'])));
    expect(results.at(-1)!.answer).toMatchObject({ exitCode: 0, stderr: '' });
    expectAlike(results);
  });
});
