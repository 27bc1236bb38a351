// Amp's side of hookd's shim (shims/amp.js, issue 43), loaded as Amp's plugin runtime loads a plugin
// (an ES module whose default export is called with the plugin API) and handed events in the shape of
// Amp's plugin API (`amp plugins show-docs`, 0.0.1790142911: tool.call, tool.result, agent.start,
// agent.end, session.start). Amp's turns need its server (docs/clients.md), so this is where what the
// shim answers Amp is checked; that Amp's binary loads the shim is test/clients/npm-clients-files.test.ts.
// Real hook processes, real files.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { renderShim } from '../../src/install/shim-files.js';
import { amp } from '../../src/clients/amp/profile.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { on, writeHooks } from '../helpers/shim-hooks.js';

afterEach(cleanupTempDirs);

type Handler = (event: Record<string, unknown>) => Promise<unknown>;

/** The shim rendered for `hooksFile`, loaded, and called with a plugin API that keeps its handlers; the workspace is `dir`. */
async function loadShim(dir: string, hooksFile: string): Promise<Record<string, Handler>> {
  const file = path.join(dir, 'hookd.mjs');
  writeFileSync(file, renderShim(amp, hooksFile));
  const module = (await import(pathToFileURL(file).href)) as { default: (api: unknown) => void };
  const handlers: Record<string, Handler> = {};
  module.default({
    system: { workspaceRoot: pathToFileURL(dir).href },
    helpers: { filePathFromURI: (uri: string) => new URL(uri).pathname },
    on: (event: string, handler: Handler) => (handlers[event] = handler),
  });
  return handlers;
}

const thread = { id: 'T-0123' };

describe("Amp's shim", () => {
  it('a guard rejects the tool call with its reason (reject-and-continue), updatedInput is modify, any other call is allowed', async () => {
    const dir = tempDir('hookd-amp-shim-');
    const hooksFile = path.join(dir, 'amp.json');
    const got = path.join(dir, 'pre.json');
    writeHooks(
      hooksFile,
      on('PreToolUse', `cat > ${got}; echo "guarded: $AMP_PROJECT_DIR" >&2; exit 2`, 'shell_command'),
    );
    const handlers = await loadShim(dir, hooksFile);
    const call = { toolUseID: 'toolu_1', tool: 'shell_command', input: { command: 'ls' }, thread };
    expect(await handlers['tool.call']!(call)).toEqual({ action: 'reject-and-continue', message: `guarded: ${dir}` });
    expect(JSON.parse(readFileSync(got, 'utf8'))).toEqual({
      session_id: 'T-0123',
      tool_name: 'shell_command',
      tool_input: { command: 'ls' },
      tool_use_id: 'toolu_1',
      cwd: dir,
      hook_event_name: 'PreToolUse',
    });
    expect(await handlers['tool.call']!({ ...call, tool: 'apply_patch' })).toEqual({ action: 'allow' });

    const change = JSON.stringify({
      hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'ls -la' } },
    });
    writeHooks(hooksFile, on('PreToolUse', `echo '${change}'`));
    expect(await handlers['tool.call']!(call)).toEqual({ action: 'modify', input: { command: 'ls -la' } });
  });

  it("a Stop block sends its reason back as the next user message (continue); a prompt's context is appended; a prompt's block cannot be carried", async () => {
    const dir = tempDir('hookd-amp-shim-');
    const hooksFile = path.join(dir, 'amp.json');
    const stopGot = path.join(dir, 'stop.json');
    writeHooks(hooksFile, {
      ...on('Stop', `cat > ${stopGot}; echo 'run the tests first' >&2; exit 2`),
      ...on('UserPromptSubmit', 'echo remember the tests'),
    });
    const handlers = await loadShim(dir, hooksFile);
    const end = { thread, message: 'fix it', id: 'm1', status: 'done', messages: [] };
    expect(await handlers['agent.end']!(end)).toEqual({ action: 'continue', userMessage: 'run the tests first' });
    expect(JSON.parse(readFileSync(stopGot, 'utf8'))).toMatchObject({
      session_id: 'T-0123',
      stop_hook_active: false,
      hook_event_name: 'Stop',
    });
    const start = { thread, message: 'fix it', id: 'm1' };
    expect(await handlers['agent.start']!(start)).toEqual({
      message: { content: 'remember the tests', display: false },
    });
    // Amp's agent.start has no way to refuse a prompt: the block is said, not turned into something else.
    writeHooks(hooksFile, on('UserPromptSubmit', 'echo not now >&2; exit 2'));
    expect(await handlers['agent.start']!(start)).toEqual({});
  });

  it("a PostToolUse hook's context is appended to a text output; a structured output is left as it is", async () => {
    const dir = tempDir('hookd-amp-shim-');
    const hooksFile = path.join(dir, 'amp.json');
    writeHooks(hooksFile, {
      PostToolUse: [
        {
          hooks: [
            {
              type: 'command',
              command: `echo '${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'lint it' } })}'`,
            },
          ],
        },
      ],
    });
    const handlers = await loadShim(dir, hooksFile);
    const result = { toolUseID: 't1', tool: 'shell_command', input: {}, status: 'done', output: 'ok', thread };
    expect(await handlers['tool.result']!(result)).toEqual({ status: 'done', output: 'ok\nlint it' });
    expect(await handlers['tool.result']!({ ...result, output: { exitCode: 0 } })).toBeUndefined();
  });
});
