// A canonical hook (`hookd sync --canonical`) through both synchronous bridges (issue 31, item 2):
// the native bridge answers every client, event and answer of the matrix exactly as the TypeScript
// rules say (the Node bridge calls those rules; a sample of cases runs through it too), the hook
// sees the canonical fields of every client's real payloads (samples/), and a hook not marked
// canonical is handed to the client byte for byte as before.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HOOKD, ROOT } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { answerInClientTerms } from '../../src/hif/answer-in-client-terms.js';
import { canonicalFields } from '../../src/hif/canonical-input.js';
import { clientById, GENERIC } from '../../src/clients/registry.js';

afterEach(cleanupTempDirs);

interface Seen {
  code: number | null;
  stdout: string;
  stderr: string;
}

function bridge(args: string[], command: string, payload: string, node: boolean, state: string): Promise<Seen> {
  const env: NodeJS.ProcessEnv = { ...process.env, HOOKD_STATE_DIR: state };
  if (node) env.HOOKD_BRIDGE_NODE = '1';
  else delete env.HOOKD_BRIDGE_NODE;
  const child = spawn(HOOKD, ['sync', ...args, '--', command], { env, stdio: 'pipe' });
  let [stdout, stderr] = ['', ''];
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(payload);
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

const q = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
// The hook's answers: stdout, stderr, exit code.
const ANSWERS: Array<{ name: string; out: string; err: string; code: number }> = [
  { name: 'silent', out: '', err: '', code: 0 },
  { name: 'allow', out: '{"decision":"allow"}', err: '', code: 0 },
  {
    name: 'deny with a reason',
    out: '{"decision":"deny","reason":"no \\"rm -rf /\\" here\\n\\tsee policy"}',
    err: 'debug line\n',
    code: 0,
  },
  { name: 'deny without a reason', out: '{"decision":"deny"}', err: '', code: 0 },
  { name: 'ask', out: '{"decision":"ask","reason":"sure?"}', err: '', code: 0 },
  { name: 'context', out: '{"context":"the build is red"}', err: '', code: 0 },
  { name: 'deny with context', out: '{"decision":"deny","reason":"r","context":"c"}', err: '', code: 0 },
  { name: 'stop', out: ' {"continue":false,"reason":"done for today"}\n', err: '', code: 0 },
  { name: 'exit 2', out: '{"decision":"allow"}', err: 'blocked: force push to main\n', code: 2 },
  { name: 'exit 2, silent', out: '', err: '', code: 2 },
  { name: 'exit 1', out: '{"decision":"deny"}', err: 'crashed\n', code: 1 },
  { name: 'not JSON', out: 'deny', err: '', code: 0 },
  { name: 'an array', out: '[1]', err: '', code: 0 },
  { name: 'unknown decision', out: '{"decision":"block","reason":"x"}', err: '', code: 0 },
  { name: 'null decision', out: '{"decision":null}', err: '', code: 0 },
  { name: 'duplicate keys', out: '{"decision":"allow","decision":"deny","reason":"last wins"}', err: '', code: 0 },
  { name: 'continue true', out: '{"continue":true,"decision":"ask"}', err: '', code: 7 },
  // updated_input (HIF input_rewrite): handed on as the hook wrote it, spacing and escapes kept.
  {
    name: 'rewrite',
    out: '{"updated_input": { "command" : "echo \\u00e9 \\"ok\\"", "n": [1, {"a": "}"}] }}',
    err: '',
    code: 0,
  },
  {
    name: 'allow, rewrite twice',
    out: '{"decision":"allow","updated_input":{"command":"first"},"context":"c","updated_input":{"command":"last"}}',
    err: '',
    code: 0,
  },
  {
    name: 'ask with a rewrite',
    out: '{"decision":"ask","reason":"sure?","updated_input":{"command":"x"}}',
    err: '',
    code: 0,
  },
  {
    name: 'deny with a rewrite',
    out: '{"decision":"deny","reason":"no","updated_input":{"command":"x"}}',
    err: '',
    code: 0,
  },
  { name: 'rewrite not an object', out: '{"updated_input":["echo"]}', err: '', code: 0 },
];
const EVENTS: Record<string, string[]> = {
  claude: ['PreToolUse', 'Stop', 'UserPromptSubmit', 'PermissionRequest', 'SessionStart'],
  droid: ['PreToolUse', 'Stop', 'SessionStart'],
  qwen: ['PreToolUse', 'Stop', 'UserPromptSubmit'],
  codex: ['PreToolUse', 'Stop', 'UserPromptSubmit'],
  gemini: ['BeforeTool', 'AfterAgent', 'BeforeAgent'],
  copilot: ['preToolUse', 'agentStop', 'PreToolUse', 'userPromptSubmitted'],
  cursor: ['beforeShellExecution', 'beforeSubmitPrompt', 'stop', 'sessionStart'],
  opencode: ['PreToolUse', 'UserPromptSubmit'],
  pi: ['PostToolUse'],
  crush: ['PreToolUse', 'TurnEnd'],
  cline: ['PreToolUse'],
  generic: ['PreToolUse'],
};
const hookOf = (a: (typeof ANSWERS)[number]) => `printf %s ${q(a.err)} >&2; printf %s ${q(a.out)}; exit ${a.code}`;
const expected = (client: string, event: string, a: (typeof ANSWERS)[number]): Seen => {
  const answer = answerInClientTerms(
    clientById(client) ?? GENERIC,
    event,
    a.code,
    Buffer.from(a.out),
    Buffer.from(a.err),
  );
  return { code: answer.exitCode, stdout: answer.stdout, stderr: a.err + answer.stderr };
};

describe('a canonical answer, in each client terms', () => {
  it('reads as the rules say through the native bridge, for every client, event and answer', async () => {
    const state = tempDir();
    for (const [client, events] of Object.entries(EVENTS)) {
      for (const event of events) {
        for (const a of ANSWERS) {
          const seen = await bridge(
            ['--canonical', '--client', client, '--event', event],
            hookOf(a),
            '{"hook_event_name":"x"}',
            false,
            state,
          );
          expect({ client, event, answer: a.name, ...seen }).toEqual({
            client,
            event,
            answer: a.name,
            ...expected(client, event, a),
          });
        }
      }
    }
  }, 120_000);

  it('reads the same through the Node bridge', async () => {
    const state = tempDir();
    const cases: Array<[string, string, string]> = [
      ['copilot', 'preToolUse', 'deny with a reason'],
      ['claude', 'PreToolUse', 'ask'],
      ['codex', 'Stop', 'context'],
      ['gemini', 'AfterAgent', 'exit 2'],
      ['copilot', 'preToolUse', 'exit 1'],
      ['cursor', 'beforeShellExecution', 'not JSON'],
      ['claude', 'PreToolUse', 'rewrite'],
      ['droid', 'PreToolUse', 'rewrite'],
    ];
    for (const [client, event, name] of cases) {
      const a = ANSWERS.find((one) => one.name === name)!;
      const seen = await bridge(['--canonical', '--client', client, '--event', event], hookOf(a), '{}', true, state);
      expect({ client, event, name, ...seen }).toEqual({ client, event, name, ...expected(client, event, a) });
    }
  }, 60_000);

  it('says what the spec says at the points that matter', () => {
    const a = (name: string) => ANSWERS.find((one) => one.name === name)!;
    // Copilot CLI reads a denial as permissionDecision; a hook that exits 1 denies there, as without hookd
    // (issue 41, 3), while an answer that is no canonical answer lets the tool run (exit 0).
    expect(expected('copilot', 'preToolUse', a('deny with a reason')).stdout).toBe(
      '{"permissionDecision":"deny","permissionDecisionReason":"no \\"rm -rf /\\" here\\n\\tsee policy"}',
    );
    expect(expected('copilot', 'preToolUse', a('exit 1'))).toEqual({ code: 1, stdout: '', stderr: 'crashed\n' });
    expect(expected('copilot', 'preToolUse', a('not JSON')).code).toBe(0);
    expect(expected('crush', 'PreToolUse', a('continue true')).code).toBe(7);
    expect(expected('claude', 'PreToolUse', a('exit 1')).code).toBe(1);
    // Claude Code asks; Codex cannot, so ask is a denial (exit 2, the reason on stderr).
    expect(JSON.parse(expected('claude', 'PreToolUse', a('ask')).stdout).hookSpecificOutput.permissionDecision).toBe(
      'ask',
    );
    expect(expected('codex', 'PreToolUse', a('ask'))).toEqual({ code: 2, stdout: '', stderr: 'sure?\n' });
    // A stop gate: Codex and Claude Code read {"decision":"block"}; Gemini CLI {"decision":"deny"}.
    expect(JSON.parse(expected('codex', 'Stop', a('deny with a reason')).stdout)).toMatchObject({ decision: 'block' });
    expect(JSON.parse(expected('gemini', 'AfterAgent', a('exit 2')).stdout)).toEqual({
      decision: 'deny',
      reason: 'blocked: force push to main',
    });
    // Exit 2's reason is already on stderr: not written twice.
    expect(expected('droid', 'PreToolUse', a('exit 2'))).toEqual({
      code: 2,
      stdout: '',
      stderr: 'blocked: force push to main\n',
    });
    // Claude Code's tool guard gets its JSON denial: with exit 2 its message to the model quotes the
    // entry's whole command before the reason (issue 42 item 5).
    expect(JSON.parse(expected('claude', 'PreToolUse', a('exit 2')).stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'blocked: force push to main',
      },
    });
    expect(expected('droid', 'PreToolUse', a('deny without a reason')).stderr).toBe(
      'blocked by a hook (it gave no reason)\n',
    );
    // Codex's Stop still gets the JSON object it needs for "allow".
    expect(expected('codex', 'Stop', a('silent')).stdout).toBe('{}');
    expect(expected('claude', 'Stop', a('stop')).stdout).toBe('{"continue":false,"stopReason":"done for today"}');
    // hookd's shims read Claude Code's forms: exit 2 blocks, a context goes to the prompt or the tool's result.
    expect(expected('opencode', 'PreToolUse', a('deny with a reason')).code).toBe(2);
    expect(JSON.parse(expected('pi', 'PostToolUse', a('context')).stdout).hookSpecificOutput.additionalContext).toBe(
      'the build is red',
    );
    // Crush: exit 2 blocks a tool; its envelope carries a context and a halt.
    expect(expected('crush', 'PreToolUse', a('exit 2'))).toEqual({
      code: 2,
      stdout: '',
      stderr: 'blocked: force push to main\n',
    });
    expect(JSON.parse(expected('crush', 'PreToolUse', a('context')).stdout)).toEqual({ context: 'the build is red' });
    expect(JSON.parse(expected('crush', 'TurnEnd', a('stop')).stdout)).toEqual({
      halt: true,
      reason: 'done for today',
    });
    // A rewritten input reaches the client as the hook wrote it: Claude Code's updatedInput, Codex's beside
    // an allow, Gemini CLI's tool_input; the last one, as JSON.parse reads it.
    expect(expected('claude', 'PreToolUse', a('rewrite')).stdout).toBe(
      '{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{ "command" : "echo \\u00e9 \\"ok\\"", "n": [1, {"a": "}"}] }}}',
    );
    expect(JSON.parse(expected('codex', 'PreToolUse', a('allow, rewrite twice')).stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'allow',
        updatedInput: { command: 'last' },
      },
    });
    expect(JSON.parse(expected('gemini', 'BeforeTool', a('rewrite')).stdout).hookSpecificOutput.tool_input).toEqual({
      command: 'echo é "ok"',
      n: [1, { a: '}' }],
    });
    // Where it cannot go (Droid, Qwen Code, Copilot CLI; an event with no rewrite; beside ask) the call is
    // blocked, never run on the old input; a denial stays a denial.
    const notCarried = /^blocked: the hook rewrote the tool's input \(updated_input\)/;
    expect(expected('droid', 'PreToolUse', a('rewrite'))).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(notCarried),
    });
    expect(JSON.parse(expected('copilot', 'preToolUse', a('rewrite')).stdout)).toMatchObject({
      permissionDecision: 'deny',
      permissionDecisionReason: expect.stringMatching(notCarried),
    });
    // Claude Code's denial is its JSON one (issue 42 item 5).
    const claudeDenial = (answer: { code: number | null; stdout: string }) => ({
      code: answer.code,
      ...(JSON.parse(answer.stdout) as { hookSpecificOutput: object }).hookSpecificOutput,
    });
    expect(claudeDenial(expected('claude', 'PreToolUse', a('ask with a rewrite')))).toMatchObject({
      code: 0,
      permissionDecision: 'deny',
    });
    expect(claudeDenial(expected('claude', 'PreToolUse', a('deny with a rewrite')))).toEqual({
      code: 0,
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: 'no',
    });
    expect(expected('claude', 'PreToolUse', a('rewrite not an object'))).toEqual({ code: 0, stdout: '', stderr: '' });
    // Cline reads no exit code: a denial is {"cancel": true}, or the tool would run.
    expect(expected('cline', 'PreToolUse', a('exit 2'))).toMatchObject({
      code: 0,
      stdout: '{"cancel":true,"errorMessage":"blocked: force push to main"}',
    });
  });
});

describe('the canonical fields', () => {
  const samples = path.join(ROOT, 'samples');
  it('are the same from both bridges for every real payload of every client', async () => {
    const state = tempDir();
    const out = path.join(state, 'fields');
    const hook = `env | grep "^HOOKD_HIF_" | sort > ${q(out)}; true`;
    const fields = () => readFileSync(out, 'utf8').trim();
    let checked = 0;
    for (const client of readdirSync(samples)) {
      for (const file of readdirSync(path.join(samples, client))) {
        const payload = readFileSync(path.join(samples, client, file), 'utf8');
        const event = file.replace(/\.json$/, '');
        const want = Object.entries(canonicalFields(client, event, Buffer.from(payload)))
          .map(([name, value]) => `${name}=${value}`)
          .sort()
          .join('\n');
        // Not canonical: no fields at all.
        expect((await bridge(['--client', client, '--event', event], hook, payload, false, state)).code).toBe(0);
        expect(fields()).toBe('');
        expect(
          (await bridge(['--canonical', '--client', client, '--event', event], hook, payload, false, state)).code,
        ).toBe(0);
        expect({ client, event, fields: fields() }).toEqual({ client, event, fields: want });
        if (checked % 10 === 0) {
          expect(
            (await bridge(['--canonical', '--client', client, '--event', event], hook, payload, true, state)).code,
          ).toBe(0);
          expect({ client, event, node: fields() }).toEqual({ client, event, node: want });
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  }, 120_000);

  it('name the tool, the command and the file in canonical words', () => {
    const read = (client: string, file: string) =>
      canonicalFields(client, file, readFileSync(path.join(samples, client, `${file}.json`)));
    for (const [client, event] of [
      ['claude', 'PreToolUse'],
      ['droid', 'PreToolUse'],
      ['qwen', 'PreToolUse'],
      ['copilot', 'preToolUse'],
      ['copilot', 'PreToolUse'],
      ['codex', 'PreToolUse'],
    ]) {
      expect(read(client!, event!)).toMatchObject({
        HOOKD_HIF_EVENT: 'before_tool_execute',
        HOOKD_HIF_TOOL: 'shell',
        HOOKD_HIF_CLIENT: client,
      });
      expect(read(client!, event!).HOOKD_HIF_COMMAND).toMatch(/^echo hello/);
    }
    expect(read('gemini', 'AfterAgent')).toEqual({ HOOKD_HIF_CLIENT: 'gemini', HOOKD_HIF_EVENT: 'agent_stop' });
    // Cursor's split events name the tool by the event; Copilot CLI's older toolArgs is a JSON string.
    expect(
      canonicalFields('cursor', 'beforeShellExecution', Buffer.from('{"command":"rm -rf /","cwd":"/p"}')),
    ).toMatchObject({ HOOKD_HIF_TOOL: 'shell', HOOKD_HIF_COMMAND: 'rm -rf /' });
    expect(
      canonicalFields(
        'copilot',
        'preToolUse',
        Buffer.from('{"toolName":"view","toolArgs":"{\\"path\\":\\"/p/.env\\"}"}'),
      ),
    ).toMatchObject({ HOOKD_HIF_TOOL: 'file_read', HOOKD_HIF_FILE: '/p/.env' });
    // Cline 3.0.65 nests its call (`tool_call: {name, input}`) and its shell tool takes a list of commands.
    expect(read('cline', 'PreToolUse')).toEqual({
      HOOKD_HIF_CLIENT: 'cline',
      HOOKD_HIF_EVENT: 'before_tool_execute',
      HOOKD_HIF_TOOL: 'shell',
      HOOKD_HIF_COMMAND: 'echo hi > out.txt',
    });
  });

  // Cline's nested call, read the same by both bridges: a list of commands is one per line; a list
  // holding anything else (its `{command, args}` form) is no command; a top-level tool name wins.
  const CLINE_CASES: Array<[string, string, Record<string, string>]> = [
    [
      'two commands',
      '{"tool_call":{"name":"run_commands","input":{"commands":["git status","git push -f"]}}}',
      { HOOKD_HIF_TOOL: 'shell', HOOKD_HIF_COMMAND: 'git status\ngit push -f' },
    ],
    [
      'the argv form',
      '{"tool_call":{"name":"run_commands","input":{"commands":[{"command":"git","args":["push"]}]}}}',
      { HOOKD_HIF_TOOL: 'shell' },
    ],
    [
      'a file read',
      '{"tool_call":{"name":"read_files","input":{"files":[{"path":"/p/.env"}]}}}',
      { HOOKD_HIF_TOOL: 'file_read' },
    ],
    ['a call that is no object', '{"tool_call":"run_commands"}', {}],
    [
      'a top-level tool name',
      '{"tool_name":"editor","tool_input":{"path":"/p/a"},"tool_call":{"name":"run_commands"}}',
      { HOOKD_HIF_TOOL: 'file_edit', HOOKD_HIF_FILE: '/p/a' },
    ],
    ['an empty list', '{"tool_call":{"name":"run_commands","input":{"commands":[]}}}', { HOOKD_HIF_TOOL: 'shell' }],
  ];
  it("read Cline's nested call the same through both bridges", async () => {
    const state = tempDir();
    const out = path.join(state, 'fields');
    // NUL-separated: a command of several lines stays one variable.
    const hook = `env -0 | grep -z "^HOOKD_HIF_" | sort -z > ${q(out)}; true`;
    for (const [name, payload, more] of CLINE_CASES) {
      const want = { HOOKD_HIF_CLIENT: 'cline', HOOKD_HIF_EVENT: 'before_tool_execute', ...more };
      expect({ name, fields: canonicalFields('cline', 'PreToolUse', Buffer.from(payload)) }).toEqual({
        name,
        fields: want,
      });
      for (const node of [false, true]) {
        await bridge(['--canonical', '--client', 'cline', '--event', 'PreToolUse'], hook, payload, node, state);
        const seen = Object.fromEntries(
          readFileSync(out, 'utf8')
            .split('\0')
            .filter(Boolean)
            .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
        );
        expect({ name, node, seen }).toEqual({ name, node, seen: want });
      }
    }
  }, 60_000);
});

describe('a hook not marked canonical', () => {
  it('is handed to the client byte for byte as before, through both bridges', async () => {
    const state = tempDir();
    for (const node of [false, true]) {
      for (const a of [ANSWERS[2]!, ANSWERS[8]!, ANSWERS[11]!]) {
        const seen = await bridge(['--client', 'copilot', '--event', 'preToolUse'], hookOf(a), '{}', node, state);
        expect(seen).toEqual({ code: a.code, stdout: a.out, stderr: a.err });
      }
    }
  }, 60_000);
});
