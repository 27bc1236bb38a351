// Issue 19, item 9: a deciding hook behind the synchronous bridge decides exactly what it decides
// when the real client runs it itself. For Claude Code, Gemini CLI, Codex and Droid, three hooks
// (a guard that denies the shell command, a stop gate that blocks once, a hook that adds context)
// each run one turn wired directly and one turn wired `hookd sync -- 'HOOK'`; what proves the
// decision is what the model was sent (the requests the fake model API received), and every
// bridged run must be in the daemon's history with what it decided.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { shellQuote } from '../../src/common/shell-word.js';
import { stopTestDaemons, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import {
  CASES,
  CONTEXT_MARKER,
  echo,
  GATE_REASON,
  GUARD_REASON,
  RAN_MARKER,
  linesWith,
  type DecidingCase,
} from './deciding-cases.js';
import type { FakeRequest } from './fakes/types.d.mts';
import { expectCleanExit, scrubClientVariables } from './real-client-helpers.js';
import { prepareClient, runProcess, startFake, type PreparedClient, type RunResult } from './run-client.mjs';

scrubClientVariables();

type Way = 'direct' | 'bridged';
const WAYS: readonly Way[] = ['direct', 'bridged'];
const TURN_MS = 60_000;

interface Side {
  client: PreparedClient;
  /** A directory of this wiring's own, for the hook's files. */
  dir: string;
  run: RunResult;
  /** The requests the fake model API received during this wiring's turn. */
  requests: FakeRequest[];
  /** The command as written in the settings file, and the client's home: both differ between wirings. */
  replace: Record<string, string>;
}

/** The hook entry of one wiring: `command(dir)` as written, or behind the synchronous bridge. */
interface Wiring {
  event: string;
  matcher?: string;
  command: (dir: string) => string;
  /** The entry's timeout in seconds (hookd sync gets it as --timeout); else the client's default. */
  timeoutSec?: number;
}

/**
 * One turn per wiring, on one fake that answers `respond`, with a daemon running (its inbox is the
 * bridge's): the hook run by the client itself, then the same hook through `hookd sync -- 'HOOK'`.
 */
async function bothWays(
  c: DecidingCase,
  wiring: Wiring,
  respond?: (body: Record<string, unknown>) => unknown[] | undefined,
) {
  const fake = await startFake(c.name, respond ? { respond } : {});
  const daemon = testDaemon();
  await daemon.start();
  const sides = {} as Record<Way, Side>;
  try {
    for (const way of WAYS) {
      const dir = tempDir(`hookd-deciding-${c.name}-${way}-`);
      const hook = wiring.command(dir);
      const limit = wiring.timeoutSec;
      const command =
        way === 'direct' ? hook : `hookd sync ${limit ? `--timeout ${limit} ` : ''}-- ${shellQuote(hook)}`;
      const entry = { type: 'command' as const, command, ...(limit && { timeout: c.timeout(limit) }) };
      const hooks = {
        [wiring.event]: [{ ...(wiring.matcher !== undefined && { matcher: wiring.matcher }), hooks: [entry] }],
      };
      const client = prepareClient(c.name, { dir, fakeUrl: fake.url, stateDir: daemon.stateDir, hooks });
      const [file, ...args] = client.turnArgs('say hi');
      const from = fake.requests.length;
      const run = await runProcess(file!, [...args, ...c.args], {
        cwd: client.project,
        env: client.env,
        timeoutMs: TURN_MS,
      });
      expectCleanExit(run, `a ${c.name} turn with the ${way} ${wiring.event} hook`);
      sides[way] = {
        client,
        dir,
        run,
        requests: fake.requests.slice(from),
        replace: { [command]: '<the hook>', [client.home]: '<home>' },
      };
    }
  } finally {
    await fake.close();
  }
  return { ...sides, daemon };
}

/** Per model request of a wiring's turn, the lines holding `needle`: what the model was told. */
function told(side: Side, needle: string): string[][] {
  return side.requests.map((request) => linesWith(request.body, needle, side.replace));
}

/** The daemon's history lines of synchronous runs, once there are `count` of them. */
async function syncRuns(daemon: TestDaemon, count: number): Promise<Record<string, unknown>[]> {
  const runs = () => daemon.history().filter((entry) => entry.bridge === 'sync');
  try {
    return await waitFor(
      `${count} synchronous runs in the history`,
      () => (runs().length >= count ? runs() : undefined),
      20_000,
    );
  } catch (error) {
    throw new Error(
      `${(error as Error).message}: it has ${JSON.stringify(runs())}\n--- daemon log ---\n${daemon.logs().slice(-3000)}`,
    );
  }
}

const summary = (entry: Record<string, unknown>) => ({
  event: entry.event,
  client: entry.client,
  outcome: entry.outcome,
  decided: entry.decided,
  decision: entry.decision,
});

afterEach(async () => {
  await stopTestDaemons();
});
afterAll(() => {
  cleanupTempDirs();
});

for (const c of CASES) {
  describe(`${c.label}: a deciding hook run by the client and behind hookd sync`, () => {
    it(`${c.guard.event} guard (exit 2, the reason on stderr): the model gets the same denial of its shell command`, async () => {
      const guard = `echo '${GUARD_REASON}' >&2; exit 2`;
      const { direct, bridged, daemon } = await bothWays(
        c,
        { event: c.guard.event, matcher: c.guard.matcher, command: () => guard },
        c.callShell,
      );
      const denial = told(direct, GUARD_REASON);
      expect(
        denial.flat().length,
        `the direct guard's reason reached the model:\n${direct.requests
          .map((r) => r.body)
          .join('\n')
          .slice(-3000)}`,
      ).toBeGreaterThan(0);
      expect(told(bridged, GUARD_REASON)).toEqual(denial);
      expect(bridged.requests.length, 'model requests in the turn').toBe(direct.requests.length);
      // The command's output never reached the model: it did not run.
      expect([...told(direct, RAN_MARKER), ...told(bridged, RAN_MARKER)].flat(), 'the denied command ran').toEqual([]);
      expect((await syncRuns(daemon, 1)).map(summary)).toEqual([
        { event: c.guard.event, client: c.name, outcome: 'ok', decided: true, decision: `block: ${GUARD_REASON}` },
      ]);
    });

    // A guard that fails or times out does not deny (all four clients fail open, as seen here): the
    // command runs and its output reaches the model, direct and bridged alike. Behind the bridge the
    // timeout is hookd's (a little before the client's), and the history says timed_out.
    for (const [kind, hook, outcome] of [
      ['fails (exit 1)', `echo '${GUARD_REASON}' >&2; exit 1`, 'failed'],
      ['times out (3 s)', 'exec sleep 30', 'timed_out'],
    ] as const) {
      it(`${c.guard.event} guard that ${kind}: the client runs the command all the same, direct and bridged`, async () => {
        const { direct, bridged, daemon } = await bothWays(
          c,
          { event: c.guard.event, matcher: c.guard.matcher, command: () => hook, timeoutSec: 3 },
          c.callShell,
        );
        const ran = told(direct, RAN_MARKER);
        expect(
          ran.flat().length,
          `the command's output reached the model:\n${direct.requests
            .map((r) => r.body)
            .join('\n')
            .slice(-3000)}`,
        ).toBeGreaterThan(0);
        expect(told(bridged, RAN_MARKER)).toEqual(ran);
        expect(told(bridged, GUARD_REASON), 'a denial reached the model').toEqual(told(direct, GUARD_REASON));
        expect((await syncRuns(daemon, 1)).map(summary)).toEqual([
          { event: c.guard.event, client: c.name, outcome, decided: false, decision: 'none' },
        ]);
      });
    }

    it(`${c.stop.event} gate (blocks once, then lets the turn end): the model gets the same second turn`, async () => {
      // The gate notes each run in a file of its wiring; the first run blocks, the second lets go.
      const gate = (dir: string) => {
        const runs = path.join(dir, 'gate-runs');
        return `if [ -e ${runs} ]; then echo again >> ${runs}; exit 0; fi; echo first > ${runs}; ${echo(JSON.stringify({ decision: c.stop.decision, reason: GATE_REASON }))}`;
      };
      const { direct, bridged, daemon } = await bothWays(c, { event: c.stop.event, command: gate });
      const secondTurn = told(direct, GATE_REASON);
      expect(
        secondTurn.flat().length,
        `the direct gate's reason reached the model:\n${direct.requests
          .map((r) => r.body)
          .join('\n')
          .slice(-3000)}`,
      ).toBeGreaterThan(0);
      expect(told(bridged, GATE_REASON)).toEqual(secondTurn);
      expect(bridged.requests.length, 'model requests in the turn').toBe(direct.requests.length);
      for (const side of [direct, bridged])
        expect(readFileSync(path.join(side.dir, 'gate-runs'), 'utf8'), 'the gate ran twice').toBe('first\nagain\n');
      const runs = await syncRuns(daemon, 2);
      expect(runs.map(summary)).toEqual([
        {
          event: c.stop.event,
          client: c.name,
          outcome: 'ok',
          decided: true,
          decision: `${c.stop.decision}: ${GATE_REASON}`,
        },
        { event: c.stop.event, client: c.name, outcome: 'ok', decided: false, decision: 'none' },
      ]);
    });

    // A client that does not fire the event where these tests run it has no such test (the reason is in its case).
    const { context } = c;
    if (!('unsupported' in context)) {
      it(`${context.event} hook that adds context: the model gets the same context`, async () => {
        const { direct, bridged, daemon } = await bothWays(c, { event: context.event, command: () => context.command });
        const added = told(direct, CONTEXT_MARKER);
        expect(
          added.flat().length,
          `the direct hook's context reached the model:\n${direct.requests
            .map((r) => r.body)
            .join('\n')
            .slice(-3000)}`,
        ).toBeGreaterThan(0);
        expect(told(bridged, CONTEXT_MARKER)).toEqual(added);
        expect(bridged.requests.length, 'model requests in the turn').toBe(direct.requests.length);
        expect((await syncRuns(daemon, 1)).map(summary)).toEqual([
          {
            event: context.event,
            client: c.name,
            outcome: 'ok',
            decided: true,
            decision: `context (${CONTEXT_MARKER.length} bytes)`,
          },
        ]);
      });
    }
  });
}
