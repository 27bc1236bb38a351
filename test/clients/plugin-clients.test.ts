// OpenCode 1.18.33, pi 0.73.1 and Kilo Code CLI 7.7.7 (OpenCode's fork; issue 43), the real clients,
// offline against a fake Chat Completions API (issue 32): none has command hooks of its own, so hookd's shim (the plugin / extension `hookd
// install` writes) runs the hooks of hookd's file for it. A guard denies the shell command SHELL_COMMAND
// (exit 2, the reason on stderr) and a Stop hook records what it got: after a plain `hookd install`,
// the guard runs behind hookd sync and the model is told its reason, the command never runs, and the
// Stop hook runs behind hookd emit (the daemon runs it; `hookd history` shows both). With no hookd on
// the client's PATH, the same installed entries run the guard and the Stop hook themselves: the model
// is told the same reason (hookd fails safe). A UserPromptSubmit hook behind hookd sync adds context;
// a hook answering `updatedInput` behind hookd sync changes the command the client runs. A manifest
// installed with `hookd install --hooks` lands on the client's own tool names (`shell` is `bash`) and
// its canonical guard's answer reaches the model; the shipped no-rm-rf guard (`hookd install --add`)
// denies with no hookd on the client's PATH.
// A launch of a real client is the dearest thing in the suite, so one turn carries several of these
// (the fake asks for one shell command after another; each hook answers only its own): the turn
// behind hookd has the context, the guard, the rewrite, the manifest's guard and the Stop hook; the
// turn without hookd has the guard, no-rm-rf and the Stop hook. Each property is still a test of its
// own, reading that turn.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOOKD, ROOT } from '../helpers/paths.js';
import { stopTestDaemons, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { CONTEXT_MARKER, GUARD_REASON, RAN_MARKER, SHELL_COMMAND, SHELL_GUARD, linesWith } from './deciding-cases.js';
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
  // OpenCode's fork (issue 43): the same shim adapter, its own folders and variables.
  { name: 'kilo', label: 'Kilo Code CLI 7.7.7', projectVar: 'KILO_PROJECT_DIR' },
];

const has = (value: unknown, word: string) => JSON.stringify(value ?? []).includes(word);
/** The tool results in a request's conversation. */
const toolResults = (body: Record<string, unknown>) =>
  JSON.stringify(body.messages ?? []).split('"role":"tool"').length - 1;
/**
 * The fake's answers in a turn of shell calls: while the conversation holds n tool results, the
 * shell tool call of `commands[n]`; once they are all answered, the text "hi".
 */
const callInTurn =
  (...commands: string[]) =>
  (body: Record<string, unknown>) => {
    const command = has(body.tools, '"bash"') ? commands[toolResults(body)] : undefined;
    return command === undefined
      ? undefined
      : [
          {
            id: `call_hookd_e2e_${toolResults(body)}`,
            name: 'bash',
            arguments: JSON.stringify({ command, description: 'Print a line' }),
          },
        ];
  };
/** PATH without this repository's bin/, so the client finds no hookd. */
const pathWithoutHookd = () =>
  (process.env.PATH ?? '/usr/bin:/bin')
    .split(':')
    .filter((dir) => dir !== path.join(ROOT, 'bin'))
    .join(':');

/** Denies the shell command SHELL_COMMAND (exit 2, the reason on stderr) and lets any other pass: a turn may also run no-rm-rf's case. */
const guard = SHELL_GUARD;
/** What the model asks to run for the rewriting hook; its output (not its text) is TO_REWRITE_MARKER. */
const TO_REWRITE_COMMAND = "printf 'hookd-e2e-%s\\n' rewrite-me-88";
const TO_REWRITE_MARKER = 'hookd-e2e-rewrite-me-88';
/** What the rewriting hook turns TO_REWRITE_COMMAND into; its output (not its text) is REWRITTEN_MARKER. */
const REWRITTEN_COMMAND = "printf 'hookd-e2e-%s\\n' rewritten-77";
const REWRITTEN_MARKER = 'hookd-e2e-rewritten-77';

/** A hook script in `dir` that answers `updatedInput` (REWRITTEN_COMMAND) to TO_REWRITE_COMMAND and lets any other pass. */
function rewritingHook(dir: string): string {
  const rewrite = path.join(dir, 'rewrite.sh');
  const answer = {
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: 'allow',
      updatedInput: { command: REWRITTEN_COMMAND, description: 'Print a line' },
    },
  };
  writeFileSync(
    rewrite,
    `#!/bin/sh\ninput=$(cat)\ncase "$input" in *rewrite-me-88*) cat <<'ANSWER'\n${JSON.stringify(answer)}\nANSWER\n;; esac\n`,
    { mode: 0o755 },
  );
  return rewrite;
}

/** What the model asks to run for the canonical guard; its output (not its text) is CANONICAL_MARKER. */
const CANONICAL_COMMAND = "printf 'hookd-e2e-%s\\n' canonical-55";
const CANONICAL_MARKER = 'hookd-e2e-canonical-55';
const CANONICAL_REASON = 'hookd-e2e canonical guard: not this command';

/** A manifest in `dir` whose canonical guard denies CANONICAL_COMMAND on the shell tool and lets any other pass. */
function canonicalManifest(dir: string): string {
  const manifest = path.join(dir, 'hooks.json');
  // Canonical: it reads HOOKD_HIF_TOOL and HOOKD_HIF_COMMAND, never the client's field names, and answers {"decision": "deny"}.
  const canonicalGuard = `cat >/dev/null; case "$HOOKD_HIF_TOOL:$HOOKD_HIF_COMMAND" in shell:*canonical-55*) printf '{"decision":"deny","reason":"%s"}\\n' '${CANONICAL_REASON}';; esac`;
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
  return manifest;
}

/** A client whose hook file has the guard on its shell tool (then `extra`'s), a recording Stop hook and `extra`'s other hooks, put through a plain `hookd install`. */
function installedClient(
  name: ClientName,
  fake: FakeApi,
  daemon: TestDaemon,
  out: string,
  way: Way,
  extra: Hooks = {},
): PreparedClient {
  const hooks = {
    ...extra,
    PreToolUse: [
      { matcher: 'bash', hooks: [{ type: 'command' as const, command: guard, timeout: 30 }] },
      ...(extra.PreToolUse ?? []),
    ],
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
  /** The rewriting hook's command, if the turn has one. */
  rewrite?: string;
  /** What `hookd install --hooks` said, if the turn has a manifest's hook. */
  installedManifest?: string;
}

/**
 * The turn behind hookd: a UserPromptSubmit hook adds context, the guard denies SHELL_COMMAND, a
 * rewriting hook changes TO_REWRITE_COMMAND (these three behind hookd sync), then a manifest's
 * canonical guard (`hookd install --hooks`) denies CANONICAL_COMMAND; the Stop hook runs behind
 * hookd emit.
 */
async function turnBehindHookd(name: ClientName, done: (() => Promise<void>)[]): Promise<Turn> {
  const fake = await startFake(name, { respond: callInTurn(SHELL_COMMAND, TO_REWRITE_COMMAND, CANONICAL_COMMAND) });
  const daemon = testDaemon();
  done.push(
    () => daemon.stop(),
    () => fake.close(),
  );
  const out = tempDir(`hookd-${name}-out-`);
  const rewrite = rewritingHook(out);
  const client = installedClient(name, fake, daemon, out, 'bridged', {
    UserPromptSubmit: [{ hooks: [{ type: 'command', command: `echo '${CONTEXT_MARKER}'` }] }],
    PreToolUse: [{ matcher: 'bash', hooks: [{ type: 'command', command: rewrite, timeout: 30 }] }],
  });
  const installedManifest = execFileSync(HOOKD, ['install', '--hooks', canonicalManifest(out), '--client', name], {
    env: { ...process.env, HOME: client.home, HOOKD_STATE_DIR: daemon.stateDir },
    encoding: 'utf8',
  });
  await daemon.start(['--settings', client.settingsFile]);
  expectCleanExit(await client.run({ prompt: 'run it', timeoutMs: TURN_MS }), `a ${name} turn`);
  return { fake, daemon, client, out, rewrite, installedManifest };
}

// A recursive rm outside the project (of a folder that is not there), then a marker of its own: what
// no-rm-rf denies and the guard lets pass.
const RM_RAN_MARKER = 'hookd-e2e-rm-ran-43';
const RM_OUTSIDE = `rm -r ../hookd-e2e-not-there; printf 'hookd-e2e-%s\\n' rm-ran-43`;
/**
 * The turn without hookd on the client's PATH: the entries of a plain `hookd install` (the guard and
 * the Stop hook) and the shipped no-rm-rf guard (`hookd install --add`) run by the shim itself.
 */
async function turnWithoutHookd(name: ClientName, done: (() => Promise<void>)[]): Promise<Turn> {
  // The recursive rm (no-rm-rf's case) first, then, once told, SHELL_COMMAND (the guard's).
  const fake = await startFake(name, { respond: callInTurn(RM_OUTSIDE, SHELL_COMMAND) });
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
      const { fake, daemon, rewrite } = await behind.turn();
      expect(told(fake, REWRITTEN_MARKER).length, sent(fake, "the rewritten command's output")).toBeGreaterThan(0);
      expect(told(fake, TO_REWRITE_MARKER), 'the original command ran').toEqual([]);
      const rewrites = () =>
        daemon
          .history()
          .filter((entry) => entry.command === rewrite)
          .map((entry) => ({
            event: entry.event,
            client: entry.client,
            bridge: entry.bridge,
            decision: entry.decision,
          }));
      await waitFor('its runs in the history', () => rewrites().length >= 3, 20_000);
      // It runs on each of the turn's three shell calls: silent on the guards', the rewrite on its own.
      const silent = { event: 'PreToolUse', client: c.name, bridge: 'sync', decision: 'none' };
      expect(rewrites()).toEqual([silent, { ...silent, decision: 'allow' }, silent]);
    });

    it("a manifest installed with hookd install --hooks: its canonical guard goes on the client's bash and its answer reaches the model", async () => {
      const { fake, installedManifest } = await behind.turn();
      // After the guard's and the rewriting hook's entries of hookd's file.
      expect(installedManifest).toContain("add hooks.PreToolUse[2]: the manifest's hook on bash");
      expect(told(fake, CANONICAL_REASON).length, sent(fake, "the canonical guard's reason")).toBeGreaterThan(0);
      expect(told(fake, CANONICAL_MARKER), 'the denied command ran').toEqual([]);
    });
  });
}
