// Issue 31, item 2, with the real binaries: one canonical guard (it answers
// {"decision": "deny", "reason"} and reads HOOKD_HIF_TOOL and HOOKD_HIF_COMMAND, never a client's field
// names), behind `hookd sync --canonical`, denies the shell command in Claude Code, Gemini CLI, Codex,
// Droid, Copilot CLI and Qwen Code run offline: each hands the same reason to its model, in its own
// dialect as hookd translated it, and the command never runs.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { shellQuote } from '../../src/install/quote-command.js';
import { stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { CASES, GUARD_REASON, RAN_MARKER, SHELL_COMMAND, linesWith } from './deciding-cases.js';
import { expectCleanExit, scrubClientVariables } from './real-client-helpers.js';
import { prepareClient, runProcess, startFake } from './run-client.mjs';

scrubClientVariables();

type Body = Record<string, unknown>;
const chatToolCall = (name: string) => (body: Body) => {
  const asked = ((body.tools ?? []) as Array<{ function?: { name?: string } }>).some((tool) => tool.function?.name === name);
  const answered = ((body.messages ?? []) as Array<{ role?: string }>).some((message) => message.role === 'tool');
  return asked && !answered ? [{ id: 'call_hookd_canonical_1', name, arguments: JSON.stringify({ command: SHELL_COMMAND, description: 'Print a line' }) }] : undefined;
};

const RUNS = [
  ...CASES.map((c) => ({ name: c.name, label: c.label, event: c.guard.event, matcher: c.guard.matcher as string | undefined, args: c.args, callShell: c.callShell })),
  { name: 'copilot' as const, label: 'Copilot CLI', event: 'preToolUse', matcher: undefined, args: [] as readonly string[], callShell: chatToolCall('bash') },
  { name: 'qwen' as const, label: 'Qwen Code 0.24', event: 'PreToolUse', matcher: 'run_shell_command', args: [] as readonly string[], callShell: chatToolCall('run_shell_command') },
];

afterEach(async () => {
  await stopTestDaemons();
});
afterAll(() => cleanupTempDirs());

for (const c of RUNS) {
  describe(`${c.label}: one canonical guard`, () => {
    it(`${c.event}: denies the shell command, and the model gets the guard's reason`, async () => {
      const fake = await startFake(c.name, { respond: c.callShell });
      const daemon = testDaemon();
      await daemon.start();
      try {
        const dir = tempDir(`hookd-canonical-${c.name}-`);
        const guard = path.join(dir, 'guard.sh');
        // Written once for every client: it knows the canonical fields only.
        writeFileSync(guard, `cat >/dev/null\nif [ "$HOOKD_HIF_TOOL" = shell ] && [ "$HOOKD_HIF_EVENT" = before_tool_execute ]; then\n  case $HOOKD_HIF_COMMAND in *hookd-e2e*) printf '{"decision":"deny","reason":"%s"}\\n' '${GUARD_REASON}' ;; esac\nfi\n`);
        const command = `hookd sync --canonical --client ${c.name} --event ${c.event} --timeout 30 -- ${shellQuote(`sh ${guard}`)}`;
        const hooks = { [c.event]: [{ ...(c.matcher !== undefined && { matcher: c.matcher }), hooks: [{ type: 'command' as const, command }] }] };
        const client = prepareClient(c.name, { dir, fakeUrl: fake.url, stateDir: daemon.stateDir, hooks });
        const [file, ...args] = client.turnArgs('run the command');
        const run = await runProcess(file!, [...args, ...c.args], { cwd: client.project, env: client.env, timeoutMs: 90_000 });
        expectCleanExit(run, `a ${c.name} turn with a canonical guard`);
        const told = (needle: string) => fake.requests.flatMap((request) => linesWith(request.body, needle, { [command]: '<the hook>' }));
        expect(told(GUARD_REASON).length, `the reason reached the model:\n${fake.requests.map((r) => r.body).join('\n').slice(-3000)}`).toBeGreaterThan(0);
        expect(told(RAN_MARKER), 'the denied command ran').toEqual([]);
        const runs = await waitFor('the guard run in the history', () => {
          const found = daemon.history().filter((entry) => entry.bridge === 'sync');
          return found.length ? found : undefined;
        }, 20_000);
        expect(runs.map((entry) => ({ event: entry.event, decided: entry.decided }))).toEqual([{ event: c.event, decided: true }]);
        expect(String(runs[0]!.decision)).toContain(GUARD_REASON);
      } finally {
        await fake.close();
      }
    }, 150_000);
  });
}
