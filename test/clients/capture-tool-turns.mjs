// The sample captures of Droid, Copilot CLI, Qwen Code, OpenCode and pi (capture-samples.mjs runs them): one
// non-interactive turn each whose model runs a shell command through the client's own tool, so
// that the tool events fire beside the turn's (Droid's `Execute`, Copilot CLI's `bash`, Qwen
// Code's `run_shell_command`). `kit` is capture-samples.mjs's: the capturing client, the first
// payload of each event, and the temp paths replaced by /home/dev.
import path from 'node:path';
import { startFake } from './run-client.mjs';

/** Events each client is wired for while capturing (Copilot CLI: its camelCase and PascalCase names). */
export const MORE_EVENTS = {
  droid: [
    'SessionStart',
    'UserPromptSubmit',
    'PreToolUse',
    'PostToolUse',
    'Notification',
    'Stop',
    'SubagentStop',
    'PreCompact',
    'SessionEnd',
  ],
  copilot: [
    'sessionStart',
    'userPromptSubmitted',
    'preToolUse',
    'permissionRequest',
    'postToolUse',
    'postToolUseFailure',
    'agentStop',
    'subagentStart',
    'subagentStop',
    'errorOccurred',
    'preCompact',
    'notification',
    'sessionEnd',
    'SessionStart',
    'UserPromptSubmit',
    'PreToolUse',
    'PostToolUse',
    'Stop',
    'SessionEnd',
  ],
  qwen: [
    'SessionStart',
    'UserPromptSubmit',
    'PreToolUse',
    'PermissionRequest',
    'PostToolUse',
    'PostToolUseFailure',
    'PostToolBatch',
    'Notification',
    'SubagentStart',
    'SubagentStop',
    'Stop',
    'StopFailure',
    'PreCompact',
    'PostCompact',
    'InstructionsLoaded',
    'MessageDisplay',
    'SessionEnd',
  ],
  // Run by hookd's shim (issue 32): the events it hands on, with its Claude-shaped payloads.
  opencode: ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop'],
  kilo: ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop'],
  // Its own event names; payloads pretty-printed, as Auggie sends them.
  auggie: ['SessionStart', 'PromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'SessionEnd'],
  pi: ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'SessionEnd'],
};

const chatToolCall = (name, args) => (body) => {
  const asked = (body.tools ?? []).some((tool) => tool.function?.name === name);
  const answered = (body.messages ?? []).some((message) => message.role === 'tool');
  return asked && !answered ? [{ id: 'call_hookd_sample_1', name, arguments: JSON.stringify(args) }] : undefined;
};

async function captureTurn(kit, name, scratch, fakeOptions, prompt, settleMs = 0) {
  const fake = await startFake(name, fakeOptions);
  const out = path.join(scratch, 'out');
  const prepared = kit.client(name, scratch, out, fake.url);
  try {
    const result = await prepared.run({ prompt, timeoutMs: 120_000 });
    if (result.exitCode !== 0)
      throw new Error(`${name} exited ${result.exitCode}:\n${result.stdout}\n${result.stderr}`);
  } finally {
    await fake.close();
  }
  // A hook the client does not wait for (OpenCode's Stop) may still be writing its payload.
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  return new Map(
    [...kit.firstPayloads(out)].map(([event, bytes]) => [event, kit.sanitize(bytes, prepared.home, scratch)]),
  );
}

/** Droid: `droid exec` whose model runs `echo hello` with Execute. */
export function captureDroid(kit, scratch) {
  const respond = (body) => {
    const text = JSON.stringify(body.messages ?? []);
    const hasExecute = (body.tools ?? []).some((tool) => tool.name === 'Execute');
    if (!hasExecute || text.includes('tool_result')) return undefined;
    return [
      {
        type: 'tool_use',
        id: 'toolu_01HookdSampleExecute',
        name: 'Execute',
        input: { command: 'echo hello', riskLevelReason: 'Prints a word.', riskLevel: 'low' },
      },
    ];
  };
  return captureTurn(kit, 'droid', scratch, { respond }, 'Say hello from the shell');
}

/** Copilot CLI: `copilot -p` whose model runs `echo hello` with bash. */
export function captureCopilot(kit, scratch) {
  return captureTurn(
    kit,
    'copilot',
    scratch,
    { respond: chatToolCall('bash', { command: 'echo hello', description: 'Say hello' }) },
    'Say hello from the shell',
  );
}

/** Qwen Code: `qwen --yolo -p` whose model runs `echo hello` with run_shell_command. */
export function captureQwen(kit, scratch) {
  return captureTurn(
    kit,
    'qwen',
    scratch,
    { respond: chatToolCall('run_shell_command', { command: 'echo hello', description: 'Say hello' }) },
    'Say hello from the shell',
  );
}

/** OpenCode: `opencode run` whose model runs `echo hello` with bash, through hookd's shim. */
export function captureOpencode(kit, scratch) {
  return captureTurn(
    kit,
    'opencode',
    scratch,
    { respond: chatToolCall('bash', { command: 'echo hello', description: 'Say hello' }) },
    'Say hello from the shell',
    2000,
  );
}

/** pi: `pi -p` whose model runs `echo hello` with bash, through hookd's shim. */
export function capturePi(kit, scratch) {
  return captureTurn(
    kit,
    'pi',
    scratch,
    { respond: chatToolCall('bash', { command: 'echo hello' }) },
    'Say hello from the shell',
  );
}

/** Kilo Code CLI: `kilo run` whose model runs `echo hello` with bash, through hookd's shim (OpenCode's adapter). */
export function captureKilo(kit, scratch) {
  return captureTurn(
    kit,
    'kilo',
    scratch,
    { respond: chatToolCall('bash', { command: 'echo hello', description: 'Say hello' }) },
    'Say hello from the shell',
    2000,
  );
}

/** Auggie: `auggie --print` against the fake of Augment's backend, whose model runs `echo hello` with launch-process. */
export function captureAuggie(kit, scratch) {
  const respond = (body) =>
    JSON.stringify(body.nodes ?? []).includes('tool_result_node')
      ? undefined
      : {
          id: 'toolu_01HookdSampleLaunch',
          name: 'launch-process',
          input: {
            command: 'echo hello',
            wait: true,
            max_wait_seconds: 30,
            cwd: path.join(scratch, 'home', 'src', 'demo'),
          },
        };
  return captureTurn(kit, 'auggie', scratch, { respond }, 'Say hello from the shell');
}
