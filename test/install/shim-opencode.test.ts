// OpenCode's side of hookd's shim (shims/opencode.js, issue 32), loaded as OpenCode loads a plugin
// (an ES module from a file, its exported function called with the project) and handed calls in the
// shape of OpenCode 1.18's hooks (tool.execute.before, chat.message, event); the real client's turns
// are in test/clients/plugin-clients.test.ts. Real hook processes, real files.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { renderShim } from '../../src/install/shim-files.js';
import { opencode } from '../../src/clients/opencode/profile.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { on, writeHooks } from '../helpers/shim-hooks.js';

afterEach(cleanupTempDirs);

describe("OpenCode's shim", () => {
  it('a denial throws with the reason (OpenCode gives it to the model); updatedInput replaces the arguments; the Stop event runs its hook', async () => {
    const dir = tempDir('hookd-shim-');
    const hooksFile = path.join(dir, 'opencode.json');
    const stopGot = path.join(dir, 'stop.json');
    writeHooks(hooksFile, {
      ...on('PreToolUse', 'echo "guarded: $OPENCODE_PROJECT_DIR" >&2; exit 2', 'bash'),
      ...on('Stop', `cat > ${stopGot}`),
    });
    const file = path.join(dir, 'hookd.mjs');
    writeFileSync(file, renderShim(opencode, hooksFile));
    const module = (await import(pathToFileURL(file).href)) as {
      HookdShim: (input: { directory: string }) => Promise<Record<string, (...args: unknown[]) => Promise<void>>>;
    };
    const hooks = await module.HookdShim({ directory: dir });
    await expect(
      hooks['tool.execute.before']!({ tool: 'bash', sessionID: 'ses_1', callID: 'c1' }, { args: { command: 'ls' } }),
    ).rejects.toThrow(`guarded: ${dir}`);
    const output = { args: { filePath: '/etc/passwd' } };
    await hooks['tool.execute.before']!({ tool: 'read', sessionID: 'ses_1', callID: 'c2' }, output);
    expect(output.args).toEqual({ filePath: '/etc/passwd' });
    await hooks.event!({ event: { type: 'session.idle', properties: { sessionID: 'ses_1' } } });
    expect(existsSync(stopGot)).toBe(true);
    expect(JSON.parse(readFileSync(stopGot, 'utf8'))).toEqual({
      session_id: 'ses_1',
      stop_hook_active: false,
      cwd: dir,
      hook_event_name: 'Stop',
    });

    const change = JSON.stringify({
      hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'ls -la' } },
    });
    writeHooks(hooksFile, on('PreToolUse', `echo '${change}'`));
    // OpenCode runs the tool with the very object it handed over: it is changed in place.
    const args = { command: 'ls', description: 'list' };
    await hooks['tool.execute.before']!({ tool: 'bash', sessionID: 'ses_1', callID: 'c3' }, { args });
    expect(args).toEqual({ command: 'ls -la' });
  });
});

describe("OpenCode's shim on a prompt (chat.message)", () => {
  it('a context is added to the prompt as a synthetic part after its own; a block throws with the reason', async () => {
    const dir = tempDir('hookd-shim-');
    const hooksFile = path.join(dir, 'opencode.json');
    const got = path.join(dir, 'prompt.json');
    writeHooks(hooksFile, on('UserPromptSubmit', `cat > ${got}; echo remember the tests`));
    const file = path.join(dir, 'hookd.mjs');
    writeFileSync(file, renderShim(opencode, hooksFile));
    const module = (await import(pathToFileURL(file).href)) as {
      HookdShim: (input: { directory: string }) => Promise<Record<string, (...args: unknown[]) => Promise<void>>>;
    };
    const hooks = await module.HookdShim({ directory: dir });
    const prompt = { type: 'text', text: 'say hi', id: 'prt_001', messageID: 'msg_1', sessionID: 'ses_1' };
    const output = { message: {}, parts: [prompt] };
    await hooks['chat.message']!({ sessionID: 'ses_1' }, output);
    expect(JSON.parse(readFileSync(got, 'utf8'))).toEqual({
      session_id: 'ses_1',
      prompt: 'say hi',
      cwd: dir,
      hook_event_name: 'UserPromptSubmit',
    });
    expect(output.parts).toEqual([prompt, { ...prompt, id: 'prt_001h', text: 'remember the tests', synthetic: true }]);

    writeHooks(hooksFile, on('UserPromptSubmit', 'echo not now >&2; exit 2'));
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = (() => true) as typeof process.stderr.write;
    try {
      await expect(hooks['chat.message']!({ sessionID: 'ses_1' }, { message: {}, parts: [prompt] })).rejects.toThrow(
        'not now',
      );
    } finally {
      process.stderr.write = write;
    }
  });
});
