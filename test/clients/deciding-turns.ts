// The machinery of deciding-hooks.test.ts: one real client's turn per wiring (the hooks run by the
// client itself, then each behind `hookd sync -- 'HOOK'`), on one fake model API and one daemon, and
// the readings of what the model was told and what the daemon's history says.
import { shellQuote } from '../../src/common/shell-word.js';
import { testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { linesWith, type DecidingCase } from './deciding-cases.js';
import type { FakeRequest } from './fakes/types.d.mts';
import { expectCleanExit } from './real-client-helpers.js';
import {
  prepareClient,
  runProcess,
  startFake,
  type Hooks,
  type PreparedClient,
  type RunResult,
} from './run-client.mjs';

type Way = 'direct' | 'bridged';
const WAYS: readonly Way[] = ['direct', 'bridged'];
const TURN_MS = 60_000;

interface Side {
  client: PreparedClient;
  /** A directory of this wiring's own, for the hooks' files. */
  dir: string;
  run: RunResult;
  /** The requests the fake model API received during this wiring's turn. */
  requests: FakeRequest[];
  /** The commands as written in the settings file, and the client's home: both differ between wirings. */
  replace: Record<string, string>;
}

/** One hook entry of a turn: `command(dir)` as written, or behind the synchronous bridge. */
export interface Wiring {
  event: string;
  matcher?: string;
  command: (dir: string) => string;
  /** The entry's timeout in seconds (hookd sync gets it as --timeout); else the client's default. */
  timeoutSec?: number;
}

/**
 * One turn per wiring with every hook of `wirings`, on one fake that answers `respond`, with a daemon
 * running (its inbox is the bridge's): the hooks run by the client itself, then the same hooks each
 * through `hookd sync -- 'HOOK'`.
 */
export async function bothWays(
  c: DecidingCase,
  wirings: readonly Wiring[],
  respond: (body: Record<string, unknown>) => unknown[] | undefined,
) {
  const fake = await startFake(c.name, { respond });
  const daemon = testDaemon();
  await daemon.start();
  const sides = {} as Record<Way, Side>;
  try {
    for (const way of WAYS) {
      const dir = tempDir(`hookd-deciding-${c.name}-${way}-`);
      const hooks: Hooks = {};
      const replace: Record<string, string> = {};
      for (const wiring of wirings) {
        const hook = wiring.command(dir);
        const limit = wiring.timeoutSec;
        const command =
          way === 'direct' ? hook : `hookd sync ${limit ? `--timeout ${limit} ` : ''}-- ${shellQuote(hook)}`;
        const entry = { type: 'command' as const, command, ...(limit && { timeout: c.timeout(limit) }) };
        const group = { ...(wiring.matcher !== undefined && { matcher: wiring.matcher }), hooks: [entry] };
        hooks[wiring.event] = [...(hooks[wiring.event] ?? []), group];
        replace[command] = '<the hook>';
      }
      const client = prepareClient(c.name, { dir, fakeUrl: fake.url, stateDir: daemon.stateDir, hooks });
      const [file, ...args] = client.turnArgs('say hi');
      const from = fake.requests.length;
      const run = await runProcess(file!, [...args, ...c.args], {
        cwd: client.project,
        env: client.env,
        timeoutMs: TURN_MS,
      });
      const events = wirings.map((wiring) => wiring.event).join(', ');
      expectCleanExit(run, `a ${c.name} turn with the ${way} ${events} hooks`);
      sides[way] = {
        client,
        dir,
        run,
        requests: fake.requests.slice(from),
        replace: { ...replace, [client.home]: '<home>' },
      };
    }
  } finally {
    await fake.close();
  }
  return { ...sides, daemon };
}

/** `make` run once, by the first test that needs it: the tests of one shared turn. */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

/** Per model request of a wiring's turn, the lines holding `needle`: what the model was told. */
export function told(side: Side, needle: string): string[][] {
  return side.requests.map((request) => linesWith(request.body, needle, side.replace));
}

/** The end of what the model was sent in a wiring's turn, for a failure's message. */
export const sent = (side: Side) =>
  side.requests
    .map((r) => r.body)
    .join('\n')
    .slice(-3000);

/** The daemon's history lines of synchronous runs for `event`, once there are `count` of them. */
export async function syncRuns(daemon: TestDaemon, event: string, count: number): Promise<Record<string, unknown>[]> {
  const runs = () => daemon.history().filter((entry) => entry.bridge === 'sync' && entry.event === event);
  try {
    return await waitFor(
      `${count} synchronous ${event} runs in the history`,
      () => (runs().length >= count ? runs() : undefined),
      20_000,
    );
  } catch (error) {
    throw new Error(
      `${(error as Error).message}: it has ${JSON.stringify(runs())}\n--- daemon log ---\n${daemon.logs().slice(-3000)}`,
    );
  }
}

export const summary = (entry: Record<string, unknown>) => ({
  event: entry.event,
  client: entry.client,
  outcome: entry.outcome,
  decided: entry.decided,
  decision: entry.decision,
});
