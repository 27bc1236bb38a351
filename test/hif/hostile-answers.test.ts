// Hostile answers of a canonical hook (issue 31): a reason of a megabyte, a NUL and control bytes in
// it, JSON nested a million deep, a value past the end of the object, stdout over the bound: both
// bridges answer alike, as the TypeScript rules say, and an answer over the bound is withheld.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HOOKD } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { answerInClientTerms } from '../../src/hif/answer-in-client-terms.js';
import { clientById } from '../../src/clients/registry.js';
import { INTERNAL_ERROR_EXIT } from '../../src/bridge/bridge-limits.js';

afterEach(cleanupTempDirs);

function bridge(
  args: string[],
  command: string,
  node: boolean,
  state: string,
): Promise<{ code: number | null; stdout: Buffer; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, HOOKD_STATE_DIR: state };
  if (node) env.HOOKD_BRIDGE_NODE = '1';
  else delete env.HOOKD_BRIDGE_NODE;
  const child = spawn(HOOKD, ['sync', ...args, '--', command], { env, stdio: 'pipe' });
  const out: Buffer[] = [];
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end('{}');
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out), stderr })));
}

describe('hostile canonical answers', () => {
  it('are read alike by both bridges', async () => {
    const state = tempDir();
    const answers: Record<string, string> = {
      'a reason of a megabyte': JSON.stringify({ decision: 'deny', reason: 'r'.repeat(1024 * 1024) }),
      'a NUL and control bytes': JSON.stringify({
        decision: 'deny',
        reason: 'a\u0000b\u0001c\u001fd"e\\f',
        context: 'x\ty',
      }),
      'nested a million deep': `{"decision":"deny","reason":"deep","x":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}`,
      'a value after the object': '{"decision":"deny"} {"decision":"allow"}',
      'an unclosed object': '{"decision":"deny","reason":"x"',
      'escaped keys': '{"\\u0064ecision":"deny","reas\\u006fn":"escaped \\ud83d\\ude00"}',
      'a decision that is an object': '{"decision":{"deny":true}}',
      'continue false as a string': '{"continue":"false","decision":"ask"}',
      // updated_input: handed on as its bytes where the client takes it (Claude Code), else the call is blocked.
      'a rewrite nested 100,000 deep': `{"updated_input":{"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`,
      'a rewrite of half a megabyte': JSON.stringify({
        updated_input: { command: `echo ${'}"\\{'.repeat(128 * 1024)}` },
      }),
      'a rewrite under an escaped key, then a null one': '{"updated\\u005finput":{"command":"a"},"updated_input":null}',
      'a rewrite, then one under an escaped key':
        '{"updated_input":{"command":"a"},"updated\\u005finput":{"command":"b"}}',
    };
    for (const [name, text] of Object.entries(answers)) {
      const file = path.join(state, `${name.replaceAll(' ', '-')}.json`);
      writeFileSync(file, text);
      for (const [client, event] of [
        ['claude', 'PreToolUse'],
        ['copilot', 'preToolUse'],
        ['gemini', 'AfterAgent'],
      ] as const) {
        const answer = answerInClientTerms(clientById(client)!, event, 0, Buffer.from(text), Buffer.alloc(0));
        const want = { code: answer.exitCode, stdout: answer.stdout, stderr: answer.stderr };
        // The Node bridge for one client: it calls the very rules `want` comes from.
        for (const node of client === 'claude' ? [false, true] : [false]) {
          const seen = await bridge(
            ['--canonical', '--client', client, '--event', event],
            `cat '${file}'`,
            node,
            state,
          );
          expect({ name, client, node, code: seen.code, stdout: seen.stdout.toString(), stderr: seen.stderr }).toEqual({
            name,
            client,
            node,
            ...want,
          });
        }
      }
    }
  }, 120_000);

  it('withholds an answer past the bound, as for any hook', async () => {
    const state = tempDir();
    for (const node of [false, true]) {
      const seen = await bridge(
        ['--canonical', '--client', 'claude', '--event', 'PreToolUse'],
        `printf '{"decision":"deny","reason":"'; head -c 17000000 /dev/zero | tr '\\0' r; printf '"}'`,
        node,
        state,
      );
      expect({ node, code: seen.code, stdout: seen.stdout.length }).toEqual({
        node,
        code: INTERNAL_ERROR_EXIT,
        stdout: 0,
      });
      expect(seen.stderr).toContain('hookd sync:');
    }
  }, 60_000);
});
