// Hostile answers of a canonical hook (issue 31): a reason of a megabyte, a NUL and control bytes in
// it, JSON nested a million deep, a value past the end of the object, stdout over the bound: both
// bridges answer alike, as the TypeScript rules say, and an answer over the bound is withheld.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
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
  return bridgeBytes(args, command, node, state).then((seen) => ({ ...seen, stderr: seen.stderr.toString() }));
}

/** As bridge, with stderr's bytes as they came (a chunk decoded alone could split a character). */
function bridgeBytes(
  args: string[],
  command: string,
  node: boolean,
  state: string,
): Promise<{ code: number | null; stdout: Buffer; stderr: Buffer }> {
  const env: NodeJS.ProcessEnv = { ...process.env, HOOKD_STATE_DIR: state };
  if (node) env.HOOKD_BRIDGE_NODE = '1';
  else delete env.HOOKD_BRIDGE_NODE;
  const child = spawn(HOOKD, ['sync', ...args, '--', command], { env, stdio: 'pipe' });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
  child.stdin.end('{}');
  return new Promise((resolve) =>
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out), stderr: Buffer.concat(err) })),
  );
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

  // Issue 41, 5: a leading byte-order mark (PowerShell, Python's utf-8-sig) made a denial a hook error
  // in C and a denial in Node; a no-break space split them too; invalid UTF-8 in a reason reached the
  // client raw from C and replaced from Node. One rule now (answerText), byte for byte in both.
  it('read the text around and inside an answer by one rule: marks, Unicode spaces, invalid UTF-8', async () => {
    const state = tempDir();
    const BOM = '\ufeff';
    const bytes = (...parts: (string | number[])[]) =>
      Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))));
    const deny = '{"decision":"deny","reason":"no"}';
    const cases: Array<{ name: string; out?: Buffer; err?: Buffer; code: number }> = [
      { name: 'a deny after a byte-order mark', out: bytes(BOM, deny, '\r\n'), code: 0 },
      { name: 'a deny between no-break spaces', out: bytes('\u00a0', deny, '\u00a0\n'), code: 0 },
      {
        name: 'a deny between ideographic and line-separator spaces',
        out: bytes('\u3000\u2028', deny, '\u2029'),
        code: 0,
      },
      { name: 'a byte-order mark alone', out: bytes(BOM), code: 0 },
      { name: 'a no-break space inside the object', out: bytes('{"decision":\u00a0"deny"}'), code: 0 },
      { name: 'exit 2 with a marked reason', err: bytes(BOM, 'not here\u00a0\n'), code: 2 },
      {
        name: 'invalid UTF-8 in a reason',
        out: bytes('{"decision":"deny","reason":"a', [0xff, 0xc3, 0x28, 0xe2, 0x82, 0x61, 0xf0, 0x9f, 0x98], '"}'),
        code: 0,
      },
      {
        name: 'overlong, surrogate and out-of-range sequences in a reason',
        out: bytes('{"decision":"deny","reason":"', [0xc0, 0x80, 0xed, 0xa0, 0x80, 0xf4, 0x90, 0x80, 0x80], '"}'),
        code: 0,
      },
      { name: 'invalid UTF-8 in exit 2 reason, cut at the end', err: bytes('why ', [0xfe, 0xe2, 0x82]), code: 2 },
      { name: 'invalid UTF-8 in context', out: bytes('{"context":"c', [0x80, 0xbf], '"}'), code: 0 },
    ];
    const run = async (c: { name: string; out?: Buffer; err?: Buffer; code: number }) => {
      const base = path.join(state, `${c.name.replaceAll(' ', '-')}`);
      writeFileSync(`${base}.out`, c.out ?? Buffer.alloc(0));
      writeFileSync(`${base}.err`, c.err ?? Buffer.alloc(0));
      for (const [client, event] of [
        ['claude', 'PreToolUse'],
        ['copilot', 'preToolUse'],
        ['gemini', 'AfterAgent'],
        ['claude', 'UserPromptSubmit'],
      ] as const) {
        const answer = answerInClientTerms(
          clientById(client)!,
          event,
          c.code,
          c.out ?? Buffer.alloc(0),
          c.err ?? Buffer.alloc(0),
        );
        const want = {
          code: answer.exitCode,
          stdout: Buffer.from(answer.stdout).toString('hex'),
          stderr: Buffer.concat([c.err ?? Buffer.alloc(0), Buffer.from(answer.stderr)]).toString('hex'),
        };
        for (const node of [false, true]) {
          const seen = await bridgeBytes(
            ['--canonical', '--client', client, '--event', event],
            `cat '${base}.out'; cat '${base}.err' >&2; exit ${c.code}`,
            node,
            state,
          );
          // Hex: a difference of one byte shows, where text would read both as U+FFFD.
          expect({
            name: c.name,
            client,
            event,
            node,
            code: seen.code,
            stdout: seen.stdout.toString('hex'),
            stderr: seen.stderr.toString('hex'),
          }).toEqual({ name: c.name, client, event, node, ...want });
        }
      }
    };
    for (const c of cases) await run(c);
    // What the rule decides, at the points the issue names (on an event where Claude Code reads a
    // denial as exit 2 with the reason on stderr: its PreToolUse takes the JSON form).
    const claude = (c: (typeof cases)[number]) =>
      answerInClientTerms(
        clientById('claude')!,
        'UserPromptSubmit',
        c.code,
        c.out ?? Buffer.alloc(0),
        c.err ?? Buffer.alloc(0),
      );
    expect(claude(cases[0]!)).toMatchObject({ exitCode: 2, stderr: 'no\n' });
    expect(claude(cases[1]!)).toMatchObject({ exitCode: 2, stderr: 'no\n' });
    expect(claude(cases[6]!).stderr).toBe('a\ufffd\ufffd(\ufffda\ufffd\n');
    // And random bytes in a reason, through both bridges alike.
    await fc.assert(
      fc.asyncProperty(
        fc
          .uint8Array({ maxLength: 24 })
          .map((raw) => Buffer.from(raw.filter((b) => b >= 0x20 && b !== 0x22 && b !== 0x5c))),
        fc.constantFrom('', BOM, '\u00a0', ' \t'),
        fc.boolean(),
        async (raw, around, onStderr) =>
          void (await run(
            onStderr
              ? { name: 'random', err: bytes(around, [...raw], around), code: 2 }
              : {
                  name: 'random',
                  out: bytes(around, '{"decision":"deny","reason":"', [...raw], '"}', around),
                  code: 0,
                },
          )),
      ),
      { numRuns: 12 },
    );
  }, 240_000);

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
