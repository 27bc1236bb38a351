// Issue 31, item 2, with the real binaries: hooks written once in the canonical form, installed with
// `hookd install --hooks` (a manifest, as a user writes one; never entries written by hand), answer
// in the canonical form and each client gets the answer in its own dialect. A stop gate that answers
// {"decision": "deny", "reason"} once sends the agent back with its reason (Claude Code's Stop,
// Gemini CLI's AfterAgent, Codex's Stop, Copilot CLI's agentStop); a prompt hook's {"context"}
// reaches the model (Claude Code's and Codex's UserPromptSubmit); a tool hook's {"updated_input"}
// (capabilities: [input_rewrite]) is the command Claude Code, Gemini CLI and Codex run. The guard on the shell tool, in the
// six clients at once, is test/clients/one-manifest-real.test.ts.
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

// Per client: its stop event, and the event whose context reaches the model in a headless turn
// where it has one. The gate and the context run where the translation differs (Claude Code's
// forms, Codex's JSON Stop, Gemini CLI's "deny", Copilot CLI's agentStop); Droid and Qwen Code read
// Claude Code's forms and their turns are slow, so they run the guard only (one-manifest-real).
// Gemini CLI's context, 10 s a turn, is left to test/hif/bridges-translate.test.ts's rows.
const RUNS: readonly {
  name: ClientName;
  label: string;
  args: readonly string[];
  stop: string;
  context?: string;
  /** Its tool guard event and the model's call of its shell, where it takes a rewritten input. */
  rewrite?: { event: string; callShell: (body: Record<string, unknown>) => unknown };
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

/**
 * One turn of client `c` with one hook of the manifest: `script` (a file in the turn's own folder)
 * on the canonical `event`, blocking, installed with `hookd install --hooks`; what the model was told.
 */
async function turn(
  c: (typeof RUNS)[number],
  event: string,
  native: string,
  script: (dir: string) => string,
  more: { matcher?: string; capabilities?: string[]; respond?: (body: Record<string, unknown>) => unknown } = {},
) {
  const fake = await startFake(c.name, more.respond ? { respond: more.respond } : {});
  try {
    const dir = tempDir(`hookd-canonical-${c.name}-`);
    const stateDir = path.join(dir, 'state');
    const file = path.join(dir, 'hook.sh');
    writeFileSync(file, script(dir));
    const manifest = path.join(dir, 'hooks.json');
    const handler = { type: 'command', command: `sh ${file}` };
    const hook = {
      name: 'the-hook',
      event,
      matcher: more.matcher,
      blocking: true,
      handler,
      capabilities: more.capabilities,
    };
    writeFileSync(manifest, JSON.stringify({ spec: 'hooks/0.1', hooks: [hook] }));
    const client = prepareClient(c.name, { dir, fakeUrl: fake.url, stateDir });
    const install = await runHookd(['install', '--hooks', manifest, '--client', c.name], {
      env: { HOME: client.home, HOOKD_STATE_DIR: stateDir },
    });
    expect(install.exitCode, install.stderr).toBe(0);
    expect(install.stdout).toContain(`add hooks.${native}[0]: the manifest's hook`);
    // Codex runs a hook the user trusted (its /hooks review): what Codex records when they do.
    if (c.name === 'codex')
      trustCodexHooks(client.settingsFile, path.join(client.home, '.codex', 'config.toml'), [[native, 0, 0]]);
    const [bin, ...args] = client.turnArgs('run the command').filter((a) => a !== '--dangerously-bypass-hook-trust');
    const run = await runProcess(bin!, [...args, ...c.args], {
      cwd: client.project,
      env: client.env,
      timeoutMs: 90_000,
    });
    expectCleanExit(run, `a ${c.name} turn with a canonical ${native} hook`);
    const told = (needle: string) => fake.requests.flatMap((request) => linesWith(request.body, needle, {}));
    const bodies = fake.requests
      .map((r) => r.body)
      .join('\n')
      .slice(-3000);
    return { told, bodies, installed: install.stdout };
  } finally {
    await fake.close();
  }
}

for (const c of RUNS) {
  describe(`${c.label}: hooks written once in the canonical form, installed from a manifest`, () => {
    it(`${c.stop}: a stop gate that denies once sends the agent back with its reason`, async () => {
      const gate = (dir: string) => {
        const runs = path.join(dir, 'gate-runs');
        return `cat >/dev/null\n[ "$HOOKD_HIF_EVENT" = agent_stop ] || exit 0\nif [ -e ${runs} ]; then exit 0; fi\necho first > ${runs}\nprintf '%s\\n' '{"decision":"deny","reason":"${GATE_REASON}"}'\n`;
      };
      const { told, bodies } = await turn(c, 'agent_stop', c.stop, gate);
      expect(told(GATE_REASON).length, `the gate's reason reached the model:\n${bodies}`).toBeGreaterThan(0);
    }, 150_000);

    const { rewrite } = c;
    if (rewrite)
      it(`${rewrite.event}: a hook's updated_input is the command the client runs`, async () => {
        const hook = () =>
          `cat >/dev/null\n[ "$HOOKD_HIF_TOOL" = shell ] || exit 0\nprintf '%s\\n' '{"updated_input":{"command":"${REWRITTEN_COMMAND}"}}'\n`;
        const { told, bodies, installed } = await turn(c, 'before_tool_execute', rewrite.event, hook, {
          matcher: 'shell',
          capabilities: ['input_rewrite'],
          respond: rewrite.callShell,
        });
        // Installed as it is: the client takes a rewrite through hookd, nothing to degrade.
        expect(installed).not.toMatch(/input_rewrite/);
        expect(told(REWRITTEN).length, `the rewritten command ran:\n${bodies}`).toBeGreaterThan(0);
        expect(told(RAN_MARKER), 'the command as the model wrote it ran').toEqual([]);
      }, 150_000);

    const { context } = c;
    if (context)
      it(`${context}: context reaches the model`, async () => {
        const hook = () => `cat >/dev/null\nprintf '%s\\n' '{"context":"${CONTEXT_MARKER}"}'\n`;
        const { told, bodies } = await turn(c, 'before_prompt', context, hook);
        expect(told(CONTEXT_MARKER).length, `the context reached the model:\n${bodies}`).toBeGreaterThan(0);
      }, 150_000);
  });
}
