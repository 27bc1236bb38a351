// The contracts of Copilot CLI and Qwen Code (src/clients/copilot/profile.ts, src/clients/qwen/profile.ts) checked against
// their real binaries (issue 20): a guard on the shell tool that exits 0, exits 1, exits 2 or times
// out, run by the client itself, one answer per shell call of one turn; whether each tool call ran
// (its command leaves a file) must be what the profile's contract says the client makes of that answer. Copilot CLI fails closed (exit 1 denies)
// and a timeout allows; Qwen Code lets the tool run on exit 1 and on a timeout, and exit 2 blocks.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { blocks } from '../../src/clients/contract.js';
import { clientById } from '../../src/clients/registry.js';
import { expectCleanExit, scrubClientVariables } from './real-client-helpers.js';
import { prepareClient, startFake, type ClientName } from './run-client.mjs';

scrubClientVariables();
afterAll(cleanupTempDirs);

const CASES: { name: ClientName; label: string; event: string; tool: string; timeoutSec: number }[] = [
  { name: 'copilot', label: 'GitHub Copilot CLI 1.0.102', event: 'preToolUse', tool: 'bash', timeoutSec: 2 },
  { name: 'qwen', label: 'Qwen Code 0.24.4', event: 'PreToolUse', tool: 'run_shell_command', timeoutSec: 2 },
];
// Each answer's shell command leaves a marker of its own; the one guard answers by the marker it is asked about.
const ANSWERS = [
  { what: 'exits 0', marker: 'ran-exit0', answer: 'exit 0', exit: 0 as number | null },
  { what: 'exits 1', marker: 'ran-exit1', answer: 'echo no >&2; exit 1', exit: 1 as number | null },
  { what: 'exits 2', marker: 'ran-exit2', answer: 'echo no >&2; exit 2', exit: 2 as number | null },
  { what: 'times out', marker: 'ran-timeout', answer: 'sleep 30', exit: null },
];
const GUARD = `input=$(cat); case "$input" in ${ANSWERS.map((a) => `*${a.marker}*) ${a.answer} ;;`).join(' ')} esac`;

/**
 * One turn in which the model asks for the shell four times, one command per answer, each after
 * the client's answer to the one before; the markers left in the project say which commands ran.
 */
async function markersLeft(c: (typeof CASES)[number]): Promise<Set<string>> {
  const fake = await startFake(c.name, {
    respond: (body: { tools?: { function?: { name: string } }[]; messages?: { role: string }[] }) => {
      const offered = (body.tools ?? []).some((tool) => tool.function?.name === c.tool);
      const answered = (body.messages ?? []).filter((message) => message.role === 'tool').length;
      const next = ANSWERS[answered];
      if (!offered || !next) return undefined;
      return [
        {
          id: `call_hookd_contract_${answered}`,
          name: c.tool,
          arguments: JSON.stringify({ command: `echo ran > ${next.marker}`, description: 'Leave a marker' }),
        },
      ];
    },
  });
  try {
    const hooks = { [c.event]: [{ hooks: [{ type: 'command', command: GUARD, timeout: c.timeoutSec }] }] };
    const client = prepareClient(c.name, {
      dir: tempDir(`hookd-contract-${c.name}-`),
      fakeUrl: fake.url,
      stateDir: tempDir(),
      hooks: hooks as never,
    });
    const result = await client.run({ prompt: 'Leave four markers with the shell', timeoutMs: 120_000 });
    expectCleanExit(result, `${c.name} turn whose guard answers each command its own way`);
    const asked = fake.requests.length;
    expect(asked, 'the model was asked once per command and once after the last').toBeGreaterThan(ANSWERS.length);
    return new Set(ANSWERS.map((a) => a.marker).filter((marker) => existsSync(path.join(client.project, marker))));
  } finally {
    await fake.close();
  }
}

for (const c of CASES) {
  describe(`${c.label}: what the client makes of its guard's answer, as its contract says`, () => {
    let ran: Set<string>;
    beforeAll(async () => {
      ran = await markersLeft(c);
    }, 150_000);
    for (const answer of ANSWERS) {
      const contract = clientById(c.name)!.contract;
      // A timeout: the client does what the bridge's onTimeout answer makes it do.
      const expectedToBlock =
        answer.exit === null
          ? blocks(contract, c.event, contract.onTimeout.exitCode)
          : blocks(contract, c.event, answer.exit);
      it(`a guard that ${answer.what}: the tool ${expectedToBlock ? 'is denied' : 'runs'}`, () => {
        expect(ran.has(answer.marker)).toBe(!expectedToBlock);
      });
    }
  });
}
