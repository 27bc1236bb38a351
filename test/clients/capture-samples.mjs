// Regenerates samples/<client>/<Event>.json (claude, gemini, codex, droid, copilot, qwen, opencode, pi, kilo, auggie): the payload of each
// event the real client sends, exactly its bytes (one compact line; Claude Code's ends with a
// newline, the others' do not), with the temp paths of the capture replaced by a realistic home:
// /home/dev, the project /home/dev/src/demo (Claude Code's project folder -home-dev-src-demo).
// Every field and the key order are the client's. hookd ships these as the sample payloads of
// `hookd run`.
//
// Run from the repository root, offline (each client talks to a fake of its model API on loopback):
//   npm run build && node test/clients/capture-samples.mjs              # all three clients
//   npm run build && node test/clients/capture-samples.mjs claude codex # some
// It installs the pinned clients into test/clients/node_modules first if needed (about 900 MB).
//
// What each client is made to do, so that as many events as possible fire:
// - Claude Code: an interactive session in a pseudo-terminal (--permission-mode default): the model
//   asks to run `echo hello > hello.txt`, which is a permission prompt (PermissionRequest,
//   Notification), approved; then /exit (SessionEnd reason prompt_input_exit). Then a `claude -p`
//   turn whose model starts a subagent (the Agent tool): SubagentStart, SubagentStop.
// - Gemini CLI: one `gemini -p` turn whose model lists the directory (BeforeTool, AfterTool).
// - Codex: one `codex exec` turn whose model runs `echo hello` (PreToolUse, PostToolUse).
// - Droid, Copilot CLI, Qwen Code, OpenCode, pi, Kilo Code, Auggie: one non-interactive turn whose model runs `echo hello`
//   (capture-tool-turns.mjs).
// Where an event fires more than once, the first payload is kept (Gemini's AfterModel: the last,
// the answer's; the function call's shows no parts).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_BINS, installClients } from './install-clients.mjs';
import { ROOT, prepareClient, startFake, startInPty } from './run-client.mjs';
import {
  MORE_EVENTS,
  captureCopilot,
  captureAuggie,
  captureDroid,
  captureKilo,
  captureOpencode,
  capturePi,
  captureQwen,
} from './capture-tool-turns.mjs';

const SAMPLES = path.join(ROOT, 'samples');
const REAL_HOME = '/home/dev';

const EVENTS = {
  claude: [
    'Setup',
    'SessionStart',
    'UserPromptSubmit',
    'PreToolUse',
    'PermissionRequest',
    'PostToolUse',
    'PostToolUseFailure',
    'Notification',
    'SubagentStart',
    'SubagentStop',
    'Stop',
    'StopFailure',
    'PreCompact',
    'SessionEnd',
  ],
  gemini: [
    'SessionStart',
    'BeforeAgent',
    'BeforeModel',
    'BeforeToolSelection',
    'AfterModel',
    'BeforeTool',
    'AfterTool',
    'AfterAgent',
    'PreCompress',
    'Notification',
    'SessionEnd',
  ],
  codex: ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PermissionRequest', 'PostToolUse', 'Stop', 'SessionEnd'],
  ...MORE_EVENTS,
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what, check, timeoutMs, context = () => '') {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${context()}`);
    await sleep(50);
  }
}

/** Hooks for `events` that store each payload as OUT/EVENT-<ns>-<pid>.json (sortable by arrival). */
function capturingHooks(events, out) {
  return Object.fromEntries(
    events.map((event) => [
      event,
      [{ hooks: [{ type: 'command', command: `cat > ${out}/${event}-$(date +%s%N)-$$.json` }] }],
    ]),
  );
}

/** The first payload of each event in `out` (the last for events in `last`), as bytes. */
function firstPayloads(out, last = []) {
  const payloads = new Map();
  for (const name of readdirSync(out).sort()) {
    const event = name.slice(0, name.indexOf('-'));
    if (!payloads.has(event) || last.includes(event)) payloads.set(event, readFileSync(path.join(out, name)));
  }
  return payloads;
}

/** Claude Code encodes a project folder by turning every non-alphanumeric character into '-'. */
const encodeClaudeProject = (dir) => dir.replace(/[^a-zA-Z0-9]/g, '-');

/** `bytes` with the capture's temp home replaced by /home/dev; fails if any temp path is left. */
function sanitize(bytes, home, scratch) {
  let text = bytes.toString('utf8');
  text = text.split(home).join(REAL_HOME).split(encodeClaudeProject(home)).join(encodeClaudeProject(REAL_HOME));
  const left = [scratch, path.basename(scratch)].find((needle) => text.includes(needle));
  if (left) throw new Error(`a payload still holds the temp path ${left}:\n${text}`);
  return Buffer.from(text, 'utf8');
}

function client(name, scratch, out, fakeUrl, extra = {}) {
  mkdirSync(out, { recursive: true });
  return prepareClient(name, {
    dir: scratch,
    fakeUrl,
    stateDir: path.join(scratch, 'state'),
    hooks: capturingHooks(EVENTS[name], out),
    ...extra,
  });
}

async function captureClaude(scratch) {
  const payloads = new Map();
  // 1. Interactive: a permission prompt for a shell command, approved; then /exit.
  {
    const fake = await startFake('claude', {
      respond: (body) => {
        const isMainLoop = (body.tools ?? []).some((tool) => tool.name === 'Bash');
        if (!isMainLoop || JSON.stringify(body.messages ?? []).includes('tool_result')) return undefined;
        return [
          {
            type: 'tool_use',
            id: 'toolu_01HookdSampleBash',
            name: 'Bash',
            input: { command: 'echo hello > hello.txt', description: 'Write hello.txt' },
          },
        ];
      },
    });
    const out = path.join(scratch, 'out-interactive');
    const prepared = client('claude', scratch, out, fake.url);
    const session = startInPty([CLIENT_BINS.claude, '--permission-mode', 'default'], {
      cwd: prepared.project,
      env: prepared.env,
    });
    const screen = () => `\n--- the terminal's last output ---\n${session.screen().slice(-2500)}`;
    const arrived = (event) => readdirSync(out).some((name) => name.startsWith(`${event}-`));
    try {
      await until(
        'the interactive session to show its prompt',
        () => /for shortcuts|mode on/.test(session.screen()),
        40_000,
        screen,
      );
      session.type('say hi');
      await sleep(300);
      session.type('\r');
      await until('Notification (permission_prompt)', () => arrived('Notification'), 40_000, screen);
      await until('the permission dialog', () => /Do ?you ?want ?to ?proceed/.test(session.screen()), 10_000, screen);
      session.type('\r');
      await until('Stop', () => arrived('Stop'), 40_000, screen);
      await sleep(300);
      session.type('/exit');
      await sleep(300);
      session.type('\r');
      let exited = false;
      void session.exited.then(() => (exited = true));
      await until('the session to exit on /exit', () => exited, 20_000, screen);
    } finally {
      session.kill();
      await fake.close();
    }
    for (const [event, bytes] of firstPayloads(out)) payloads.set(event, sanitize(bytes, prepared.home, scratch));
  }
  // 2. `claude -p` whose model starts a subagent: SubagentStart, SubagentStop.
  {
    const sub = path.join(scratch, 'sub');
    mkdirSync(sub);
    const fake = await startFake('claude', {
      respond: (body) => {
        const text = JSON.stringify(body.messages ?? []);
        if (
          text.includes('tool_result') ||
          !text.includes('Find the TODO comments') ||
          !(body.tools ?? []).some((tool) => tool.name === 'Agent')
        )
          return undefined;
        return [
          {
            type: 'tool_use',
            id: 'toolu_01HookdSampleAgent',
            name: 'Agent',
            input: {
              description: 'Find TODO comments',
              prompt: 'List the TODO comments in this project.',
              subagent_type: 'general-purpose',
              run_in_background: false,
            },
          },
        ];
      },
    });
    const out = path.join(sub, 'out');
    const prepared = client('claude', sub, out, fake.url);
    try {
      const result = await prepared.run({ prompt: 'Find the TODO comments, with a subagent' });
      if (result.exitCode !== 0) throw new Error(`claude -p (subagent) exited ${result.exitCode}:\n${result.stderr}`);
    } finally {
      await fake.close();
    }
    for (const [event, bytes] of firstPayloads(out))
      if (!payloads.has(event)) payloads.set(event, sanitize(bytes, prepared.home, scratch));
  }
  return payloads;
}

async function captureGemini(scratch) {
  const fake = await startFake('gemini', {
    respond: (body) =>
      JSON.stringify(body.contents ?? []).includes('functionResponse')
        ? undefined
        : [{ functionCall: { name: 'list_directory', args: { dir_path: '.' } } }],
  });
  const out = path.join(scratch, 'out');
  const prepared = client('gemini', scratch, out, fake.url);
  try {
    const result = await prepared.run({ prompt: 'What is in this folder?' });
    if (result.exitCode !== 0) throw new Error(`gemini -p exited ${result.exitCode}:\n${result.stderr}`);
  } finally {
    await fake.close();
  }
  // AfterModel of the function call shows no parts at all ("parts":[], "text":""): keep the answer's.
  return new Map(
    [...firstPayloads(out, ['AfterModel'])].map(([event, bytes]) => [event, sanitize(bytes, prepared.home, scratch)]),
  );
}

async function captureCodex(scratch) {
  // Running a command, Codex makes /tmp/codex-daemon-<uid> (TMPDIR notwithstanding): removed
  // below if this capture made it and left it empty.
  const codexDaemonDir = path.join('/tmp', `codex-daemon-${process.getuid?.() ?? 0}`);
  const hadCodexDaemonDir = existsSync(codexDaemonDir);
  const fake = await startFake('codex', {
    respond: (body) =>
      JSON.stringify(body.input ?? []).includes('function_call_output')
        ? undefined
        : [
            {
              type: 'function_call',
              id: 'fc_hookd_sample_1',
              call_id: 'call_hookd_sample_1',
              name: 'exec_command',
              arguments: JSON.stringify({ cmd: 'echo hello' }),
            },
          ],
  });
  const out = path.join(scratch, 'out');
  // Codex's own default model name, as a user's payloads carry it.
  const prepared = client('codex', scratch, out, fake.url, { model: null });
  try {
    const result = await prepared.run({ prompt: 'Say hello from the shell' });
    if (result.exitCode !== 0) throw new Error(`codex exec exited ${result.exitCode}:\n${result.stderr}`);
  } finally {
    await fake.close();
    if (!hadCodexDaemonDir && existsSync(codexDaemonDir) && readdirSync(codexDaemonDir).length === 0)
      rmSync(codexDaemonDir, { recursive: true });
  }
  return new Map([...firstPayloads(out)].map(([event, bytes]) => [event, sanitize(bytes, prepared.home, scratch)]));
}

const kit = { client, firstPayloads, sanitize };
const CAPTURE = {
  claude: captureClaude,
  gemini: captureGemini,
  codex: captureCodex,
  droid: (scratch) => captureDroid(kit, scratch),
  copilot: (scratch) => captureCopilot(kit, scratch),
  qwen: (scratch) => captureQwen(kit, scratch),
  opencode: (scratch) => captureOpencode(kit, scratch),
  pi: (scratch) => capturePi(kit, scratch),
  kilo: (scratch) => captureKilo(kit, scratch),
  auggie: (scratch) => captureAuggie(kit, scratch),
};

const chosen = process.argv.slice(2);
for (const name of chosen)
  if (!(name in CAPTURE)) throw new Error(`unknown client ${name}; choose among ${Object.keys(CAPTURE).join(', ')}`);
await installClients({ log: (line) => console.error(line) });
for (const name of chosen.length ? chosen : Object.keys(CAPTURE)) {
  const scratch = mkdtempSync(path.join(tmpdir(), 'hookd-capture-'));
  try {
    const payloads = await CAPTURE[name](scratch);
    const dir = path.join(SAMPLES, name);
    mkdirSync(dir, { recursive: true });
    for (const file of readdirSync(dir)) if (file.endsWith('.json')) rmSync(path.join(dir, file));
    for (const [event, bytes] of payloads) {
      JSON.parse(bytes.toString('utf8'));
      writeFileSync(path.join(dir, `${event}.json`), bytes);
    }
    console.log(`samples/${name}: ${[...payloads.keys()].join(', ')}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
