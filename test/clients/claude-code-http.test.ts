// Claude Code 2.1.330's http hooks, the real binary (issue 14): the user's plain hooks, turned by
// `hookd install --transport http` into http hooks posting to a real daemon, run there once each,
// with exactly the bytes the client gave its own hooks of the same event, under the entry's timeout.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopTestDaemons, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { runHookdWithEnv } from '../helpers/run-hookd.js';
import { waitFor } from '../helpers/wait-for.js';
import { hookTarget } from '../transport/hook-client.js';
import { parseSettingsText } from '../../src/settings/load.js';
import { claude } from '../../src/clients/claude/profile.js';
import {
  arrivals,
  expectCleanExit,
  recorder,
  scrubClientVariables,
  theArrival,
  waitForOutcomes,
  type Outcome,
} from './real-client-helpers.js';
import { prepareClient, startFake, type Hooks, type PreparedClient, type RunResult } from './run-client.mjs';
import type { FakeApi } from './fakes/types.d.mts';

scrubClientVariables();

// The events of a `-p` turn that Claude Code sends http hooks for (it sends none for SessionStart).
const EVENTS = ['UserPromptSubmit', 'Stop', 'SessionEnd'];
// A Stop hook that would sleep far past its entry's timeout: the daemon ends it at the timeout.
// It prints an answer after its sleep, so install keeps it a deciding hook (a bare sleep cannot decide: issue 30 puts it behind hookd emit).
const SLEEPER = "sleep 120; echo '{}'";
const SLEEPER_TIMEOUT_S = 2;

describe('Claude Code 2.1.330 with hooks installed by hookd install --transport http', () => {
  let fake: FakeApi;
  let daemon: TestDaemon;
  let client: PreparedClient;
  let out: string;
  let result: RunResult;
  let outcomes: Outcome[];

  beforeAll(async () => {
    fake = await startFake('claude');
    daemon = testDaemon();
    out = tempDir('hookd-claude-http-out-');
    // The hooks to install, in the user's settings; the daemon follows that file.
    const userHooks: Hooks = Object.fromEntries(
      EVENTS.map((event) => [
        event,
        [{ hooks: [{ type: 'command' as const, command: recorder(out, 'http', event), timeout: 10 }] }],
      ]),
    );
    userHooks.Stop![0]!.hooks.push({ type: 'command', command: SLEEPER, timeout: SLEEPER_TIMEOUT_S });
    client = prepareClient('claude', {
      dir: tempDir('hookd-claude-http-'),
      fakeUrl: fake.url,
      stateDir: daemon.stateDir,
      hooks: userHooks,
    });
    // The same events recorded by hooks Claude Code runs itself, in the project's settings: what the client sent.
    const direct = Object.fromEntries(
      EVENTS.map((event) => [event, [{ hooks: [{ type: 'command', command: recorder(out, 'direct', event) }] }]]),
    );
    mkdirSync(path.join(client.project, '.claude'), { recursive: true });
    writeFileSync(path.join(client.project, '.claude', 'settings.json'), JSON.stringify({ hooks: direct }));
    await daemon.start(['--settings', client.settingsFile]);
    const { port, token } = await hookTarget(daemon);

    const installed = await runHookdWithEnv(
      ['install', '--settings', client.settingsFile, '--transport', 'http', '--events', EVENTS.join(',')],
      { ...daemon.env, HOME: client.home, HOOKD_TCP_PORT: String(port) },
    );
    expect(installed.exitCode, installed.stderr).toBe(0);
    // The daemon follows the file: it lets its endpoint run these commands once it has read it.
    await waitFor(
      'the daemon to read the http entries',
      () => new RegExp(`"daemonHooks":${EVENTS.length + 1},.*"settings loaded"`).test(daemon.logs()),
      20_000,
    );

    client.env.HOOKD_TOKEN = token;
    result = await client.run({ timeoutMs: 60_000 });
    expectCleanExit(result, 'one Claude Code turn');
    await waitFor(
      'the daemon to run the http hooks',
      () => EVENTS.every((event) => arrivals(out, 'http', event).length > 0),
      20_000,
    );
    outcomes = await waitForOutcomes(daemon, EVENTS.length + 1, 20_000);
    // A moment more, for any second run to show.
    await new Promise((resolve) => setTimeout(resolve, 500));
    outcomes = await waitForOutcomes(daemon, EVENTS.length + 1);
  }, 150_000);

  afterAll(async () => {
    await fake?.close();
    await stopTestDaemons();
    cleanupTempDirs();
  });

  it('installed http entries pointing at the daemon, with the hooks’ commands and timeouts', () => {
    const parsed = parseSettingsText(readFileSync(client.settingsFile, 'utf8'), client.settingsFile, claude);
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    const entries = parsed.config.entries;
    expect(entries.map((entry) => `${entry.event} ${entry.kind} ${entry.timeoutMs}`).sort()).toEqual(
      [
        'SessionEnd http 10000',
        'Stop http 10000',
        `Stop http ${SLEEPER_TIMEOUT_S * 1000}`,
        'UserPromptSubmit http 10000',
      ].sort(),
    );
  });

  it('runs each event once in the daemon, with exactly the bytes the client posted: the JSON it gives its own hook', () => {
    for (const event of EVENTS) {
      const direct = theArrival(out, 'direct', event);
      const posted = theArrival(out, 'http', event);
      expect(posted.payload.hook_event_name, `${event}: hook_event_name`).toBe(event);
      // Claude Code writes a newline after the JSON on a command hook's stdin; the body it posts is the JSON alone.
      const sent = Buffer.concat([posted.bytes, Buffer.from('\n')]);
      expect(sent.toString('utf8'), `${event}: the http hook's stdin`).toBe(direct.bytes.toString('utf8'));
      expect(Buffer.compare(sent, direct.bytes), `${event}: byte for byte`).toBe(0);
    }
  });

  it('runs each under its entry’s timeout: the sleeper is ended at 2 s, the others succeed, nothing runs twice', () => {
    const byCommand = outcomes
      .map((o) => `${o.event} ${o.command === SLEEPER ? 'sleeper' : 'recorder'} ${o.outcome}`)
      .sort();
    expect(byCommand).toEqual([
      'SessionEnd recorder ok',
      'Stop recorder ok',
      'Stop sleeper timed_out',
      'UserPromptSubmit recorder ok',
    ]);
  });
});
