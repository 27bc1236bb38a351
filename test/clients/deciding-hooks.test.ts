// Issue 19, item 9: a deciding hook behind the synchronous bridge decides exactly what it decides
// when the real client runs it itself. For Claude Code, Gemini CLI, Codex and Droid, the hooks (a
// guard that denies the shell command, a stop gate that blocks once, a hook that adds context; a
// guard that fails, one that times out) run in turns wired directly and wired `hookd sync -- 'HOOK'`;
// what proves each decision is what the model was sent (the requests the fake model API received),
// and every bridged run must be in the daemon's history with what it decided. A client launch costs
// seconds of CPU, so hooks that do not get in each other's way share a turn (each has its own event
// or run, its own marker in the requests and its own test): the denying guard and the gate one turn
// per wiring; the failing guard, the timing-out guard (the model calls its shell twice) and the
// context hook another.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stopTestDaemons } from '../helpers/daemon-process.js';
import { cleanupTempDirs } from '../helpers/temp-dir.js';
import {
  CASES,
  CONTEXT_MARKER,
  echo,
  GATE_REASON,
  GUARD_REASON,
  RAN_MARKER,
  SECOND_COMMAND,
  SECOND_RAN_MARKER,
  SHELL_COMMAND,
} from './deciding-cases.js';
import { bothWays, once, sent, summary, syncRuns, told, type Wiring } from './deciding-turns.js';
import { scrubClientVariables } from './real-client-helpers.js';

scrubClientVariables();

afterAll(() => {
  cleanupTempDirs();
});

for (const c of CASES) {
  describe(`${c.label}: a deciding hook run by the client and behind hookd sync`, () => {
    afterAll(async () => {
      await stopTestDaemons();
    });

    const guard: Wiring = {
      event: c.guard.event,
      matcher: c.guard.matcher,
      command: () => `echo '${GUARD_REASON}' >&2; exit 2`,
    };
    // The gate notes each run in a file of its wiring; the first run blocks, the second lets go.
    const gate: Wiring = {
      event: c.stop.event,
      command: (dir) => {
        const runs = path.join(dir, 'gate-runs');
        return `if [ -e ${runs} ]; then echo again >> ${runs}; exit 0; fi; echo first > ${runs}; ${echo(JSON.stringify({ decision: c.stop.decision, reason: GATE_REASON }))}`;
      },
    };
    // The model asks for its shell once; the guard denies it, then the gate blocks the turn's end once.
    const denying = once(() => bothWays(c, [guard, gate], c.callShell));

    describe('a guard that denies and a stop gate, together in one turn per wiring', () => {
      it(`${c.guard.event} guard (exit 2, the reason on stderr): the model gets the same denial of its shell command`, async () => {
        const { direct, bridged, daemon } = await denying();
        const denial = told(direct, GUARD_REASON);
        expect(denial.flat().length, `the direct guard's reason reached the model:\n${sent(direct)}`).toBeGreaterThan(
          0,
        );
        expect(told(bridged, GUARD_REASON)).toEqual(denial);
        expect(bridged.requests.length, 'model requests in the turn').toBe(direct.requests.length);
        // The command's output never reached the model: it did not run.
        expect([...told(direct, RAN_MARKER), ...told(bridged, RAN_MARKER)].flat(), 'the denied command ran').toEqual(
          [],
        );
        expect((await syncRuns(daemon, c.guard.event, 1)).map(summary)).toEqual([
          { event: c.guard.event, client: c.name, outcome: 'ok', decided: true, decision: `block: ${GUARD_REASON}` },
        ]);
      });

      it(`${c.stop.event} gate (blocks once, then lets the turn end): the model gets the same second turn`, async () => {
        const { direct, bridged, daemon } = await denying();
        const secondTurn = told(direct, GATE_REASON);
        expect(
          secondTurn.flat().length,
          `the direct gate's reason reached the model:\n${sent(direct)}`,
        ).toBeGreaterThan(0);
        expect(told(bridged, GATE_REASON)).toEqual(secondTurn);
        expect(bridged.requests.length, 'model requests in the turn').toBe(direct.requests.length);
        for (const side of [direct, bridged])
          expect(readFileSync(path.join(side.dir, 'gate-runs'), 'utf8'), 'the gate ran twice').toBe('first\nagain\n');
        expect((await syncRuns(daemon, c.stop.event, 2)).map(summary)).toEqual([
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
    });

    // A guard that fails or times out does not deny (all four clients fail open, as seen here): the
    // command runs and its output reaches the model, direct and bridged alike. Behind the bridge the
    // timeout is hookd's (a little before the client's), and the history says timed_out. The model
    // runs SHELL_COMMAND, then SECOND_COMMAND; the guard notes each run in a file of its wiring and
    // fails on the first, times out on the second. The context hook shares this turn, not the
    // gate's: Gemini CLI fires BeforeAgent again for the prompt its AfterAgent gate sends.
    const failThenTimeOut: Wiring = {
      event: c.guard.event,
      matcher: c.guard.matcher,
      timeoutSec: 3,
      command: (dir) => {
        const runs = path.join(dir, 'guard-runs');
        return `if [ -e ${runs} ]; then echo again >> ${runs}; exec sleep 30; fi; echo first > ${runs}; echo '${GUARD_REASON}' >&2; exit 1`;
      },
    };
    // A client that does not fire the event where these tests run it has no context hook (the reason is in its case).
    const { context } = c;
    const adds: Wiring[] = 'unsupported' in context ? [] : [{ event: context.event, command: () => context.command }];
    const failing = once(() =>
      bothWays(c, [failThenTimeOut, ...adds], c.callShellEach([SHELL_COMMAND, SECOND_COMMAND])),
    );

    describe(`a guard that fails, then times out${adds.length ? ', and a context hook' : ''}, together in one turn per wiring`, () => {
      for (const [kind, marker, index, outcome] of [
        ['fails (exit 1)', RAN_MARKER, 0, 'failed'],
        ['times out (3 s)', SECOND_RAN_MARKER, 1, 'timed_out'],
      ] as const) {
        it(`${c.guard.event} guard that ${kind}: the client runs the command all the same, direct and bridged`, async () => {
          const { direct, bridged, daemon } = await failing();
          for (const side of [direct, bridged])
            expect(readFileSync(path.join(side.dir, 'guard-runs'), 'utf8'), 'the guard ran for each command').toBe(
              'first\nagain\n',
            );
          const ran = told(direct, marker);
          expect(ran.flat().length, `the command's output reached the model:\n${sent(direct)}`).toBeGreaterThan(0);
          expect(told(bridged, marker)).toEqual(ran);
          expect(told(bridged, GUARD_REASON), 'a denial reached the model').toEqual(told(direct, GUARD_REASON));
          const runs = (await syncRuns(daemon, c.guard.event, 2)).map(summary);
          expect(runs, 'one synchronous run per command').toHaveLength(2);
          expect(runs[index]).toEqual({
            event: c.guard.event,
            client: c.name,
            outcome,
            decided: false,
            decision: 'none',
          });
        });
      }

      if (!('unsupported' in context)) {
        it(`${context.event} hook that adds context: the model gets the same context`, async () => {
          const { direct, bridged, daemon } = await failing();
          const added = told(direct, CONTEXT_MARKER);
          expect(added.flat().length, `the direct hook's context reached the model:\n${sent(direct)}`).toBeGreaterThan(
            0,
          );
          expect(told(bridged, CONTEXT_MARKER)).toEqual(added);
          expect(bridged.requests.length, 'model requests in the turn').toBe(direct.requests.length);
          expect((await syncRuns(daemon, context.event, 1)).map(summary)).toEqual([
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
  });
}
