// OpenCode 1.18.33 and pi 0.73.1, the real clients, offline against a fake Chat Completions API
// (issue 32): neither has command hooks of its own, so hookd's shim (the plugin / extension `hookd
// install` writes) runs the hooks of hookd's file for it. A turn whose model asks for a shell
// command, with a guard that denies it (exit 2, the reason on stderr) and a Stop hook that records
// what it got: after a plain `hookd install`, the guard runs behind hookd sync and the model is told
// its reason, the command never runs, and the Stop hook runs behind hookd emit (the daemon runs it;
// `hookd history` shows both). With no hookd on the client's PATH, the same installed entries run
// the guard and the Stop hook themselves: the model is told the same reason (hookd fails safe). A
// hook answering `updatedInput` behind hookd sync changes the command the client runs. A manifest
// installed with `hookd install --hooks` lands on the client's own tool names (`shell` is `bash`) and
// its canonical guard's answer reaches the model; the shipped no-rm-rf guard (`hookd install --add`)
// denies with no hookd on the client's PATH.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOOKD, ROOT } from '../helpers/paths.js';
import { stopTestDaemons, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { CONTEXT_MARKER, GUARD_REASON, RAN_MARKER, SHELL_COMMAND, linesWith } from './deciding-cases.js';
import {
  arrivals,
  expectCleanExit,
  recorder,
  scrubClientVariables,
  theArrival,
  waitForBridged,
  type Way,
} from './real-client-helpers.js';
import { prepareClient, startFake, type ClientName, type Hooks, type PreparedClient } from './run-client.mjs';
import type { FakeApi } from './fakes/types.d.mts';

scrubClientVariables();

const TURN_MS = 150_000;
const CLIENTS: readonly { name: ClientName; label: string; projectVar: string }[] = [
  { name: 'opencode', label: 'OpenCode 1.18.33', projectVar: 'OPENCODE_PROJECT_DIR' },
  { name: 'pi', label: 'pi 0.73.1', projectVar: 'PI_PROJECT_DIR' },
];

const has = (value: unknown, word: string) => JSON.stringify(value ?? []).includes(word);
// The shell tool call while the conversation holds no tool result; else the text "hi".
const callCommand = (command: string) => (body: Record<string, unknown>) =>
  has(body.tools, '"bash"') && !has(body.messages, '"role":"tool"')
    ? [
        {
          id: 'call_hookd_e2e_guard',
          name: 'bash',
          arguments: JSON.stringify({ command, description: 'Print a line' }),
        },
      ]
    : undefined;
const callShell = callCommand(SHELL_COMMAND);
/** PATH without this repository's bin/, so the client finds no hookd. */
const pathWithoutHookd = () =>
  (process.env.PATH ?? '/usr/bin:/bin')
    .split(':')
    .filter((dir) => dir !== path.join(ROOT, 'bin'))
    .join(':');

/** Denies the shell command SHELL_COMMAND (exit 2, the reason on stderr) and lets any other pass: a turn may also run no-rm-rf's case. */
const guard = `input=$(cat); case "$input" in *ran-42*) echo '${GUARD_REASON}' >&2; exit 2;; esac`;
/** What a rewriting hook turns SHELL_COMMAND into; its output (not its text) is REWRITTEN_MARKER. */
const REWRITTEN_COMMAND = "printf 'hookd-e2e-%s\\n' rewritten-77";
const REWRITTEN_MARKER = 'hookd-e2e-rewritten-77';

/** A client whose hook file has the guard on its shell tool, a recording Stop hook and `extra`, put through a plain `hookd install`. */
function installedClient(
  name: ClientName,
  fake: FakeApi,
  daemon: TestDaemon,
  out: string,
  way: Way,
  extra: Hooks = {},
): PreparedClient {
  const hooks = {
    PreToolUse: [{ matcher: 'bash', hooks: [{ type: 'command' as const, command: guard, timeout: 30 }] }],
    Stop: [{ hooks: [{ type: 'command' as const, command: recorder(out, way, 'Stop') }] }],
    ...extra,
  };
  const client = prepareClient(name, {
    dir: tempDir(`hookd-${name}-`),
    fakeUrl: fake.url,
    stateDir: daemon.stateDir,
    hooks,
  });
  const said = execFileSync(HOOKD, ['install', '--client', name], {
    env: { ...process.env, HOME: client.home, HOOKD_STATE_DIR: daemon.stateDir },
    encoding: 'utf8',
  });
  expect(said, 'install puts the guard in line').toContain('in line (hookd sync)');
  expect(said, 'the shim was written by the harness as install writes it').toMatch(/hookd\.js \(.*\): up to date/);
  return client;
}

/** What the model was told, per request, holding `needle`. */
const told = (fake: FakeApi, needle: string) => fake.requests.flatMap((request) => linesWith(request.body, needle, {}));
/** The message of a failed `told` check: the end of what the model was sent. */
const sent = (fake: FakeApi, what: string) =>
  `${what} reached the model:\n${fake.requests
    .map((r) => r.body)
    .join('\n')
    .slice(-3000)}`;

/** One turn of a client, shared by the tests that each check one thing it proves. */
interface Turn {
  fake: FakeApi;
  daemon: TestDaemon;
  client: PreparedClient;
  out: string;
}

/**
 * The turn behind hookd: a UserPromptSubmit hook adds context, the guard denies the shell command
 * (both behind hookd sync) and the Stop hook runs behind hookd emit.
 */
async function turnBehindHookd(name: ClientName, done: (() => Promise<void>)[]): Promise<Turn> {
  const fake = await startFake(name, { respond: callShell });
  const daemon = testDaemon();
  done.push(
    () => daemon.stop(),
    () => fake.close(),
  );
  const out = tempDir(`hookd-${name}-out-`);
  const client = installedClient(name, fake, daemon, out, 'bridged', {
    UserPromptSubmit: [{ hooks: [{ type: 'command', command: `echo '${CONTEXT_MARKER}'` }] }],
  });
  await daemon.start(['--settings', client.settingsFile]);
  expectCleanExit(await client.run({ prompt: 'run it', timeoutMs: TURN_MS }), `a ${name} turn`);
  return { fake, daemon, client, out };
}

/** The tool results in a request's conversation. */
const toolResults = (body: Record<string, unknown>) =>
  JSON.stringify(body.messages ?? []).split('"role":"tool"').length - 1;
/** The shell tool call `command` under `id`. */
const shellCall = (id: string, command: string) => [
  { id, name: 'bash', arguments: JSON.stringify({ command, description: 'Print a line' }) },
];
// A recursive rm outside the project (of a folder that is not there), then a marker of its own: what
// no-rm-rf denies and the guard lets pass.
const RM_RAN_MARKER = 'hookd-e2e-rm-ran-43';
const RM_OUTSIDE = `rm -r ../hookd-e2e-not-there; printf 'hookd-e2e-%s\\n' rm-ran-43`;
/** Two shell calls in one turn: the recursive rm (no-rm-rf's case), then, once told, SHELL_COMMAND (the guard's). */
const callRmThenShell = (body: Record<string, unknown>) => {
  if (!has(body.tools, '"bash"')) return undefined;
  const results = toolResults(body);
  if (results === 0) return shellCall('call_hookd_e2e_rm', RM_OUTSIDE);
  if (results === 1) return shellCall('call_hookd_e2e_guard', SHELL_COMMAND);
  return undefined;
};

/**
 * The turn without hookd on the client's PATH: the entries of a plain `hookd install` (the guard and
 * the Stop hook) and the shipped no-rm-rf guard (`hookd install --add`) run by the shim itself.
 */
async function turnWithoutHookd(name: ClientName, done: (() => Promise<void>)[]): Promise<Turn> {
  const fake = await startFake(name, { respond: callRmThenShell });
  done.push(() => fake.close());
  const daemon = testDaemon();
  const out = tempDir(`hookd-${name}-missing-out-`);
  const client = installedClient(name, fake, daemon, out, 'direct');
  const said = execFileSync(HOOKD, ['install', '--add', 'no-rm-rf', '--client', name], {
    env: { ...process.env, HOME: client.home, HOOKD_STATE_DIR: daemon.stateDir },
    encoding: 'utf8',
  });
  expect(said).toContain('the no-rm-rf example');
  client.env.PATH = pathWithoutHookd();
  expect(
    () => execFileSync('sh', ['-c', 'command -v hookd'], { env: { PATH: client.env.PATH } }),
    'hookd is not on the PATH of this turn',
  ).toThrow();
  expectCleanExit(await client.run({ prompt: 'run it', timeoutMs: TURN_MS }), `a ${name} turn without hookd`);
  return { fake, daemon, client, out };
}

/** A turn started once, before the tests that read it; a failed turn fails each of them. */
function shared(start: () => Promise<Turn>): { begin(): void; turn(): Promise<Turn> } {
  let running: Promise<Turn> | undefined;
  return {
    begin() {
      running = start();
      running.catch(() => undefined); // reported by each test that awaits it
    },
    turn: () => running ?? Promise.reject(new Error('the turn was not started')),
  };
}

// The tests of a client run side by side (each turn has its own daemon, fake and folders): the clients mostly wait.
afterAll(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

for (const c of CLIENTS) {
  describe.concurrent(`${c.label}: hooks through hookd's shim`, () => {
    const done: (() => Promise<void>)[] = [];
    const behind = shared(() => turnBehindHookd(c.name, done));
    const without = shared(() => turnWithoutHookd(c.name, done));
    beforeAll(() => {
      behind.begin();
      without.begin();
    });
    afterAll(async () => {
      for (const close of done) await close();
    });

    it('a guard behind hookd sync denies the shell command and the model is told why; the Stop hook runs behind hookd emit; hookd history shows both', async () => {
      const { fake, daemon, client, out } = await behind.turn();
      expect(told(fake, GUARD_REASON).length, sent(fake, "the guard's reason")).toBeGreaterThan(0);
      expect(told(fake, RAN_MARKER), 'the denied command ran').toEqual([]);
      await waitForBridged(out, ['Stop']);
      const stop = theArrival(out, 'bridged', 'Stop');
      expect(stop.payload).toMatchObject({ hook_event_name: 'Stop', cwd: client.project, stop_hook_active: false });
      expect(typeof stop.payload.session_id).toBe('string');
      // Carried by the bridge from the shim's environment to the hook the daemon ran.
      expect(stop.env[c.projectVar]).toBe(client.project);
      const runs = () =>
        daemon.history().map((entry) => ({
          event: entry.event,
          client: entry.client,
          bridge: entry.bridge,
          outcome: entry.outcome,
          decision: entry.decision,
        }));
      await waitFor(
        'the guard and the Stop hook in the history',
        () => ['PreToolUse', 'Stop'].every((event) => runs().some((run) => run.event === event)),
        20_000,
      );
      expect(runs()).toEqual(
        expect.arrayContaining([
          { event: 'PreToolUse', client: c.name, bridge: 'sync', outcome: 'ok', decision: `block: ${GUARD_REASON}` },
          expect.objectContaining({ event: 'Stop', client: c.name, outcome: 'ok' }),
        ]),
      );
      const history = execFileSync(HOOKD, ['history'], {
        env: { ...process.env, HOOKD_STATE_DIR: daemon.stateDir },
        encoding: 'utf8',
      });
      expect(history).toContain('PreToolUse');
      expect(history).toContain('Stop');
    });

    it('a UserPromptSubmit hook behind hookd sync adds context: the model gets it; the history reads it as context', async () => {
      const { fake, daemon } = await behind.turn();
      expect(told(fake, CONTEXT_MARKER).length, sent(fake, 'the context')).toBeGreaterThan(0);
      const prompts = () =>
        daemon
          .history()
          .filter((entry) => entry.event === 'UserPromptSubmit')
          .map((entry) => ({
            event: entry.event,
            client: entry.client,
            bridge: entry.bridge,
            decision: entry.decision,
          }));
      await waitFor('the run in the history', () => prompts().length >= 1, 20_000);
      expect(prompts()).toEqual([
        {
          event: 'UserPromptSubmit',
          client: c.name,
          bridge: 'sync',
          decision: `context (${CONTEXT_MARKER.length} bytes)`,
        },
      ]);
    });

    it('with no hookd on its PATH, the installed entries run the guard and the Stop hook themselves: the model is told the same reason', async () => {
      const { fake, daemon, client, out } = await without.turn();
      expect(told(fake, GUARD_REASON).length, sent(fake, "the guard's reason")).toBeGreaterThan(0);
      expect(told(fake, RAN_MARKER), 'the denied command ran').toEqual([]);
      await waitFor(
        'the Stop hook, run by the shim itself',
        () => arrivals(out, 'direct', 'Stop').length === 1,
        20_000,
      );
      expect(theArrival(out, 'direct', 'Stop').payload).toMatchObject({ hook_event_name: 'Stop', cwd: client.project });
      // Nothing reached hookd: no event in its inbox, no run in its history.
      const inbox = path.join(daemon.stateDir, 'inbox', 'new');
      expect(existsSync(inbox) ? readdirSync(inbox) : [], 'events in the inbox').toEqual([]);
      expect(daemon.history(), 'hookd ran nothing').toEqual([]);
    });

    it('the shipped no-rm-rf guard, added by hookd install, denies with no hookd on the PATH: its entry runs Node and the guard by absolute path', async () => {
      const { fake } = await without.turn();
      expect(told(fake, '(no-rm-rf)').length, sent(fake, "no-rm-rf's reason")).toBeGreaterThan(0);
      expect(told(fake, RM_RAN_MARKER), 'the denied command ran').toEqual([]);
    });

    it("a hook behind hookd sync that answers updatedInput changes the command the client runs: the model gets the new command's output", async () => {
      const fake = await startFake(c.name, { respond: callShell });
      const daemon = testDaemon();
      const dir = tempDir(`hookd-${c.name}-rewrite-`);
      const rewrite = path.join(dir, 'rewrite.sh');
      const answer = {
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'allow',
          updatedInput: { command: REWRITTEN_COMMAND, description: 'Print a line' },
        },
      };
      writeFileSync(rewrite, `#!/bin/sh\ncat > /dev/null\ncat <<'ANSWER'\n${JSON.stringify(answer)}\nANSWER\n`, {
        mode: 0o755,
      });
      try {
        const hooks = {
          PreToolUse: [{ matcher: 'bash', hooks: [{ type: 'command' as const, command: rewrite, timeout: 30 }] }],
        };
        const client = prepareClient(c.name, {
          dir: tempDir(`hookd-${c.name}-`),
          fakeUrl: fake.url,
          stateDir: daemon.stateDir,
          hooks,
        });
        const said = execFileSync(HOOKD, ['install', '--client', c.name], {
          env: { ...process.env, HOME: client.home, HOOKD_STATE_DIR: daemon.stateDir },
          encoding: 'utf8',
        });
        expect(said).toContain('in line (hookd sync)');
        await daemon.start(['--settings', client.settingsFile]);
        expectCleanExit(await client.run({ prompt: 'run it', timeoutMs: TURN_MS }), `a ${c.name} turn`);
        expect(
          told(fake, REWRITTEN_MARKER).length,
          `the rewritten command's output reached the model:\n${fake.requests
            .map((r) => r.body)
            .join('\n')
            .slice(-3000)}`,
        ).toBeGreaterThan(0);
        expect(told(fake, RAN_MARKER), 'the original command ran').toEqual([]);
        await waitFor('the run in the history', () => daemon.history().length >= 1, 20_000);
        expect(
          daemon.history().map((entry) => ({
            event: entry.event,
            client: entry.client,
            bridge: entry.bridge,
            decision: entry.decision,
          })),
        ).toEqual([{ event: 'PreToolUse', client: c.name, bridge: 'sync', decision: 'allow' }]);
      } finally {
        await daemon.stop();
        await fake.close();
      }
    });

    it("a manifest installed with hookd install --hooks: its canonical guard goes on the client's bash and its answer reaches the model", async () => {
      const fake = await startFake(c.name, { respond: callShell });
      const dir = tempDir(`hookd-${c.name}-manifest-`);
      const stateDir = path.join(dir, 'state');
      try {
        const client = prepareClient(c.name, { dir, fakeUrl: fake.url, stateDir, hooks: {} });
        const manifest = path.join(dir, 'hooks.json');
        // Canonical: it reads HOOKD_HIF_TOOL, never the client's field names, and answers {"decision": "deny"}.
        const canonicalGuard = `cat >/dev/null; if [ "$HOOKD_HIF_TOOL" = shell ]; then printf '{"decision":"deny","reason":"%s"}\\n' '${GUARD_REASON}'; fi`;
        writeFileSync(
          manifest,
          JSON.stringify({
            spec: 'hooks/0.1',
            hooks: [
              {
                name: 'guard',
                event: 'before_tool_execute',
                matcher: 'shell',
                handler: { type: 'command', command: canonicalGuard, timeout: 30 },
                blocking: true,
              },
            ],
          }),
        );
        const said = execFileSync(HOOKD, ['install', '--hooks', manifest, '--client', c.name], {
          env: { ...process.env, HOME: client.home, HOOKD_STATE_DIR: stateDir },
          encoding: 'utf8',
        });
        expect(said).toContain("add hooks.PreToolUse[0]: the manifest's hook on bash");
        expectCleanExit(await client.run({ prompt: 'run it', timeoutMs: TURN_MS }), `a ${c.name} turn`);
        expect(
          told(fake, GUARD_REASON).length,
          `the guard's reason reached the model:\n${fake.requests
            .map((r) => r.body)
            .join('\n')
            .slice(-3000)}`,
        ).toBeGreaterThan(0);
        expect(told(fake, RAN_MARKER), 'the denied command ran').toEqual([]);
      } finally {
        await fake.close();
      }
    });
  });
}
