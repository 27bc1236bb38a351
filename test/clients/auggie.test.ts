// Auggie 0.36.0, the real client, offline (issue 43): its turn runs against a fake of Augment's
// backend (fakes/augment.mjs; Auggie has no model API setting, its tenant's backend is its model
// API), which asks for one `launch-process` call of SHELL_COMMAND. A guard denies it (exit 2, the
// reason on stderr: Auggie hands stderr to the agent) and a Stop hook records what it got. After a
// plain `hookd install`, the guard runs behind hookd sync and the model is told its reason, the
// command never runs, and the Stop hook (whose answer Auggie drops) runs behind hookd emit; `hookd
// history` shows both, and the SessionEnd hook too. With no hookd on Auggie's PATH, the same installed entries deny by
// themselves. Auggie passes each hook its payload pretty-printed: the bridge takes it whole. And its
// contract, run by the binary itself: exit 2 denies, exit 1 and a timeout (in milliseconds) let the
// tool run, a PostToolUse context reaches the model, and a Stop hook's block is dropped.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOOKD, ROOT } from '../helpers/paths.js';
import { stopTestDaemons, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { blocks } from '../../src/clients/contract.js';
import { clientById } from '../../src/clients/registry.js';
import { GUARD_REASON, RAN_MARKER, SHELL_COMMAND, SHELL_GUARD, linesWith } from './deciding-cases.js';
import {
  arrivals,
  expectCleanExit,
  recorder,
  scrubClientVariables,
  theArrival,
  waitForBridged,
  type Way,
} from './real-client-helpers.js';
import { prepareClient, startFake, type PreparedClient } from './run-client.mjs';
import type { FakeApi } from './fakes/types.d.mts';

scrubClientVariables();

const TURN_MS = 120_000;
const guard = SHELL_GUARD;

/** The backend's answer: SHELL_COMMAND through launch-process until the conversation holds a tool result, then "hi". */
const callOnce = (project: string) => (body: Record<string, unknown>) =>
  JSON.stringify(body.nodes ?? []).includes('tool_result_node')
    ? undefined
    : {
        id: 'toolu_hookd_e2e_1',
        name: 'launch-process',
        input: { command: SHELL_COMMAND, wait: true, max_wait_seconds: 30, cwd: project },
      };

/** What the model was told, across the backend's requests, holding `needle`. */
const told = (fake: FakeApi, needle: string) => fake.requests.flatMap((request) => linesWith(request.body, needle, {}));
const sent = (fake: FakeApi, what: string) =>
  `${what} reached the model:\n${fake.requests
    .map((r) => r.body)
    .join('\n')
    .slice(-3000)}`;
const pathWithoutHookd = () =>
  (process.env.PATH ?? '/usr/bin:/bin')
    .split(':')
    .filter((dir) => dir !== path.join(ROOT, 'bin'))
    .join(':');

/** Auggie with the guard on launch-process and a recording Stop hook, put through a plain `hookd install`; one turn. */
async function turn(way: Way, daemon: TestDaemon, withHookd: boolean) {
  const dir = tempDir('hookd-auggie-');
  const project = path.join(dir, 'home', 'src', 'demo');
  const fake = await startFake('auggie', { respond: callOnce(project) });
  const out = tempDir('hookd-auggie-out-');
  const client: PreparedClient = prepareClient('auggie', {
    dir,
    fakeUrl: fake.url,
    stateDir: daemon.stateDir,
    hooks: {
      PreToolUse: [{ matcher: 'launch-process', hooks: [{ type: 'command', command: guard, timeout: 30_000 }] }],
      Stop: [{ hooks: [{ type: 'command', command: recorder(out, way, 'Stop') }] }],
      SessionEnd: [{ hooks: [{ type: 'command', command: recorder(out, way, 'SessionEnd') }] }],
    },
  });
  const said = execFileSync(HOOKD, ['install', '--client', 'auggie'], {
    env: { ...process.env, HOME: client.home, HOOKD_STATE_DIR: daemon.stateDir },
    encoding: 'utf8',
  });
  expect(said, 'install puts the guard in line').toContain('in line (hookd sync)');
  if (withHookd) await daemon.start(['--settings', client.settingsFile]);
  else client.env.PATH = pathWithoutHookd();
  try {
    expectCleanExit(await client.run({ prompt: 'run it', timeoutMs: TURN_MS }), 'an auggie turn');
  } finally {
    await fake.close();
  }
  return { fake, client, out };
}

afterAll(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

describe('Auggie 0.36.0: hooks through hookd, against a fake of its backend', () => {
  it('a guard behind hookd sync denies launch-process and the model is told why; the Stop hook runs behind hookd emit; hookd history shows both', async () => {
    const daemon = testDaemon();
    const { fake, client, out } = await turn('bridged', daemon, true);
    expect(told(fake, GUARD_REASON).length, sent(fake, "the guard's reason")).toBeGreaterThan(0);
    expect(told(fake, RAN_MARKER), 'the denied command ran').toEqual([]);
    // SessionEnd too: its payload has no `reason` (Claude Code's), which the daemon once refused.
    await waitForBridged(out, ['Stop', 'SessionEnd']);
    expect(theArrival(out, 'bridged', 'SessionEnd').payload).toMatchObject({ hook_event_name: 'SessionEnd' });
    const stop = theArrival(out, 'bridged', 'Stop');
    // Auggie's own payload, taken whole though it came pretty-printed: no cwd, its workspace instead.
    expect(stop.payload).toMatchObject({ hook_event_name: 'Stop', workspace_roots: [client.project] });
    expect(typeof stop.payload.conversation_id).toBe('string');
    expect(stop.env.AUGMENT_PROJECT_DIR).toBe(client.project);
    const runs = () =>
      daemon.history().map((entry) => ({
        event: entry.event,
        client: entry.client,
        bridge: entry.bridge,
        decision: entry.decision,
      }));
    await waitFor(
      'the guard and the Stop hook in the history',
      () => ['PreToolUse', 'Stop', 'SessionEnd'].every((event) => runs().some((run) => run.event === event)),
      20_000,
    );
    expect(runs()).toEqual(
      expect.arrayContaining([
        { event: 'PreToolUse', client: 'auggie', bridge: 'sync', decision: `block: ${GUARD_REASON}` },
        expect.objectContaining({ event: 'Stop', client: 'auggie' }),
        expect.objectContaining({ event: 'SessionEnd', client: 'auggie' }),
      ]),
    );
  });

  it('with no hookd on its PATH, the installed entries run the guard and the Stop hook themselves: the model is told the same reason', async () => {
    const daemon = testDaemon();
    const { fake, client, out } = await turn('direct', daemon, false);
    expect(told(fake, GUARD_REASON).length, sent(fake, "the guard's reason")).toBeGreaterThan(0);
    expect(told(fake, RAN_MARKER), 'the denied command ran').toEqual([]);
    await waitFor('the Stop hook, run by itself', () => arrivals(out, 'direct', 'Stop').length === 1, 20_000);
    expect(theArrival(out, 'direct', 'Stop').payload).toMatchObject({
      hook_event_name: 'Stop',
      workspace_roots: [client.project],
    });
    const inbox = path.join(daemon.stateDir, 'inbox', 'new');
    expect(existsSync(inbox) ? readdirSync(inbox) : [], 'events in the inbox').toEqual([]);
  });
});

// Its contract against the binary (as contracts.test.ts does for Copilot CLI and Qwen Code): one
// turn, four launch-process calls, a guard answering each its own way; a Stop hook that answers a
// block, which 0.36.0 drops (the turn ends after the last answer, no second turn).
const ANSWERS = [
  { what: 'exits 0', marker: 'ran-exit0', answer: 'exit 0', exit: 0 as number | null },
  { what: 'exits 1', marker: 'ran-exit1', answer: 'echo no >&2; exit 1', exit: 1 as number | null },
  { what: 'exits 2', marker: 'ran-exit2', answer: 'echo no >&2; exit 2', exit: 2 as number | null },
  // Its timeout is in milliseconds: 2000 ends this one after 2 s (read as seconds, it would hold the turn past the test's bounds).
  { what: 'times out (timeout 2000, milliseconds)', marker: 'ran-timeout', answer: 'sleep 30', exit: null },
];
const CONTRACT_GUARD = `input=$(cat); case "$input" in ${ANSWERS.map((a) => `*${a.marker}*) ${a.answer} ;;`).join(' ')} esac`;
const POST_CONTEXT = 'hookd-e2e-post-context-5c1d';
const POST_ANSWER = JSON.stringify({
  hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: POST_CONTEXT },
});
const STOP_BLOCK = JSON.stringify({
  hookSpecificOutput: { hookEventName: 'Stop', decision: 'block', reason: 'hookd-e2e: one more turn' },
});

describe("Auggie 0.36.0: what it makes of its hooks' answers, as its profile's contract says", () => {
  const auggie = clientById('auggie')!;
  let ran: Set<string>;
  let chats: number;
  let contextTold: number;
  beforeAll(async () => {
    const dir = tempDir('hookd-auggie-contract-');
    const project = path.join(dir, 'home', 'src', 'demo');
    const fake = await startFake('auggie', {
      respond: (body: Record<string, unknown>) => {
        const answered = JSON.stringify(body).split('"tool_result_node":{').length - 1;
        const next = ANSWERS[answered];
        return next
          ? {
              id: `toolu_hookd_contract_${answered}`,
              name: 'launch-process',
              input: { command: `echo ran > ${next.marker}`, wait: true, max_wait_seconds: 30, cwd: project },
            }
          : undefined;
      },
    });
    try {
      const client = prepareClient('auggie', {
        dir,
        fakeUrl: fake.url,
        stateDir: tempDir(),
        hooks: {
          PreToolUse: [{ hooks: [{ type: 'command', command: CONTRACT_GUARD, timeout: 2000 }] }],
          PostToolUse: [{ hooks: [{ type: 'command', command: `cat > /dev/null; echo '${POST_ANSWER}'` }] }],
          Stop: [{ hooks: [{ type: 'command', command: `cat > /dev/null; echo '${STOP_BLOCK}'` }] }],
        },
      });
      expectCleanExit(await client.run({ prompt: 'Leave four markers', timeoutMs: TURN_MS }), 'an auggie turn');
      chats = fake.requests.filter((request) => request.url.startsWith('/chat-stream')).length;
      contextTold = fake.requests.flatMap((request) => linesWith(request.body, POST_CONTEXT, {})).length;
      ran = new Set(ANSWERS.map((a) => a.marker).filter((marker) => existsSync(path.join(project, marker))));
    } finally {
      await fake.close();
    }
  }, 150_000);
  for (const answer of ANSWERS) {
    const expectedToBlock =
      answer.exit === null
        ? blocks(auggie.contract, 'PreToolUse', auggie.contract.onTimeout.exitCode)
        : blocks(auggie.contract, 'PreToolUse', answer.exit);
    it(`a guard that ${answer.what}: the tool ${expectedToBlock ? 'is denied' : 'runs'}`, () => {
      expect(ran.has(answer.marker)).toBe(!expectedToBlock);
    });
  }
  it("a PostToolUse hook's additionalContext reaches the model (its answer row: context on PostToolUse)", () => {
    expect(contextTold).toBeGreaterThan(0);
  });
  it("a Stop hook's block is dropped (its profile lists Stop as not deciding): no turn after the last answer", () => {
    expect(auggie.fireAndForget).toContain('Stop');
    // One request per tool call and one after the last: a Stop block honoured would ask once more.
    expect(chats).toBe(ANSWERS.length + 1);
  });
});
