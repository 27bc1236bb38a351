// Reproduction of issue 29, case 3, on the http path: a deciding Claude Code http hook's stdout was
// cut at the runner's 64 KiB, the cut text was not JSON, and the daemon answered 204, which Claude
// Code reads as success: a long denial, or an `updatedInput` rewrite of a large file, became
// "allow", the history read the run as deciding nothing, and after 20 such runs `hookd status`
// advised moving the guard behind `hookd emit`. A real daemon, real POSTs as Claude Code sends them.
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { stopTestDaemons, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { HOOKD } from '../helpers/paths.js';
import { hookdUrl } from '../../src/settings/hookd-url.js';
import { MAX_ANSWER_BYTES } from '../../src/clients/contract.js';
import { NEVER_DECIDES_MIN_RUNS } from '../../src/history/never-decides.js';
import { clientHeaders, hookPath, hookTarget, rawRequest, type HookAnswer } from '../transport/hook-client.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

// As `hookd install --transport http` writes an entry (docs/http-hooks.md).
const httpHook = (command: string) => ({
  type: 'http',
  url: hookdUrl(14653, 'PreToolUse', command),
  headers: { Authorization: 'Bearer $HOOKD_TOKEN' },
  allowedEnvVars: ['HOOKD_TOKEN'],
  timeout: 60,
});

// What Claude Code posts before it writes a file.
const writePayload = (content: string) =>
  JSON.stringify({
    session_id: 'sess-29',
    transcript_path: '/tmp/t.jsonl',
    cwd: '/',
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: 'Write',
    tool_input: { file_path: '/tmp/notes.md', content },
    tool_use_id: 'toolu_29',
  });

/** A denial whose reason runs to `bytes` (the first line says why; the rest lists what matched). */
function longDenial(bytes: number): string {
  const head = 'the file holds 1,200 secrets; each is listed below';
  const reason = `${head}\n${'AKIAIOSFODNN7EXAMPLE matched rule aws-key\n'.repeat(Math.ceil(bytes / 42))}`;
  return JSON.stringify({
    hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason },
  });
}

/** A rewrite of the file the agent writes: `updatedInput` with `bytes` of content. */
function bigRewrite(bytes: number): string {
  return JSON.stringify({
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: 'allow',
      updatedInput: { file_path: '/tmp/notes.md', content: 'x'.repeat(bytes) },
    },
  });
}

/** A hook that reads the event and prints the answer kept in `file`, as a guard prints its JSON. */
function answering(dir: string, name: string, answer: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, answer);
  return `cat > /dev/null; cat '${file}'`;
}

async function claudeDaemon(
  commands: string[],
): Promise<{ daemon: TestDaemon; post: (command: string) => Promise<HookAnswer> }> {
  const daemon = testDaemon({ PreToolUse: [{ matcher: 'Write', hooks: commands.map(httpHook) }] });
  await daemon.start(['--client', 'claude']);
  const { port, token } = await hookTarget(daemon);
  const payload = writePayload('# notes\n');
  const post = (command: string) =>
    rawRequest(port, {
      path: hookPath(port, 'PreToolUse', command),
      headers: clientHeaders(port, token, payload),
      body: payload,
    });
  return { daemon, post };
}

const runsOf = (daemon: TestDaemon, command: string) => daemon.history().filter((run) => run.command === command);

describe('reproduction of issue 29, case 3: no cap on what decides (http hooks)', () => {
  it('a guard printing a 70 KB denial is answered with the whole denial, recorded as deny, and never advised to move behind hookd emit', async () => {
    const dir = tempDir();
    const denial = longDenial(70_000);
    expect(Buffer.byteLength(denial)).toBeGreaterThan(70_000);
    const guard = answering(dir, 'deny.json', denial);
    const { daemon, post } = await claudeDaemon([guard]);

    for (let i = 0; i < NEVER_DECIDES_MIN_RUNS; i++) {
      const answer = await post(guard);
      // The whole denial, byte for byte: before, 204 (the cut JSON was no answer), which allows.
      expect(answer.status).toBe(200);
      expect(answer.body).toBe(denial);
    }
    await waitFor(
      `${NEVER_DECIDES_MIN_RUNS} runs in the history`,
      () => runsOf(daemon, guard).length === NEVER_DECIDES_MIN_RUNS,
      60_000,
    );
    for (const run of runsOf(daemon, guard)) {
      expect(run).toMatchObject({
        outcome: 'ok',
        bridge: 'sync',
        client: 'claude',
        decided: true,
        decision: 'deny: the file holds 1,200 secrets; each is listed below',
      });
    }

    const status = await execa(HOOKD, ['status'], { env: daemon.env, reject: false });
    expect(status.exitCode, status.stderr).toBe(0);
    expect(status.stdout).not.toContain('hookd install --async');
    const json = JSON.parse((await execa(HOOKD, ['status', '--json'], { env: daemon.env })).stdout) as {
      neverDecides: unknown[];
    };
    expect(json.neverDecides).toEqual([]);
  });

  it('a hook rewriting a 1 MB file through updatedInput is answered with the whole rewrite and recorded as allow', async () => {
    const dir = tempDir();
    const rewrite = bigRewrite(1024 * 1024);
    const hook = answering(dir, 'rewrite.json', rewrite);
    const { daemon, post } = await claudeDaemon([hook]);

    const answer = await post(hook);
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBe(rewrite.length);
    expect(answer.body === rewrite).toBe(true);
    await waitFor('the run in the history', () => runsOf(daemon, hook).length === 1, 30_000);
    const [run] = runsOf(daemon, hook);
    expect(run).toMatchObject({ outcome: 'ok', decided: true, decision: 'allow' });
    // The stored output may be cut, and then says so.
    expect(String(run!.stdout).length).toBeLessThan(rewrite.length);
    expect(String(run!.stdout)).toMatch(/… \(\d+ more characters\)$/);
  });

  it('an answer over the bound is a clear error, never 204, and its decision is unknown', async () => {
    // A JSON denial padded past the bound: nothing of it may pass, and no part may read as "allow".
    const size = MAX_ANSWER_BYTES + 1024 * 1024;
    const flood = `cat > /dev/null; printf '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "'; head -c ${size} /dev/zero | tr '\\0' x; printf '"}}'`;
    const { daemon, post } = await claudeDaemon([flood]);

    const answer = await post(flood);
    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.body)).toMatchObject({
      status: 502,
      detail: expect.stringMatching(
        /^the hook printed 17(\.\d)? MiB on stdout, over hookd's bound of 16 MiB for an answer; none of it was passed on$/,
      ),
    });
    await waitFor('the run in the history', () => runsOf(daemon, flood).length === 1, 30_000);
    const [run] = runsOf(daemon, flood);
    // Claude Code shows only "HTTP 502 from <url>": the run's record says why.
    expect(run).toMatchObject({ outcome: 'ok', decided: null, detail: JSON.parse(answer.body).detail });
    expect(run!.decision).toMatch(/^unknown \(hookd holds only the head of the \d+ bytes on stdout\)$/);
  });
});
