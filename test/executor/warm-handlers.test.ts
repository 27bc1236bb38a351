// Warm handlers end to end (issue 40): a real daemon keeps the hooks its settings mark `--warm`
// running (src/daemon/warm-route.ts, src/executor/warm-pool.ts), and the real bridges (native and
// Node: native/ask-warm.c, src/bridge/ask-warm.ts) ask it before running the hook themselves. A
// handler that misbehaves in any way ends in the cold run of the same hook, whose decision is the
// hook's own ("cold MODE"); nothing reaches the client that the hook did not say; the daemon lives on.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { execa } from 'execa';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endClients, runAsClient, type Way } from '../helpers/bridge-client.js';
import { stopTestDaemons, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { FIXTURES } from '../helpers/paths.js';
import { asOtherUser, isRoot, otherUser } from '../helpers/second-user.js';
import { waitFor } from '../helpers/wait-for.js';
import { claudeDenial } from '../helpers/claude-denial.js';
import { processAlive } from '../helpers/process-alive.js';

const HANDLER = path.join(FIXTURES, 'warm', 'handler.mjs');
const MODES = [
  'ok',
  'garbage',
  'outside',
  'silent',
  'two',
  'huge',
  'fork-exit',
  'no-term',
  'no-stdin',
  'memory',
  'crash-once',
] as const;
type Mode = (typeof MODES)[number];

const PAYLOAD = JSON.stringify({
  session_id: 's1',
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command: 'rm -rf /' },
  cwd: '/tmp',
});
const ARGS = ['--warm', '--client', 'claude', '--event', 'PreToolUse', '--timeout', '10'];

const denial = (answer: { code: number | null; stdout: Buffer; stderr: string }) =>
  claudeDenial(answer.code, answer.stdout.toString(), answer.stderr);

let daemon: TestDaemon;
const command = (mode: Mode) => `node ${HANDLER} ${mode} ${path.join(daemon.dir, mode)}`;
const ask = (way: Way, mode: Mode, cmd = command(mode)) =>
  runAsClient(way, { command: cmd, payload: PAYLOAD, args: ARGS, env: { HOOKD_SOCKET: daemon.socket } });

/**
 * Ask until the warm handler answers (a handler starting under load may miss the bridge's budget:
 * that ask ran cold, which must still be the hook's own answer), and return that warm answer.
 */
async function warmAnswer(way: Way, mode: Mode) {
  let answer: Awaited<ReturnType<typeof ask>> | undefined;
  await waitFor(`a warm answer from the ${mode} handler`, async () => {
    answer = await ask(way, mode);
    expect(denial(answer)).toMatch(new RegExp(`^(warm|cold) ${mode}$`));
    return answer.record?.run.warm === 'answered';
  });
  return answer!;
}

beforeAll(async () => {
  daemon = testDaemon({});
  const entry = (mode: Mode) => ({
    type: 'command',
    command: `hookd sync ${ARGS.join(' ')} -- '${command(mode)}'`,
    timeout: 10,
  });
  writeFileSync(daemon.settings, JSON.stringify({ hooks: { PreToolUse: [{ hooks: MODES.map(entry) }] } }));
  Object.assign(daemon.env, {
    HOOKD_WARM_HUNG_MS: '1500',
    HOOKD_WARM_MAX_RSS_MB: '200',
    HOOKD_WARM_MEMORY_EVERY_MS: '1',
  });
  await daemon.start();
});

afterAll(async () => {
  endClients();
  await stopTestDaemons();
});

describe.each(['native', 'node'] as const)('through the %s bridge', (way) => {
  it('takes a warm handler answer as the hook own, and records it as warm', async () => {
    const answer = await warmAnswer(way, 'ok');
    expect(denial(answer)).toBe('warm ok');
    expect(answer.record?.run.warm).toBe('answered');
    expect(answer.record?.decision).toBe('deny: warm ok');
  });

  it.each(['garbage', 'outside', 'silent', 'huge', 'fork-exit', 'no-term', 'no-stdin'] as const)(
    'runs the hook cold when its handler misbehaves (%s)',
    async (mode) => {
      const answer = await ask(way, mode);
      expect(denial(answer)).toBe(`cold ${mode}`);
      expect(answer.stderr).not.toContain('warm');
      expect(answer.record?.run.warm).toMatch(/^cold: /);
    },
  );

  it('never hands on an answer the hook did not give when it answers twice', async () => {
    const answers = [await ask(way, 'two'), await ask(way, 'two')];
    for (const answer of answers) expect(denial(answer)).toMatch(/^(warm two|cold two)$/);
  });

  it('runs cold a hook no followed file marks warm', async () => {
    const answer = await ask(way, 'ok', `${command('ok')} unnamed`);
    expect(denial(answer)).toBe('cold ok');
    expect(answer.record?.run.warm).toContain('no followed file names this hook warm');
  });
});

describe('the daemon side', () => {
  it('ends a handler that forked and left, and the child it left behind', async () => {
    await ask('native', 'fork-exit');
    const child = Number(readFileSync(path.join(daemon.dir, 'fork-exit.child'), 'utf8'));
    await waitFor('the forked child to be ended', () => !processAlive(child));
    expect(processAlive(child)).toBe(false);
  });

  it('ends a handler that ignores SIGTERM and never answers', async () => {
    await ask('native', 'no-term');
    await waitFor('the daemon to log that it ended the hung handler', () =>
      /warm handler ended[^\n]*|did not answer within 1500 ms/.test(daemon.logs()),
    );
    const left = () => execa('pgrep', ['-f', `${HANDLER} no-term`], { reject: false });
    await waitFor('no process of the no-term handler left', async () => (await left()).stdout.trim() === '');
    expect((await left()).stdout.trim()).toBe('');
  });

  it('starts a handler again after it crashed', async () => {
    const first = await ask('native', 'crash-once');
    expect(denial(first)).toBe('cold crash-once');
    // Started again by the next ask, it answers warm.
    expect(denial(await warmAnswer('native', 'crash-once'))).toBe('warm crash-once');
    expect(readFileSync(path.join(daemon.dir, 'crash-once.starts'), 'utf8').length).toBeGreaterThanOrEqual(2);
  });

  it('ends a handler past its memory bound, and runs the hook cold', async () => {
    expect(denial(await warmAnswer('native', 'memory'))).toBe('warm memory');
    const second = await ask('native', 'memory');
    expect(denial(second)).toBe('cold memory');
    expect(second.record?.run.warm).toMatch(/over its bound of 200 MB/);
  });

  it('answers a request it cannot read with 503 and why, so the bridge runs the hook cold', async () => {
    const line = (fields: Record<string, unknown>) =>
      JSON.stringify({
        command: command('ok'),
        client: 'claude',
        event: 'PreToolUse',
        cwd: '/tmp',
        env: {},
        budgetMs: 500,
        ...fields,
      });
    const cases: Array<[string, string | Buffer, RegExp]> = [
      ['no line break', line({}), /does not start with a line of the warm protocol/],
      ['a first line that is not JSON', `{command\n${PAYLOAD}`, /does not start with a line/],
      ['a command that is not text', `${line({ command: 7 })}\n${PAYLOAD}`, /does not start with a line/],
      ['a NUL in the command', `${line({ command: 'a\u0000b' })}\n${PAYLOAD}`, /does not start with a line/],
      ['an environment value that is not text', `${line({ env: { A: 1 } })}\n${PAYLOAD}`, /does not start with a line/],
      ['an environment that is a list', `${line({ env: ['A=1'] })}\n${PAYLOAD}`, /does not start with a line/],
      ['a budget of 0', `${line({ budgetMs: 0 })}\n${PAYLOAD}`, /does not start with a line/],
      ['a budget that is text', `${line({ budgetMs: '500' })}\n${PAYLOAD}`, /does not start with a line/],
      ['a payload that is not JSON', `${line({})}\n{"tool_name": `, /the payload is not JSON/],
      ['a payload that is a list', `${line({})}\n[1, 2]`, /the payload is not a JSON object/],
      ['a command no followed file names', `${line({ command: 'rm -rf ~' })}\n${PAYLOAD}`, /no followed file names/],
    ];
    for (const [what, body, why] of cases) {
      const answer = await daemon.request('POST', '/warm', body);
      expect({ what, status: answer.status, body: answer.body }).toEqual({
        what,
        status: 503,
        body: expect.stringMatching(why),
      });
    }
    // Past its bound the daemon answers 503 and closes at once: the close can reach the writer before
    // the answer does (EPIPE, under load), which a bridge reads as it reads the 503: cold.
    const past = await daemon.request('POST', '/warm', Buffer.alloc(34 * 2 ** 20, 0x20)).then(
      (answer) => `${answer.status} ${answer.body}`,
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect(past).toMatch(/^(503 [^]*too large[^]*|EPIPE|ECONNRESET)$/);
  });

  it('lives through all of it', async () => {
    expect((await daemon.request('GET', '/health')).status).toBe(200);
  });

  it('does not serve POST /warm on the loopback listener, even with the token', async () => {
    const port = await daemon.loopbackPort();
    const token = readFileSync(path.join(daemon.stateDir, 'local-token'), 'utf8').trim();
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, method: 'POST', path: '/warm', headers: { authorization: `Bearer ${token}` } },
        (res) => (res.resume(), resolve(res.statusCode ?? 0)),
      );
      req.on('error', reject);
      req.end(`{}\n${PAYLOAD}`);
    });
    expect(status).toBe(404);
  });

  it.runIf(isRoot)('refuses a warm request from another local user', async () => {
    await otherUser();
    const tryIt = `require('net').connect(${JSON.stringify(daemon.socket)}).on('error', (e) => { console.log(e.code); process.exit(0); }).on('connect', () => { console.log('connected'); process.exit(0); })`;
    const result = await asOtherUser(['node', '-e', tryIt]);
    expect(result.stdout.trim()).toBe('EACCES');
  });

  it('runs the hook cold when the daemon is down', async () => {
    await daemon.stop();
    expect(existsSync(daemon.socket)).toBe(false);
    for (const way of ['native', 'node'] as const) {
      const answer = await ask(way, 'ok');
      expect(denial(answer)).toBe('cold ok');
      expect(answer.record?.run.warm).toContain('no daemon');
    }
  });
});
