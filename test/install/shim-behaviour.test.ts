// pi's side of hookd's shim and the core it shares with OpenCode's (shims/*.js, issue 32), loaded as
// pi loads an extension (an ES module from a file) and handed a stand-in of pi's documented API
// (pi.on(name, handler)); the real clients' turns are in test/clients/plugin-clients.test.ts and
// OpenCode's side in shim-opencode.test.ts. Real hook processes, real files: how the shim reads a
// guard's answer, matches tools, ends a hook that runs over, and survives a hook file it cannot read.
import { writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { renderShim } from '../../src/install/shim-files.js';
import { pi } from '../../src/clients/pi/profile.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { on, writeHooks } from '../helpers/shim-hooks.js';

afterEach(cleanupTempDirs);

type Handler = (event: Record<string, unknown>, ctx: Record<string, unknown>) => Promise<unknown> | unknown;

/** pi's shim loaded from a file reading `hooksFile`, with its handlers by event name. */
async function loadPi(dir: string, hooksFile: string): Promise<Record<string, Handler>> {
  const file = path.join(dir, `pi-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, renderShim(pi, hooksFile));
  const handlers: Record<string, Handler> = {};
  const module = (await import(pathToFileURL(file).href)) as { default: (api: unknown) => void };
  module.default({ on: (name: string, handler: Handler) => (handlers[name] = handler) });
  return handlers;
}

const ctx = (cwd: string) => ({
  cwd,
  hasUI: false,
  sessionManager: { getSessionId: () => 'sess-pi-1', getSessionFile: () => '/tmp/sess-pi-1.jsonl' },
});

describe("pi's shim", () => {
  it('with no hook file, a tool call goes on untouched', async () => {
    const dir = tempDir('hookd-shim-');
    const handlers = await loadPi(dir, path.join(dir, 'absent.json'));
    const event = { toolName: 'bash', toolCallId: 'c1', input: { command: 'ls' } };
    expect(await handlers.tool_call!(event, ctx(dir))).toBeUndefined();
    expect(event.input).toEqual({ command: 'ls' });
  });

  it("a guard's exit 2 blocks with its stderr, and it got the Claude-shaped payload byte for byte (hostile text kept)", async () => {
    const dir = tempDir('hookd-shim-');
    const hooksFile = path.join(dir, 'pi.json');
    const got = path.join(dir, 'payload.json');
    writeHooks(hooksFile, on('PreToolUse', `cat > ${got}; echo "no: $PI_PROJECT_DIR" >&2; exit 2`, 'bash'));
    const handlers = await loadPi(dir, hooksFile);
    const command = `rm -rf / # "quoted" 'single' \n newline \u0000 nul ☃`;
    const answer = await handlers.tool_call!({ toolName: 'bash', toolCallId: 'c1', input: { command } }, ctx(dir));
    expect(answer).toEqual({ block: true, reason: `no: ${dir}` });
    const payload = JSON.parse(readFileSync(got, 'utf8')) as Record<string, unknown>;
    expect(payload).toEqual({
      session_id: 'sess-pi-1',
      transcript_path: '/tmp/sess-pi-1.jsonl',
      tool_name: 'bash',
      tool_input: { command },
      tool_use_id: 'c1',
      cwd: dir,
      hook_event_name: 'PreToolUse',
    });
  });

  it('a JSON denial blocks with its reason; updatedInput changes the call; exit 1 lets it go on', async () => {
    const dir = tempDir('hookd-shim-');
    const hooksFile = path.join(dir, 'pi.json');
    const deny = JSON.stringify({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'not here',
      },
    });
    writeHooks(hooksFile, on('PreToolUse', `echo '${deny}'`, 'bash'));
    let handlers = await loadPi(dir, hooksFile);
    expect(
      await handlers.tool_call!({ toolName: 'bash', toolCallId: 'c1', input: { command: 'ls' } }, ctx(dir)),
    ).toEqual({ block: true, reason: 'not here' });

    const change = JSON.stringify({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'allow',
        updatedInput: { command: 'ls -la' },
      },
    });
    writeHooks(hooksFile, on('PreToolUse', `echo '${change}'`));
    handlers = await loadPi(dir, hooksFile);
    const event = { toolName: 'bash', toolCallId: 'c2', input: { command: 'ls', timeout: 5 } };
    expect(await handlers.tool_call!(event, ctx(dir))).toBeUndefined();
    expect(event.input).toEqual({ command: 'ls -la' });

    writeHooks(hooksFile, on('PreToolUse', 'echo broken >&2; exit 1'));
    handlers = await loadPi(dir, hooksFile);
    expect(
      await handlers.tool_call!({ toolName: 'bash', toolCallId: 'c3', input: { command: 'ls' } }, ctx(dir)),
    ).toBeUndefined();
  });

  it("runs only the groups whose matcher names the tool (Claude Code's rule: names, lists, else a regular expression)", async () => {
    const dir = tempDir('hookd-shim-');
    const hooksFile = path.join(dir, 'pi.json');
    writeHooks(hooksFile, {
      PreToolUse: [
        { matcher: 'read|write', hooks: [{ type: 'command', command: 'echo files >&2; exit 2' }] },
        { matcher: 'ba.*', hooks: [{ type: 'command', command: 'echo shell >&2; exit 2' }] },
      ],
    });
    const handlers = await loadPi(dir, hooksFile);
    expect(await handlers.tool_call!({ toolName: 'bash', toolCallId: 'c1', input: {} }, ctx(dir))).toEqual({
      block: true,
      reason: 'shell',
    });
    expect(await handlers.tool_call!({ toolName: 'write', toolCallId: 'c2', input: {} }, ctx(dir))).toEqual({
      block: true,
      reason: 'files',
    });
    expect(await handlers.tool_call!({ toolName: 'grep', toolCallId: 'c3', input: {} }, ctx(dir))).toBeUndefined();
  });

  it('a hook that runs over its timeout is ended with its process group and lets the call go on', async () => {
    const dir = tempDir('hookd-shim-');
    const hooksFile = path.join(dir, 'pi.json');
    const pids = path.join(dir, 'pids');
    writeHooks(hooksFile, on('PreToolUse', `sleep 60 & echo $! > ${pids}; echo late >&2; wait; exit 2`, undefined, 1));
    const handlers = await loadPi(dir, hooksFile);
    expect(await handlers.tool_call!({ toolName: 'bash', toolCallId: 'c1', input: {} }, ctx(dir))).toBeUndefined();
    const sleeper = Number(readFileSync(pids, 'utf8'));
    await waitFor('the sleeping grandchild to be ended', () => !alive(sleeper), 10_000);
  });

  it('a hook file that is not JSON runs no hooks and says so on stderr; once fixed, its hooks run', async () => {
    const dir = tempDir('hookd-shim-');
    const hooksFile = path.join(dir, 'pi.json');
    writeFileSync(hooksFile, '{"hooks": {"PreToolUse": [');
    const handlers = await loadPi(dir, hooksFile);
    const written: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => (written.push(String(chunk)), true)) as typeof process.stderr.write;
    try {
      expect(await handlers.tool_call!({ toolName: 'bash', toolCallId: 'c1', input: {} }, ctx(dir))).toBeUndefined();
    } finally {
      process.stderr.write = write;
    }
    expect(written.join('')).toContain(`hookd shim: ${hooksFile}:`);
    writeFileSync(hooksFile, JSON.stringify({ hooks: on('PreToolUse', 'echo fixed >&2; exit 2') }, null, 1));
    expect(await handlers.tool_call!({ toolName: 'bash', toolCallId: 'c2', input: {} }, ctx(dir))).toEqual({
      block: true,
      reason: 'fixed',
    });
  });

  it("a prompt hook's exit 2 ends the prompt; its plain stdout reaches the model as a message", async () => {
    const dir = tempDir('hookd-shim-');
    const hooksFile = path.join(dir, 'pi.json');
    writeHooks(hooksFile, on('UserPromptSubmit', 'echo remember the tests'));
    let handlers = await loadPi(dir, hooksFile);
    expect(await handlers.input!({ text: 'hi' }, ctx(dir))).toBeUndefined();
    expect(await handlers.before_agent_start!({ prompt: 'hi' }, ctx(dir))).toEqual({
      message: { customType: 'hookd', content: 'remember the tests', display: false },
    });
    writeHooks(hooksFile, on('UserPromptSubmit', 'echo no prompts now >&2; exit 2'));
    handlers = await loadPi(dir, hooksFile);
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = (() => true) as typeof process.stderr.write;
    try {
      expect(await handlers.input!({ text: 'hi' }, ctx(dir))).toEqual({ action: 'handled' });
    } finally {
      process.stderr.write = write;
    }
  });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
