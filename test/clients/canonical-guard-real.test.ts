// Issue 31, items 2 and 4, with the real binaries: hooks written once in the canonical form, installed
// with `hookd install --hooks` (a manifest, as a user writes one; never entries written by hand),
// answer in the canonical form and each client gets the answer in its own dialect. In ONE turn per
// client (a launch costs seconds of CPU): a prompt hook's {"context"} reaches the model (Claude Code's
// and Codex's UserPromptSubmit); a tool hook's {"updated_input"} (capabilities: [input_rewrite]) is
// the command the client runs (Claude Code, Gemini CLI, Codex); a stop gate that answers {"decision":
// "deny", "reason"} once sends the agent back with its reason (Claude Code's Stop, Gemini CLI's
// AfterAgent, Codex's Stop, Copilot CLI's agentStop). The guard on the shell tool, in the six clients
// at once, is test/clients/one-manifest-real.test.ts.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runHookd } from '../helpers/run-hookd.js';
import { trustCodexHooks } from '../helpers/codex-trust.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { CASES, CONTEXT_MARKER, GATE_REASON, RAN_MARKER, linesWith } from './deciding-cases.js';
import { expectCleanExit, scrubClientVariables } from './real-client-helpers.js';
import { prepareClient, runProcess, startFake, type ClientName } from './run-client.mjs';

scrubClientVariables();
afterAll(() => cleanupTempDirs());

type Body = Record<string, unknown>;
// Per client: its own names of the events, and the model's call of its shell where it takes a
// rewritten input. The gate and the context run where the translation differs (Claude Code's
// forms, Codex's JSON Stop, Gemini CLI's "deny", Copilot CLI's agentStop); Droid and Qwen Code read
// Claude Code's forms and their turns are slow, so they run the guard only (one-manifest-real).
// Gemini CLI's context, on BeforeAgent, is left to test/hif/bridges-translate.test.ts's rows.
const RUNS: readonly {
  name: ClientName;
  label: string;
  args: readonly string[];
  stop: string;
  context?: string;
  rewrite?: { event: string; callShell: (body: Body) => unknown };
}[] = [
  ...CASES.filter((c) => c.name !== 'droid').map((c) => ({
    name: c.name,
    label: c.label,
    args: c.args,
    stop: c.stop.event,
    context: 'unsupported' in c.context || c.name === 'gemini' ? undefined : c.context.event,
    rewrite: { event: c.guard.event, callShell: c.callShell },
  })),
  { name: 'copilot', label: 'Copilot CLI', args: [], stop: 'agentStop' },
];
/** What the rewriting hook makes of the model's command; its output (not its text) is REWRITTEN. */
const REWRITTEN_COMMAND = 'printf %s%s hookd-e2e-rewritten- 77';
const REWRITTEN = 'hookd-e2e-rewritten-77';

// The hooks, each reading only the canonical fields.
const SCRIPTS = {
  context: () => `cat >/dev/null\nprintf '%s\\n' '{"context":"${CONTEXT_MARKER}"}'\n`,
  rewrite: () =>
    `cat >/dev/null\n[ "$HOOKD_HIF_TOOL" = shell ] || exit 0\nprintf '%s\\n' '{"updated_input":{"command":"${REWRITTEN_COMMAND}"}}'\n`,
  // Denies the first stop only: the agent goes back once, then stops.
  gate: (dir: string) => {
    const runs = path.join(dir, 'gate-runs');
    return `cat >/dev/null\n[ "$HOOKD_HIF_EVENT" = agent_stop ] || exit 0\nif [ -e ${runs} ]; then exit 0; fi\necho first > ${runs}\nprintf '%s\\n' '{"decision":"deny","reason":"${GATE_REASON}"}'\n`;
  },
};

/** One turn of client `c` with the manifest's hooks (each a script in the turn's own folder) installed with `hookd install --hooks`. */
async function turn(c: (typeof RUNS)[number]) {
  const fake = await startFake(c.name, c.rewrite ? { respond: c.rewrite.callShell } : {});
  try {
    const dir = tempDir(`hookd-canonical-${c.name}-`);
    const stateDir = path.join(dir, 'state');
    const hook = (name: keyof typeof SCRIPTS, event: string, more: object = {}) => {
      const file = path.join(dir, `${name}.sh`);
      writeFileSync(file, SCRIPTS[name](dir));
      return { name, event, blocking: true, handler: { type: 'command', command: `sh ${file}` }, ...more };
    };
    const hooks = [
      ...(c.context ? [hook('context', 'before_prompt')] : []),
      ...(c.rewrite
        ? [hook('rewrite', 'before_tool_execute', { matcher: 'shell', capabilities: ['input_rewrite'] })]
        : []),
      hook('gate', 'agent_stop'),
    ];
    const manifest = path.join(dir, 'hooks.json');
    writeFileSync(manifest, JSON.stringify({ spec: 'hooks/0.1', hooks }));
    const client = prepareClient(c.name, { dir, fakeUrl: fake.url, stateDir });
    const install = await runHookd(['install', '--hooks', manifest, '--client', c.name], {
      env: { HOME: client.home, HOOKD_STATE_DIR: stateDir },
    });
    expect(install.exitCode, install.stderr).toBe(0);
    const natives = [c.context, c.rewrite?.event, c.stop].filter((event) => event !== undefined);
    for (const native of natives) expect(install.stdout).toContain(`add hooks.${native}[0]: the manifest's hook`);
    // The rewriting hook is installed as it is: the client takes a rewrite through hookd.
    expect(install.stdout).not.toMatch(/input_rewrite/);
    // Codex runs a hook the user trusted (its /hooks review): what Codex records when they do.
    if (c.name === 'codex')
      trustCodexHooks(
        client.settingsFile,
        path.join(client.home, '.codex', 'config.toml'),
        natives.map((native) => [native, 0, 0] as [string, number, number]),
      );
    const [bin, ...args] = client.turnArgs('run the command').filter((a) => a !== '--dangerously-bypass-hook-trust');
    const run = await runProcess(bin!, [...args, ...c.args], {
      cwd: client.project,
      env: client.env,
      timeoutMs: 90_000,
    });
    expectCleanExit(run, `a ${c.name} turn with canonical hooks`);
    const told = (needle: string) => fake.requests.flatMap((request) => linesWith(request.body, needle, {}));
    const bodies = fake.requests
      .map((r) => r.body)
      .join('\n')
      .slice(-3000);
    return { told, bodies };
  } finally {
    await fake.close();
  }
}

for (const c of RUNS) {
  const parts = [
    c.context && `${c.context}: context reaches the model`,
    c.rewrite && `${c.rewrite.event}: a hook's updated_input is the command the client runs`,
    `${c.stop}: a stop gate that denies once sends the agent back with its reason`,
  ].filter(Boolean);
  describe(`${c.label}: hooks written once in the canonical form, installed from a manifest`, () => {
    it(`one turn: ${parts.join('; ')}`, async () => {
      const { told, bodies } = await turn(c);
      if (c.context)
        expect(told(CONTEXT_MARKER).length, `the context reached the model:\n${bodies}`).toBeGreaterThan(0);
      if (c.rewrite) {
        expect(told(REWRITTEN).length, `the rewritten command ran:\n${bodies}`).toBeGreaterThan(0);
        expect(told(RAN_MARKER), 'the command as the model wrote it ran').toEqual([]);
      }
      expect(told(GATE_REASON).length, `the gate's reason reached the model:\n${bodies}`).toBeGreaterThan(0);
    }, 150_000);
  });
}
