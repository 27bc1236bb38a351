// Issue 31, item 2, with the real binaries: one canonical guard (it answers
// {"decision": "deny", "reason"} and reads HOOKD_HIF_TOOL and HOOKD_HIF_COMMAND, never a client's field
// names), behind `hookd sync --canonical`, denies the shell command in Claude Code, Gemini CLI, Codex,
// Droid, Copilot CLI and Qwen Code run offline: each hands the same reason to its model, in its own
// dialect as hookd translated it, and the command never runs.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { shellQuote } from '../../src/common/shell-word.js';
import { stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import {
  CASES,
  CONTEXT_MARKER,
  GATE_REASON,
  GUARD_REASON,
  RAN_MARKER,
  SHELL_COMMAND,
  linesWith,
} from './deciding-cases.js';
import { expectCleanExit, scrubClientVariables } from './real-client-helpers.js';
import { prepareClient, runProcess, startFake } from './run-client.mjs';

scrubClientVariables();

type Body = Record<string, unknown>;
const chatToolCall = (name: string) => (body: Body) => {
  const asked = ((body.tools ?? []) as Array<{ function?: { name?: string } }>).some(
    (tool) => tool.function?.name === name,
  );
  const answered = ((body.messages ?? []) as Array<{ role?: string }>).some((message) => message.role === 'tool');
  return asked && !answered
    ? [
        {
          id: 'call_hookd_canonical_1',
          name,
          arguments: JSON.stringify({ command: SHELL_COMMAND, description: 'Print a line' }),
        },
      ]
    : undefined;
};

// Per client: its guard event (and matcher), its stop event, and the event whose context reaches the
// model in a headless turn, where it has one (Droid fires UserPromptSubmit only interactively). The
// stop gate and the context run where the translation differs (Claude Code's forms, Codex's JSON
// Stop, Gemini CLI's "deny", Copilot CLI's agentStop); Droid and Qwen Code read Claude Code's forms
// and their turns are slow (Qwen Code's about 15 s), so they run the guard only. Gemini CLI's
// context, 10 s a turn, is left to test/hif/bridges-translate.test.ts's rows.
const RUNS = [
  ...CASES.map((c) => ({
    name: c.name,
    label: c.label,
    event: c.guard.event,
    matcher: c.guard.matcher as string | undefined,
    args: c.args,
    callShell: c.callShell,
    stop: c.name === 'droid' ? undefined : c.stop.event,
    context: 'unsupported' in c.context || c.name === 'gemini' ? undefined : c.context.event,
  })),
  {
    name: 'copilot' as const,
    label: 'Copilot CLI',
    event: 'preToolUse',
    matcher: undefined,
    args: [] as readonly string[],
    callShell: chatToolCall('bash'),
    stop: 'agentStop',
    context: undefined,
  },
  {
    name: 'qwen' as const,
    label: 'Qwen Code 0.24',
    event: 'PreToolUse',
    matcher: 'run_shell_command',
    args: [] as readonly string[],
    callShell: chatToolCall('run_shell_command'),
    stop: undefined,
    context: undefined,
  },
];

/** One turn of client `c` with `script` (a file in the turn's own folder) behind hookd sync --canonical on `event`. */
async function turn(
  c: (typeof RUNS)[number],
  event: string,
  script: (dir: string) => string,
  respond?: (body: Body) => unknown[] | undefined,
  matcher?: string,
) {
  const fake = await startFake(c.name, respond ? { respond } : {});
  const daemon = testDaemon();
  await daemon.start();
  try {
    const dir = tempDir(`hookd-canonical-${c.name}-`);
    const file = path.join(dir, 'hook.sh');
    writeFileSync(file, script(dir));
    const command = `hookd sync --canonical --client ${c.name} --event ${event} --timeout 30 -- ${shellQuote(`sh ${file}`)}`;
    const hooks = {
      [event]: [{ ...(matcher !== undefined && { matcher }), hooks: [{ type: 'command' as const, command }] }],
    };
    const client = prepareClient(c.name, { dir, fakeUrl: fake.url, stateDir: daemon.stateDir, hooks });
    const [bin, ...args] = client.turnArgs('run the command');
    const run = await runProcess(bin!, [...args, ...c.args], {
      cwd: client.project,
      env: client.env,
      timeoutMs: 90_000,
    });
    expectCleanExit(run, `a ${c.name} turn with a canonical ${event} hook`);
    const told = (needle: string) =>
      fake.requests.flatMap((request) => linesWith(request.body, needle, { [command]: '<the hook>' }));
    const history = (count: number) =>
      waitFor(
        `${count} canonical runs in the history`,
        () => {
          const found = daemon.history().filter((entry) => entry.bridge === 'sync');
          return found.length >= count ? found : undefined;
        },
        20_000,
      );
    return { told, history, requests: fake.requests };
  } finally {
    await fake.close();
  }
}

afterEach(async () => {
  await stopTestDaemons();
});
afterAll(() => cleanupTempDirs());

for (const c of RUNS) {
  describe(`${c.label}: hooks written once in the canonical form`, () => {
    it(`${c.event}: a guard denies the shell command, and the model gets its reason`, async () => {
      // It knows the canonical fields only, never a client's field names.
      const guard = () =>
        `cat >/dev/null\nif [ "$HOOKD_HIF_TOOL" = shell ] && [ "$HOOKD_HIF_EVENT" = before_tool_execute ]; then\n  case $HOOKD_HIF_COMMAND in *hookd-e2e*) printf '{"decision":"deny","reason":"%s"}\\n' '${GUARD_REASON}' ;; esac\nfi\n`;
      const { told, history, requests } = await turn(c, c.event, guard, c.callShell, c.matcher);
      expect(
        told(GUARD_REASON).length,
        `the reason reached the model:\n${requests
          .map((r) => r.body)
          .join('\n')
          .slice(-3000)}`,
      ).toBeGreaterThan(0);
      expect(told(RAN_MARKER), 'the denied command ran').toEqual([]);
      const runs = await history(1);
      expect(runs.map((entry) => ({ event: entry.event, decided: entry.decided }))).toEqual([
        { event: c.event, decided: true },
      ]);
      expect(String(runs[0]!.decision)).toContain(GUARD_REASON);
    }, 150_000);

    const { stop } = c;
    if (stop)
      it(`${stop}: a stop gate that denies once sends the agent back with its reason`, async () => {
        const gate = (dir: string) => {
          const runs = path.join(dir, 'gate-runs');
          return `cat >/dev/null\n[ "$HOOKD_HIF_EVENT" = agent_stop ] || exit 0\nif [ -e ${runs} ]; then exit 0; fi\necho first > ${runs}\nprintf '%s\\n' '{"decision":"deny","reason":"${GATE_REASON}"}'\n`;
        };
        const { told, requests } = await turn(c, stop, gate);
        expect(
          told(GATE_REASON).length,
          `the gate's reason reached the model:\n${requests
            .map((r) => r.body)
            .join('\n')
            .slice(-3000)}`,
        ).toBeGreaterThan(0);
      }, 150_000);

    const { context } = c;
    if (context) {
      it(`${context}: context reaches the model`, async () => {
        const hook = () => `cat >/dev/null\nprintf '%s\\n' '{"context":"${CONTEXT_MARKER}"}'\n`;
        const { told, requests } = await turn(c, context, hook);
        expect(
          told(CONTEXT_MARKER).length,
          `the context reached the model:\n${requests
            .map((r) => r.body)
            .join('\n')
            .slice(-3000)}`,
        ).toBeGreaterThan(0);
      }, 150_000);
    }
  });
}
