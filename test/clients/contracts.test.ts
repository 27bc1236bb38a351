// The contracts of Copilot CLI and Qwen Code (src/clients/copilot.ts, qwen.ts) checked against
// their real binaries (issue 20): a guard on the shell tool that exits 1, exits 2 or times out,
// run by the client itself; whether the tool ran (its command leaves a file) must be what the
// profile's contract says the client makes of that answer. Copilot CLI fails closed (exit 1 denies)
// and a timeout allows; Qwen Code lets the tool run on exit 1 and on a timeout, and exit 2 blocks.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { blocks } from '../../src/clients/contract.js';
import { clientById } from '../../src/clients/registry.js';
import { expectCleanExit, scrubClientVariables } from './real-client-helpers.js';
import { prepareClient, startFake, type ClientName } from './run-client.mjs';

scrubClientVariables();
afterAll(cleanupTempDirs);

const MARKER = 'tool-ran.txt';
const CASES: { name: ClientName; label: string; event: string; tool: string; timeoutSec: number }[] = [
  { name: 'copilot', label: 'GitHub Copilot CLI 1.0.102', event: 'preToolUse', tool: 'bash', timeoutSec: 2 },
  { name: 'qwen', label: 'Qwen Code 0.24.4', event: 'PreToolUse', tool: 'run_shell_command', timeoutSec: 2 },
];
const ANSWERS = [
  { what: 'exits 1', command: 'echo no >&2; exit 1', exit: 1 as number | null },
  { what: 'exits 2', command: 'echo no >&2; exit 2', exit: 2 as number | null },
  { what: 'times out', command: 'sleep 30', exit: null },
];

/** Whether the tool ran when the client's guard answered `command` (the tool's command leaves MARKER in the project). */
async function toolRan(c: (typeof CASES)[number], command: string): Promise<boolean> {
  const fake = await startFake(c.name, {
    respond: (body: { tools?: { function?: { name: string } }[]; messages?: { role: string }[] }) => {
      const offered = (body.tools ?? []).some((tool) => tool.function?.name === c.tool);
      if (!offered || (body.messages ?? []).some((message) => message.role === 'tool')) return undefined;
      return [
        {
          id: 'call_hookd_contract',
          name: c.tool,
          arguments: JSON.stringify({ command: `echo ran > ${MARKER}`, description: 'Leave a marker' }),
        },
      ];
    },
  });
  try {
    const hooks = { [c.event]: [{ hooks: [{ type: 'command', command, timeout: c.timeoutSec }] }] };
    const client = prepareClient(c.name, {
      dir: tempDir(`hookd-contract-${c.name}-`),
      fakeUrl: fake.url,
      stateDir: tempDir(),
      hooks: hooks as never,
    });
    const result = await client.run({ prompt: 'Leave a marker with the shell', timeoutMs: 90_000 });
    expectCleanExit(result, `${c.name} turn whose guard ${command}`);
    return existsSync(path.join(client.project, MARKER));
  } finally {
    await fake.close();
  }
}

for (const c of CASES) {
  describe(`${c.label}: what the client makes of its guard's answer, as its contract says`, () => {
    it('a guard that exits 0 lets the tool run (the turn reaches the tool at all)', async () => {
      expect(await toolRan(c, 'exit 0')).toBe(true);
    }, 120_000);
    for (const answer of ANSWERS) {
      const contract = clientById(c.name)!.contract;
      // A timeout: the client does what the bridge's onTimeout answer makes it do.
      const expectedToBlock =
        answer.exit === null
          ? blocks(contract, c.event, contract.onTimeout.exitCode)
          : blocks(contract, c.event, answer.exit);
      it(`a guard that ${answer.what}: the tool ${expectedToBlock ? 'is denied' : 'runs'}`, async () => {
        expect(await toolRan(c, answer.command)).toBe(!expectedToBlock);
      }, 120_000);
    }
  });
}
