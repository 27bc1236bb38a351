// Issue 31, item 5, with the real binaries: ONE manifest (test/fixtures/one-manifest/hooks.yaml: a
// canonical guard on the shell tool, a notifier on the stop event) installed ONCE, with `hookd
// install --hooks`, into one user's home holding Claude Code, Droid, Copilot CLI, Qwen Code, Gemini
// CLI, Codex and Cursor. Then each client runs one turn offline in which the model asks for the
// shell command: the same denial reason reaches each model (the fake sees it in the next request),
// the command never runs, and `hookd history` shows, per client, the guard's decision and the
// notifier the daemon ran when the turn ended. One launch per client: the turn both triggers the
// guard and ends. Cursor does not run here: its file is checked against its documented format, and
// its installed guard entry is run as Cursor runs it.
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopTestDaemons, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { trustCodexHooks } from '../helpers/codex-trust.js';
import { FIXTURES } from '../helpers/paths.js';
import { runHookd } from '../helpers/run-hookd.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { CASES, GUARD_REASON, RAN_MARKER, chatCall, linesWith } from './deciding-cases.js';
import { expectCleanExit, scrubClientVariables } from './real-client-helpers.js';
import { prepareClient, runProcess, startFake, type ClientName, type PreparedClient } from './run-client.mjs';
import type { FakeApi } from './fakes/types.d.mts';

scrubClientVariables();

const TURN_MS = 120_000;
const MANIFEST = path.join(FIXTURES, 'one-manifest', 'hooks.yaml');
const GUARD = path.join(FIXTURES, 'one-manifest', 'deny-e2e.sh');

type Body = Record<string, unknown>;
interface Run {
  name: ClientName;
  label: string;
  /** The client's own names of the manifest's two events, as install writes them. */
  guard: string;
  stop: string;
  args: readonly string[];
  callShell: (body: Body) => unknown[] | undefined;
}
const RUNS: readonly Run[] = [
  ...CASES.map((c) => ({
    name: c.name,
    label: c.label,
    guard: c.guard.event,
    stop: c.stop.event,
    args: c.args,
    callShell: c.callShell,
  })),
  {
    name: 'copilot',
    label: 'Copilot CLI',
    guard: 'preToolUse',
    stop: 'agentStop',
    args: [],
    callShell: chatCall('bash'),
  },
  {
    name: 'qwen',
    label: 'Qwen Code 0.24',
    guard: 'PreToolUse',
    stop: 'Stop',
    args: [],
    callShell: chatCall('run_shell_command'),
  },
];

// One user: one home, every client's files in it, one daemon following them, one install.
let home: string;
let daemon: TestDaemon;
let installed: string;
const fakes = new Map<ClientName, FakeApi>();
const clients = new Map<ClientName, PreparedClient>();

beforeAll(async () => {
  const dir = tempDir('hookd-one-manifest-');
  daemon = testDaemon({}, { home: path.join(dir, 'home') });
  for (const run of RUNS) {
    const fake = await startFake(run.name, { respond: run.callShell });
    fakes.set(run.name, fake);
    clients.set(run.name, prepareClient(run.name, { dir, fakeUrl: fake.url, stateDir: daemon.stateDir }));
  }
  home = clients.get('claude')!.home;
  // Cursor is on this machine too (its folder is all install looks for); it does not run here.
  mkdirSync(path.join(home, '.cursor'), { recursive: true });
  // The manifest as a user keeps it: in a folder of their own, the guard beside it.
  const own = path.join(home, 'hooks');
  mkdirSync(own);
  copyFileSync(MANIFEST, path.join(own, 'hooks.yaml'));
  copyFileSync(GUARD, path.join(own, 'deny-e2e.sh'));
  const install = await runHookd(['install', '--hooks', 'hooks.yaml'], {
    env: { HOME: home, HOOKD_STATE_DIR: daemon.stateDir },
    cwd: own,
  });
  expect(install.exitCode, install.stderr).toBe(0);
  installed = install.stdout;
  // Codex runs a hook only once the user trusted it (its /hooks review): install leaves that to the
  // user and says so; the test writes what Codex writes when the user approves the two hooks.
  const codex = clients.get('codex')!;
  trustCodexHooks(codex.settingsFile, path.join(codex.home, '.codex', 'config.toml'), [
    ['PreToolUse', 0, 0],
    ['Stop', 0, 0],
  ]);
  await daemon.start();
}, 120_000);

afterAll(async () => {
  for (const fake of fakes.values()) await fake.close();
  await stopTestDaemons();
  cleanupTempDirs();
});

/** What install said under the file of the client `label` names. */
function saidFor(label: string): string {
  const blocks = installed.split(/\n(?=\S)/);
  return blocks.filter((block) => block.split('\n')[0]!.includes(`(${label})`)).join('\n');
}

describe('one manifest, installed once with hookd install --hooks', () => {
  it('install writes it into all seven clients, each on its own events, and says what a client cannot express', () => {
    for (const label of [
      'Claude Code',
      'Droid',
      'GitHub Copilot CLI',
      'Qwen Code',
      'Gemini CLI',
      'Codex CLI',
      'Cursor',
    ])
      expect(saidFor(label), `${label}:\n${installed}`).toMatch(/2 change\(s\) written/);
    // Copilot CLI filters no tool: the guard runs on every tool and tells them apart by the canonical name.
    expect(saidFor('GitHub Copilot CLI')).toMatch(
      /cannot express: "no-e2e-shell": GitHub Copilot CLI has no tool matchers/,
    );
    // Codex's trust is the user's to give: install does not give it, it says how.
    expect(saidFor('Codex CLI')).toMatch(
      /note: Codex runs a new or changed hook only once you trust it: start codex and approve/,
    );
  });

  for (const run of RUNS)
    it(`${run.label}: the shell command is denied with the guard's reason, and hookd history shows the guard and the notifier`, async () => {
      const client = clients.get(run.name)!;
      const fake = fakes.get(run.name)!;
      // Codex with its hooks trusted as the user would: no bypass of its hook trust.
      const [bin, ...args] = client.turnArgs('run the command').filter((a) => a !== '--dangerously-bypass-hook-trust');
      const turn = await runProcess(bin!, [...args, ...run.args], {
        cwd: client.project,
        env: client.env,
        timeoutMs: TURN_MS,
      });
      expectCleanExit(turn, `a ${run.name} turn`);
      const told = (needle: string) => fake.requests.flatMap((request) => linesWith(request.body, needle, {}));
      const bodies = () =>
        fake.requests
          .map((r) => r.body)
          .join('\n')
          .slice(-3000);
      expect(told(GUARD_REASON).length, `the reason reached the model:\n${bodies()}`).toBeGreaterThan(0);
      expect(told(RAN_MARKER), 'the denied command ran').toEqual([]);
      // Claude Code's model gets the reason alone, not the entry's whole command before it (issue 42
      // item 5: with exit 2, 2.1.330 writes `PreToolUse:Bash hook error: [command -v hookd … ; …]: reason`).
      if (run.name === 'claude')
        expect(told(GUARD_REASON).filter((line) => line.includes('exec hookd sync'))).toEqual([]);
      // Through the running daemon's history, as a user reads it.
      type Line = { id: string; event: string; client?: string; outcome: string; bridge?: string; decision?: string };
      const historyEnv = { HOME: home, HOOKD_STATE_DIR: daemon.stateDir };
      const history = async () => {
        const out = await runHookd(['history', '--json', '--limit', '200'], { env: historyEnv });
        expect(out.exitCode, out.stderr).toBe(0);
        return (JSON.parse(out.stdout) as Line[]).filter((line) => line.client === run.name);
      };
      // The notifier runs once the turn has ended: wait on the history file (a `hookd history` per poll
      // would cost a Node start each), then read it as a user does.
      await waitFor(
        `the notifier's run of ${run.name} in the history`,
        () => daemon.history().some((line) => line.client === run.name && line.event === run.stop),
        20_000,
      ).catch((error: Error) => {
        throw new Error(`${error.message}\n--- daemon log ---\n${daemon.logs().slice(-3000)}`);
      });
      const runs = await history();
      // The guard ran in line (hookd sync) and decided; the notifier ran in the daemon (hookd emit), once,
      // with the canonical fields beside the client's payload (it prints the canonical client name).
      const guard = runs.filter((line) => line.event === run.guard);
      expect(guard, JSON.stringify(runs)).toMatchObject([{ bridge: 'sync', outcome: 'ok', decided: true }]);
      expect(String(guard[0]!.decision)).toContain(GUARD_REASON);
      const notifier = runs.filter((line) => line.event === run.stop);
      expect(notifier, JSON.stringify(runs)).toMatchObject([{ outcome: 'ok' }]);
      expect(notifier[0]!.bridge, 'the notifier held the client').toBeUndefined();
      // Its output, in the daemon's history file (`hookd history show ID` prints it).
      const recorded = daemon.history().find((line) => line.client === run.name && line.event === run.stop);
      expect(recorded?.stdout).toBe(`agent done in ${run.name}\n`);
    });
});
