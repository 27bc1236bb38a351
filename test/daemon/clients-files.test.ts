// The daemon on its defaults follows every client's own files at once, live, each read by its
// client's rules (comments, timeout units), and a project file's hook gets that file's timeout.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { waitFor } from '../helpers/wait-for.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const hookFile = (home: string, relative: string, text: string) => {
  mkdirSync(path.dirname(path.join(home, relative)), { recursive: true });
  writeFileSync(path.join(home, relative), text);
};
const payload = (event: string, extra: object = {}) =>
  `${JSON.stringify({ session_id: 's1', cwd: '/', hook_event_name: event, ...extra })}\n`;

describe('the daemon on its defaults', () => {
  it("follows Droid's commented settings.json, Claude Code's and Gemini CLI's files at once, Gemini's timeouts in milliseconds", async () => {
    const home = tempDir();
    const out = tempDir();
    hookFile(
      home,
      '.factory/settings.json',
      `// Factory CLI Settings\n// edited by hand\n{\n  "model": "x",\n  "hooks": {"SessionEnd": [{"hooks": [{"type": "command", "command": "hookd emit -- 'echo droid > ${out}/droid'", "timeout": 5}]}]},\n}\n`,
    );
    hookFile(
      home,
      '.claude/settings.json',
      JSON.stringify({
        hooks: {
          Notification: [{ hooks: [{ type: 'command', command: `hookd emit -- 'echo claude > ${out}/claude'` }] }],
        },
      }),
    );
    hookFile(
      home,
      '.gemini/settings.json',
      JSON.stringify({
        hooks: { SessionEnd: [{ hooks: [{ type: 'command', command: "hookd emit -- 'sleep 5'", timeout: 1500 }] }] },
      }),
    );
    const daemon = testDaemon({}, { home });
    await daemon.start();
    await daemon.emit(`echo droid > ${out}/droid`, payload('SessionEnd', { reason: 'exit' }), {
      FACTORY_PROJECT_DIR: '/',
    });
    await daemon.emit(`echo claude > ${out}/claude`, payload('Notification', { message: 'm' }), { CLAUDECODE: '1' });
    await daemon.emit('sleep 5', payload('SessionEnd', { reason: 'exit' }), { GEMINI_SESSION_ID: 's1' });
    await waitFor('three outcomes', () => daemon.history().length === 3, 15_000);
    expect(readFileSync(path.join(out, 'droid'), 'utf8')).toBe('droid\n');
    expect(readFileSync(path.join(out, 'claude'), 'utf8')).toBe('claude\n');
    const gemini = daemon.history().find((entry) => entry.command === 'sleep 5')!;
    // Ended by its 1.5 s timeout (Gemini CLI writes milliseconds): read as 1,500 s, `sleep 5` would end ok.
    expect(gemini).toMatchObject({ outcome: 'timed_out' });
    const status = await daemon.request('GET', '/status');
    const files = (status.body as { settings: { files: { path: string; daemonHooks: number }[] } }).settings.files;
    expect(
      files
        .filter((file) => file.daemonHooks > 0)
        .map((file) => path.relative(home, file.path))
        .sort(),
    ).toEqual(['.claude/settings.json', '.factory/settings.json', '.gemini/settings.json']);
  });

  it('picks up a client installed after it started, and a project file gives its own hook its timeout', async () => {
    const home = tempDir();
    const project = tempDir();
    hookFile(
      project,
      '.claude/settings.json',
      JSON.stringify({
        hooks: { Stop: [{ hooks: [{ type: 'command', command: "hookd emit -- 'sleep 5'", timeout: 1 }] }] },
      }),
    );
    const daemon = testDaemon({}, { home });
    await daemon.start();
    hookFile(
      home,
      '.codex/hooks.json',
      JSON.stringify({
        hooks: { SessionEnd: [{ hooks: [{ type: 'command', command: "hookd emit -- 'true'", timeout: 7 }] }] },
      }),
    );
    await waitFor('the codex file to be followed', async () => {
      const status = await daemon.request('GET', '/status');
      return (status.body as { settings: { daemonHooks: number } }).settings.daemonHooks === 1;
    });
    await daemon.emit('sleep 5', payload('Stop', { cwd: project }), { CLAUDE_PROJECT_DIR: project, CLAUDECODE: '1' });
    await waitFor('the project hook to time out', () => daemon.history().length === 1, 15_000);
    // Ended by its own 1 s timeout: under the Codex file's 7 s, or the default, `sleep 5` would end ok.
    expect(daemon.history()[0]).toMatchObject({ outcome: 'timed_out' });
  });

  it('runs a hook behind the bridge with the variables the client gave it', async () => {
    const home = tempDir();
    const out = path.join(tempDir(), 'env');
    const command = `env > ${out}; echo "$CLAUDE_PLUGIN_ROOT" >> ${out}`;
    hookFile(
      home,
      '.claude/settings.json',
      JSON.stringify({
        hooks: { Notification: [{ hooks: [{ type: 'command', command: `hookd emit -- '${command}'` }] }] },
      }),
    );
    const daemon = testDaemon({}, { home });
    await daemon.start();
    const clientPath = `/home/dev/.nvm/versions/node/v22/bin:${daemon.env.PATH}`;
    await daemon.emit(command, payload('Notification', { message: 'm' }), {
      CLAUDE_PLUGIN_ROOT: '/plugins/gate',
      TMUX_PANE: '%7',
      PATH: clientPath,
      CLAUDECODE: '1',
    });
    await waitFor('the hook to run', () => daemon.history().length === 1);
    const seen = readFileSync(out, 'utf8');
    for (const line of ['CLAUDE_PLUGIN_ROOT=/plugins/gate', 'TMUX_PANE=%7', `PATH=${clientPath}`, 'CLAUDECODE=1'])
      expect(seen).toContain(line);
  });
});
