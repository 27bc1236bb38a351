// What the real-client suites share: hooks that record what they receive (the payload's bytes,
// their environment and working directory), wired both directly and through the bridge, and the
// reading of those records.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { TestDaemon } from '../helpers/daemon-process.js';
import { waitFor } from '../helpers/wait-for.js';
import { bridge, parseEnv0, type Hooks, type RunResult } from './run-client.mjs';

/** Who ran the hook: the client itself, the daemon behind the bridge, or the daemon for an http hook. */
export type Way = 'direct' | 'bridged' | 'http';

/**
 * The test process's variables that a client would give its hooks (and a terminal's). The daemon
 * inherits this process's environment: without them there, a variable the bridged hook sees can
 * only have come from the client, through the bridge.
 */
export function scrubClientVariables(): void {
  for (const name of Object.keys(process.env)) {
    if (
      /^(CLAUDE|GEMINI_|CODEX_|FACTORY_|DROID_|COPILOT_|QWEN_|AI_AGENT$|TERM$|TERM_|COLORTERM$)/.test(name) ||
      name.endsWith('_PROJECT_DIR')
    )
      delete process.env[name];
  }
}

/** A hook command that records one arrival of `event` in `out`: payload bytes, working directory, environment. */
export function recorder(out: string, way: Way, event: string): string {
  const base = path.join(out, `${way}-${event}-$$`);
  // The environment last, and whole: a reader takes the arrival once `.env` exists, which a plain
  // redirection creates empty before `env` has written a byte.
  return `cat > ${base}.json; pwd > ${base}.cwd; env -0 > ${base}.env-; mv ${base}.env- ${base}.env`;
}

/**
 * For each event, one hook run by the client itself and one behind the bridge, both recording; the
 * bridge entry of an event in `unnamed` names it (`hookd emit --event EVENT`), as install writes it.
 */
export function recordingHooks(events: readonly string[], out: string, unnamed: readonly string[] = []): Hooks {
  return Object.fromEntries(
    events.map((event) => [
      event,
      [
        {
          hooks: [
            { type: 'command', command: recorder(out, 'direct', event) },
            {
              type: 'command',
              command: bridge(recorder(out, 'bridged', event), unnamed.includes(event) ? event : undefined),
            },
          ],
        },
      ],
    ]),
  );
}

export interface Arrival {
  bytes: Buffer;
  payload: Record<string, unknown>;
  cwd: string;
  env: Record<string, string>;
}

/** The recorded arrivals of `event` by `way`, complete ones only (the environment is written last). */
export function arrivals(out: string, way: Way, event: string): Arrival[] {
  const prefix = `${way}-${event}-`;
  return readdirSync(out)
    .filter(
      (name) =>
        name.startsWith(prefix) && name.endsWith('.json') && /^\d+$/.test(name.slice(prefix.length, -'.json'.length)),
    )
    .map((name) => path.join(out, name.slice(0, -'.json'.length)))
    .filter((base) => existsSync(`${base}.env`))
    .map((base) => {
      const bytes = readFileSync(`${base}.json`);
      return {
        bytes,
        payload: JSON.parse(bytes.toString('utf8')),
        cwd: readFileSync(`${base}.cwd`, 'utf8').trim(),
        env: parseEnv0(readFileSync(`${base}.env`, 'utf8')),
      };
    });
}

/** The one arrival of `event` by `way`; fails saying how many there were. */
export function theArrival(out: string, way: Way, event: string): Arrival {
  const found = arrivals(out, way, event);
  expect(found.length, `${way} hook of ${event}: arrivals`).toBe(1);
  return found[0]!;
}

/** Wait until the bridged hook of every event has recorded its arrival (the daemon ran them). */
export async function waitForBridged(out: string, events: readonly string[], timeoutMs = 20_000): Promise<void> {
  let missing: string[] = [];
  try {
    await waitFor(
      'the bridged hooks',
      () => (missing = events.filter((event) => arrivals(out, 'bridged', event).length === 0)).length === 0,
      timeoutMs,
    );
  } catch {
    throw new Error(
      `timed out after ${timeoutMs} ms waiting for the daemon to run the bridged hooks of ${missing.join(', ')}`,
    );
  }
}

export interface Outcome {
  event: string;
  command: string;
  outcome: string;
  stderr?: string;
}

/** The daemon's recent outcomes, oldest first (GET /events). */
export async function daemonOutcomes(daemon: TestDaemon): Promise<Outcome[]> {
  const response = await daemon.request('GET', '/events?limit=200');
  expect(response.status, `GET /events: ${JSON.stringify(response.body)}`).toBe(200);
  return [...(response.body as { events: Outcome[] }).events].reverse();
}

/** Wait until the daemon has recorded `count` outcomes. */
export async function waitForOutcomes(daemon: TestDaemon, count: number, timeoutMs = 20_000): Promise<Outcome[]> {
  let seen: Outcome[] = [];
  try {
    await waitFor(
      `${count} outcomes in the daemon's history`,
      async () => (seen = await daemonOutcomes(daemon)).length >= count,
      timeoutMs,
    );
  } catch (error) {
    throw new Error(
      `${(error as Error).message}: waiting for ${count} outcomes in the daemon's history; it has ${seen.length}: ${JSON.stringify(seen)}\n--- daemon log ---\n${daemon.logs().slice(-4000)}`,
    );
  }
  return seen;
}

/** Fail with the client's output unless the run finished by itself with exit code 0. */
export function expectCleanExit(result: RunResult, what: string): void {
  const output = `\n--- stdout ---\n${result.stdout.slice(-3000)}\n--- stderr ---\n${result.stderr.slice(-3000)}`;
  expect(result.timedOut, `${what} (${result.command}) stalled: killed after its hard timeout${output}`).toBe(false);
  expect(result.exitCode, `${what} (${result.command}) exit code${output}`).toBe(0);
}
