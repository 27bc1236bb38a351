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
import { afterAll, describe, expect, it } from 'vitest';
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
import { prepareClient, startFake, type ClientName, type PreparedClient } from './run-client.mjs';
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
// A recursive rm outside the project (of a folder that is not there), then the marker: what no-rm-rf denies.
const RM_OUTSIDE = `rm -r ../hookd-e2e-not-there; ${SHELL_COMMAND}`;
/** PATH without this repository's bin/, so the client finds no hookd. */
const pathWithoutHookd = () =>
  (process.env.PATH ?? '/usr/bin:/bin')
    .split(':')
    .filter((dir) => dir !== path.join(ROOT, 'bin'))
    .join(':');

const guard = `echo '${GUARD_REASON}' >&2; exit 2`;
/** What a rewriting hook turns SHELL_COMMAND into; its output (not its text) is REWRITTEN_MARKER. */
const REWRITTEN_COMMAND = "printf 'hookd-e2e-%s\\n' rewritten-77";
const REWRITTEN_MARKER = 'hookd-e2e-rewritten-77';

/** A client whose hook file has the guard on its shell tool and a recording Stop hook, put through a plain `hookd install`. */
function installedClient(name: ClientName, fake: FakeApi, daemon: TestDaemon, out: string, way: Way): PreparedClient {
  const hooks = {
    PreToolUse: [{ matcher: 'bash', hooks: [{ type: 'command' as const, command: guard, timeout: 30 }] }],
    Stop: [{ hooks: [{ type: 'command' as const, command: recorder(out, way, 'Stop') }] }],
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

// The tests of a client run side by side (each has its own daemon, fake and folders): the clients mostly wait.
afterAll(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

for (const c of CLIENTS) {
  describe.concurrent(`${c.label}: hooks through hookd's shim`, () => {
    it('a guard behind hookd sync denies the shell command and the model is told why; the Stop hook runs behind hookd emit; hookd history shows both', async () => {
      const fake = await startFake(c.name, { respond: callShell });
      const daemon = testDaemon();
      const out = tempDir(`hookd-${c.name}-out-`);
      try {
        const client = installedClient(c.name, fake, daemon, out, 'bridged');
        await daemon.start(['--settings', client.settingsFile]);
        expectCleanExit(await client.run({ prompt: 'run it', timeoutMs: TURN_MS }), `a ${c.name} turn`);
        expect(
          told(fake, GUARD_REASON).length,
          `the guard's reason reached the model:\n${fake.requests
            .map((r) => r.body)
            .join('\n')
            .slice(-3000)}`,
        ).toBeGreaterThan(0);
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
        await waitFor('both runs in the history', () => runs().length >= 2, 20_000);
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
      } finally {
        await daemon.stop();
        await fake.close();
      }
    });

    it('with no hookd on its PATH, the installed entries run the guard and the Stop hook themselves: the model is told the same reason', async () => {
      const fake = await startFake(c.name, { respond: callShell });
      const daemon = testDaemon();
      const out = tempDir(`hookd-${c.name}-missing-out-`);
      try {
        const client = installedClient(c.name, fake, daemon, out, 'direct');
        const PATH = (process.env.PATH ?? '/usr/bin:/bin')
          .split(':')
          .filter((dir) => dir !== path.join(ROOT, 'bin'))
          .join(':');
        expect(
          () => execFileSync('sh', ['-c', 'command -v hookd'], { env: { PATH } }),
          'hookd is not on the PATH of this turn',
        ).toThrow();
        client.env.PATH = PATH;
        expectCleanExit(await client.run({ prompt: 'run it', timeoutMs: TURN_MS }), `a ${c.name} turn without hookd`);
        expect(
          told(fake, GUARD_REASON).length,
          `the guard's reason reached the model:\n${fake.requests
            .map((r) => r.body)
            .join('\n')
            .slice(-3000)}`,
        ).toBeGreaterThan(0);
        expect(told(fake, RAN_MARKER), 'the denied command ran').toEqual([]);
        await waitFor(
          'the Stop hook, run by the shim itself',
          () => arrivals(out, 'direct', 'Stop').length === 1,
          20_000,
        );
        expect(theArrival(out, 'direct', 'Stop').payload).toMatchObject({
          hook_event_name: 'Stop',
          cwd: client.project,
        });
        // Nothing reached hookd: no event in its inbox, no run in its history.
        const inbox = path.join(daemon.stateDir, 'inbox', 'new');
        expect(existsSync(inbox) ? readdirSync(inbox) : [], 'events in the inbox').toEqual([]);
        expect(daemon.history(), 'hookd ran nothing').toEqual([]);
      } finally {
        await fake.close();
      }
    });

    it('a UserPromptSubmit hook behind hookd sync adds context: the model gets it; the history reads it as context', async () => {
      const fake = await startFake(c.name);
      const daemon = testDaemon();
      try {
        const hooks = {
          UserPromptSubmit: [{ hooks: [{ type: 'command' as const, command: `echo '${CONTEXT_MARKER}'` }] }],
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
        expectCleanExit(await client.run({ timeoutMs: TURN_MS }), `a ${c.name} turn`);
        expect(
          told(fake, CONTEXT_MARKER).length,
          `the context reached the model:\n${fake.requests
            .map((r) => r.body)
            .join('\n')
            .slice(-3000)}`,
        ).toBeGreaterThan(0);
        await waitFor('the run in the history', () => daemon.history().length >= 1, 20_000);
        expect(
          daemon.history().map((entry) => ({
            event: entry.event,
            client: entry.client,
            bridge: entry.bridge,
            decision: entry.decision,
          })),
        ).toEqual([
          {
            event: 'UserPromptSubmit',
            client: c.name,
            bridge: 'sync',
            decision: `context (${CONTEXT_MARKER.length} bytes)`,
          },
        ]);
      } finally {
        await daemon.stop();
        await fake.close();
      }
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

    it('the shipped no-rm-rf guard, added by hookd install, denies with no hookd on the PATH: its entry runs Node and the guard by absolute path', async () => {
      const fake = await startFake(c.name, { respond: callCommand(RM_OUTSIDE) });
      const dir = tempDir(`hookd-${c.name}-shipped-`);
      const stateDir = path.join(dir, 'state');
      try {
        const client = prepareClient(c.name, { dir, fakeUrl: fake.url, stateDir, hooks: {} });
        const said = execFileSync(HOOKD, ['install', '--add', 'no-rm-rf', '--client', c.name], {
          env: { ...process.env, HOME: client.home, HOOKD_STATE_DIR: stateDir },
          encoding: 'utf8',
        });
        expect(said).toContain('the no-rm-rf example');
        client.env.PATH = pathWithoutHookd();
        expect(
          () => execFileSync('sh', ['-c', 'command -v hookd'], { env: { PATH: client.env.PATH } }),
          'hookd is not on the PATH of this turn',
        ).toThrow();
        expectCleanExit(await client.run({ prompt: 'run it', timeoutMs: TURN_MS }), `a ${c.name} turn without hookd`);
        expect(
          told(fake, '(no-rm-rf)').length,
          `no-rm-rf's reason reached the model:\n${fake.requests
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
