// The tests every real client goes through (issue 15): one turn against a fake of its model API,
// with hooks run by the client itself and the same hooks behind the bridge (`hookd emit -- 'CMD'`)
// run by a `hookd daemon` started on the client's own settings file. Each client's file
// (claude-code.test.ts, gemini-cli.test.ts, codex.test.ts) calls realClientSuite with what is true
// of that client.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stopTestDaemons, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import type { FakeApi } from './fakes/types.d.mts';
import {
  daemonOutcomes,
  expectCleanExit,
  recordingHooks,
  theArrival,
  waitForBridged,
  waitForOutcomes,
  type Arrival,
  type Outcome,
} from './real-client-helpers.js';
import {
  bridge,
  clientOwnVariables,
  prepareClient,
  startFake,
  type ClientName,
  type PreparedClient,
  type RunResult,
} from './run-client.mjs';

export interface ClientCase {
  name: ClientName;
  /** As the test names say it, with the pinned version. */
  label: string;
  /** The events one turn fires, each wired direct and bridged. */
  events: readonly string[];
  /** The client's "stop": the event after the agent's answer. */
  stopEvent: string;
  /** Variables a user's hook reads, with the value each must have, from the arrival and the client. */
  userVariables: (arrival: Arrival, client: PreparedClient) => Record<string, string>;
  /** Variables that must equal the project directory (none for Codex). */
  projectVariables: readonly string[];
  /**
   * Variables the client sets for each hook command apart (Claude Code's CLAUDE_ENV_FILE names one
   * file per SessionStart hook): what the bridged hook's value must match, from the direct one's.
   */
  perHookVariables?: Record<string, (directValue: string) => unknown>;
  /**
   * What the client does with a SessionEnd hook still running: kills it, or waits for it; or
   * `interactive-only` when a non-interactive turn never fires it (Qwen Code).
   */
  sessionEnd: 'kills' | 'waits' | 'interactive-only';
  /** Its end event, when not `SessionEnd` (Copilot CLI: `sessionEnd`). */
  endEvent?: string;
  /** Events whose payloads carry no `hook_event_name` (Copilot CLI's camelCase ones): their bridge entries name the event. */
  unnamedEvents?: readonly string[];
  /** *_PROJECT_DIR variables the client sets to something other than the project (Qwen Code's QWEN_CODE_PROJECT_DIR). */
  otherDirVariables?: readonly string[];
}

const TURN_MS = 60_000;
const SLEEP_STOP_S = 3;
const SLEEP_END_S = 5;

function pick(env: Record<string, string>, names: string[]): Record<string, string | undefined> {
  return Object.fromEntries(names.map((name) => [name, env[name]]));
}

/** Seconds, for the figures the tests print. */
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export function realClientSuite(c: ClientCase): void {
  let fake: FakeApi;

  beforeAll(async () => {
    fake = await startFake(c.name);
  });
  afterAll(async () => {
    await fake?.close();
  });

  /** A client on fresh temp paths whose bridge writes into `daemon`'s inbox. */
  function client(daemon: TestDaemon, hooks: object, prefix: string): PreparedClient {
    return prepareClient(c.name, {
      dir: tempDir(`hookd-${c.name}-${prefix}-`),
      fakeUrl: fake.url,
      stateDir: daemon.stateDir,
      hooks: hooks as never,
    });
  }

  describe(`${c.label}: one turn with every event's hook wired direct and through the bridge`, () => {
    let daemon: TestDaemon;
    let prepared: PreparedClient;
    let out: string;
    let result: RunResult;
    let outcomes: Outcome[];

    beforeAll(async () => {
      daemon = testDaemon();
      out = tempDir(`hookd-${c.name}-out-`);
      prepared = client(daemon, recordingHooks(c.events, out, c.unnamedEvents), 'turn');
      await daemon.start(['--settings', prepared.settingsFile]);
      result = await prepared.run({ timeoutMs: TURN_MS });
      expectCleanExit(result, `one ${c.name} turn`);
      await waitForBridged(out, c.events);
      // One outcome per event; then a moment more, for any second run to show.
      await waitForOutcomes(daemon, c.events.length);
      await new Promise((resolve) => setTimeout(resolve, 500));
      outcomes = await daemonOutcomes(daemon);
    }, 120_000);

    it('runs the turn against the fake API and exits 0', () => {
      expectCleanExit(result, `one ${c.name} turn`);
      expect(result.stdout).toContain('hi');
      expect(fake.requests.length).toBeGreaterThan(0);
    });

    it(`fires ${c.events.join(', ')}, each once, to the hook it runs itself`, () => {
      for (const event of c.events) {
        const arrival = theArrival(out, 'direct', event);
        // An unnamed event's payload has no name of its own: the daemon's outcome (below) names it from the bridge entry.
        expect(arrival.payload.hook_event_name, `${event}: hook_event_name`).toBe(
          c.unnamedEvents?.includes(event) ? undefined : event,
        );
      }
    });

    it('delivers each event once to the daemon, whose hook gets exactly the bytes the client sent', () => {
      for (const event of c.events) {
        const direct = theArrival(out, 'direct', event);
        const bridged = theArrival(out, 'bridged', event);
        expect(bridged.bytes.toString('utf8'), `${event}: the bridged hook's stdin`).toBe(
          direct.bytes.toString('utf8'),
        );
        expect(Buffer.compare(bridged.bytes, direct.bytes), `${event}: byte for byte`).toBe(0);
      }
      expect(outcomes.map((o) => `${o.event} ${o.outcome}`).sort()).toEqual(
        c.events.map((event) => `${event} ok`).sort(),
      );
    });

    it('runs the bridged hook in the project directory, with its project variables', () => {
      for (const event of c.events) {
        const direct = theArrival(out, 'direct', event);
        const bridged = theArrival(out, 'bridged', event);
        expect(direct.cwd, `${event}: the direct hook's working directory`).toBe(prepared.project);
        expect(bridged.cwd, `${event}: the bridged hook's working directory`).toBe(prepared.project);
        const projectDirs = Object.keys(direct.env)
          .filter((name) => name.endsWith('_PROJECT_DIR') && !c.otherDirVariables?.includes(name))
          .sort();
        expect(projectDirs, `${event}: the client's *_PROJECT_DIR variables`).toEqual([...c.projectVariables].sort());
        const expected = Object.fromEntries(c.projectVariables.map((name) => [name, prepared.project]));
        expect(pick(direct.env, [...c.projectVariables]), `${event}: direct`).toEqual(expected);
        expect(pick(bridged.env, [...c.projectVariables]), `${event}: bridged`).toEqual(expected);
      }
    });

    it("gives the bridged hook the client's own variables (not its secrets), PATH and the terminal's, as the client gave the direct hook", () => {
      const expected: Record<string, Record<string, string | undefined>> = {};
      const actual: Record<string, Record<string, string | undefined>> = {};
      for (const event of c.events) {
        const direct = theArrival(out, 'direct', event);
        const bridged = theArrival(out, 'bridged', event);
        const user = c.userVariables(direct, prepared);
        // What a user's hook reads (CLAUDECODE, the session id…): the client gives it, and so must the bridge.
        expect(pick(direct.env, Object.keys(user)), `${event}: the client gives its hook`).toEqual(user);
        const own = clientOwnVariables(c.name, direct.env, prepared.env);
        // A secret the client holds (CLAUDE_CODE_MESSAGING_TOKEN) stays out of the inbox: these hooks do not name it.
        const secrets = Object.keys(own).filter((name) => /(KEY|TOKEN|SECRET|PASSWORD|CREDENTIALS)$/.test(name));
        for (const name of secrets) expect(bridged.env[name], `${event}: ${name} is not carried`).toBeUndefined();
        for (const name of secrets) delete own[name];
        expected[event] = {
          ...own,
          ...user,
          PATH: direct.env.PATH,
          TERM: direct.env.TERM,
          TERM_PROGRAM: direct.env.TERM_PROGRAM,
        };
        for (const [name, matcher] of Object.entries(c.perHookVariables ?? {})) {
          if (direct.env[name] !== undefined) expected[event]![name] = matcher(direct.env[name]!) as string;
        }
        actual[event] = pick(bridged.env, Object.keys(expected[event]!));
      }
      expect(actual).toEqual(expected);
    });
  });

  const endEvent = c.endEvent ?? 'SessionEnd';
  // A client whose non-interactive turn never fires its end event has no end hook here (Qwen Code:
  // its SessionEnd fires on an interactive exit only).
  const hasEnd = c.sessionEnd !== 'interactive-only';
  // One turn each way with a slow stop hook and a slow end hook (the client fires them one after the
  // other): the two tests below read what each did from the markers the hooks leave.
  describe(`${c.label}: one turn each way with a slow ${c.stopEvent} hook${hasEnd ? ` and a slow ${endEvent} hook` : ''}`, () => {
    let out: string;
    const runs = {} as Record<'direct' | 'bridged', RunResult>;
    // Whether each hook had finished when the client exited.
    const doneAtExit = {} as Record<'direct' | 'bridged', { stop: number; end: boolean }>;
    // The slow stop hook leaves a marker per run when it finishes; before it, a trivial hook notes
    // that the client fired the event. The end hook notes its start and its end.
    const slow = (way: string) => `sleep ${SLEEP_STOP_S}; : > ${path.join(out, way)}-done-$$`;
    const fired = (way: string) => `: > ${path.join(out, way)}-fired-$$`;
    const finished = (way: string) => readdirSync(out).filter((name) => name.startsWith(`${way}-done-`)).length;
    const firedTimes = (way: string) => readdirSync(out).filter((name) => name.startsWith(`${way}-fired-`)).length;
    const marker = (way: string, what: string) => path.join(out, `${way}-end-${what}`);
    const endHook = (way: string) =>
      `date +%s%N > ${marker(way, 'started')}; sleep ${SLEEP_END_S}; : > ${marker(way, 'done')}`;
    const startedAt = (way: string) => Number(readFileSync(marker(way, 'started'), 'utf8')) / 1e6;

    beforeAll(async () => {
      const daemon = testDaemon();
      out = tempDir(`hookd-${c.name}-slow-`);
      const wire = (way: 'direct' | 'bridged', command: string, event: string) =>
        way === 'direct' ? command : bridge(command, c.unnamedEvents?.includes(event) ? event : undefined);
      const settings = (way: 'direct' | 'bridged') => ({
        [c.stopEvent]: [
          {
            hooks: [
              { type: 'command', command: fired(way) },
              { type: 'command', command: wire(way, slow(way), c.stopEvent) },
            ],
          },
        ],
        ...(hasEnd && { [endEvent]: [{ hooks: [{ type: 'command', command: wire(way, endHook(way), endEvent) }] }] }),
      });
      const clients = {
        direct: client(daemon, settings('direct'), 'slow-direct'),
        bridged: client(daemon, settings('bridged'), 'slow-bridged'),
      };
      await daemon.start(['--settings', clients.bridged.settingsFile]);
      for (const way of ['direct', 'bridged'] as const) {
        runs[way] = await clients[way].run({ timeoutMs: TURN_MS });
        doneAtExit[way] = { stop: finished(way), end: existsSync(marker(way, 'done')) };
        expectCleanExit(runs[way], `a turn with the ${way} slow hooks`);
      }
    }, 180_000);

    it(`no longer waits for a slow ${c.stopEvent} hook (sleep ${SLEEP_STOP_S}) behind the bridge`, async () => {
      // Whether the client waited is read from the hook's marker at the client's exit, not from a
      // time; by how much the turn is shorter is bench/real-client.mjs's to say.
      for (const way of ['direct', 'bridged'] as const)
        expect(firedTimes(way), `${c.stopEvent} fired once in the ${way} turn`).toBe(1);
      expect(doneAtExit.direct.stop, `the client exited before its direct ${c.stopEvent} hook finished`).toBe(1);
      expect(
        doneAtExit.bridged.stop,
        `the bridged ${c.stopEvent} hook had finished when the client exited: the client waited for it`,
      ).toBe(0);
      // …and the daemon ran it all the same.
      await waitFor(`the daemon to finish the bridged ${c.stopEvent} hook`, () => finished('bridged') === 1, 20_000);
    });

    if (hasEnd)
      it(`lets a slow ${endEvent} hook (sleep ${SLEEP_END_S}) behind the bridge finish; the client ${c.sessionEnd === 'kills' ? 'kills' : 'waits for'} the direct one`, async () => {
        // The daemon runs the bridged hook to its end, after the client has gone.
        expect(
          doneAtExit.bridged.end,
          'the bridged SessionEnd hook had finished when the client exited: the client waited for it',
        ).toBe(false);
        await waitFor(
          'the daemon to finish the bridged SessionEnd hook',
          () => existsSync(marker('bridged', 'done')),
          20_000,
        );
        expect(existsSync(marker('direct', 'started')), 'the client started its direct SessionEnd hook').toBe(true);
        if (c.sessionEnd === 'kills') {
          // Give the direct hook well over its 5 s to finish, had it been left to run.
          await new Promise((resolve) =>
            setTimeout(resolve, Math.max(0, runs.direct.exitedAt + (SLEEP_END_S + 2) * 1000 - Date.now())),
          );
          expect(
            existsSync(marker('direct', 'done')),
            'the direct SessionEnd hook finished, though the client should have killed it',
          ).toBe(false);
        } else {
          expect(doneAtExit.direct.end, 'the client waited for its direct SessionEnd hook to finish').toBe(true);
        }
        console.info(
          `${c.label}: ${endEvent} hook of ${SLEEP_END_S} s: direct, client exit - hook start ${s(runs.direct.exitedAt - startedAt('direct'))} ` +
            `(hook ${existsSync(marker('direct', 'done')) ? 'finished' : 'killed, never finished'}); through hookd, client exit - hook start ${s(runs.bridged.exitedAt - startedAt('bridged'))}`,
        );
      });
  });

  // Also after a failed beforeAll, when no afterEach runs.
  afterEach(async () => {
    await stopTestDaemons();
  });
  afterAll(async () => {
    await stopTestDaemons();
    cleanupTempDirs();
  });
}
