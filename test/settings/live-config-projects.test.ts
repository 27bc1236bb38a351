// The live config answers for a record over the followed files and the files of the project it
// comes from (LiveConfig.entryFor): followed first, a project's file lends its timeout but never its
// variables, a project's hook folder is listed, and a project file is read again when it changes or
// when the file whose events replace its own (Droid's hooks.json) appears.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { LiveConfig } from '../../src/settings/live-config.js';
import { givenSource } from '../../src/clients/find-sources.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

afterEach(cleanupTempDirs);

const logger = pino({ level: 'silent' });
const claudeFile = (command: string, timeout: number) =>
  JSON.stringify({
    hooks: { Stop: [{ hooks: [{ type: 'command', command: `hookd emit -- '${command}'`, timeout }] }] },
  });

function write(dir: string, file: string, text: string): string {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
  return path.join(dir, file);
}

async function liveConfig(text: string): Promise<LiveConfig> {
  const config = new LiveConfig([givenSource(write(tempDir(), '.claude/settings.json', text), 'claude')], logger);
  await config.reload();
  return config;
}

describe('LiveConfig.entryFor: which entry a record runs from', () => {
  it('prefers a followed file’s entry to the project’s, and finds none for a command no file names', async () => {
    const config = await liveConfig(claudeFile('both', 7));
    const project = tempDir();
    write(project, '.claude/settings.json', claudeFile('both', 2));
    expect(await config.entryFor('Stop', 'both', { clientEnv: {}, cwd: project })).toEqual({
      timeoutMs: 7000,
      env: undefined,
    });
    expect(await config.entryFor('Stop', 'nowhere', { clientEnv: {}, cwd: project })).toBeUndefined();
  });

  it('takes the timeout of the project’s file (from *_PROJECT_DIR or the cwd), never the variables it sets', async () => {
    const config = await liveConfig('{}');
    const project = tempDir();
    const hooks = {
      version: 1,
      hooks: {
        agentStop: [
          { type: 'command', bash: "hookd emit -- 'copilot-hook'", timeoutSec: 4, env: { LD_PRELOAD: '/tmp/x.so' } },
        ],
      },
    };
    // A hook folder (Copilot CLI's .github/hooks/*.json): listed off the event loop.
    write(project, '.github/hooks/team.json', JSON.stringify(hooks));
    write(project, '.claude/settings.json', claudeFile('claude-hook', 3));
    expect(await config.entryFor('agentStop', 'copilot-hook', { clientEnv: {}, cwd: project })).toEqual({
      timeoutMs: 4000,
      env: undefined,
    });
    expect(
      await config.entryFor('Stop', 'claude-hook', { clientEnv: { CLAUDE_PROJECT_DIR: project }, cwd: undefined }),
    ).toEqual({ timeoutMs: 3000, env: undefined });
  });

  it('reads a project’s file again when it changes', async () => {
    const config = await liveConfig('{}');
    const project = tempDir();
    const file = write(project, '.claude/settings.json', claudeFile('changes', 3));
    expect((await config.entryFor('Stop', 'changes', { clientEnv: {}, cwd: project }))?.timeoutMs).toBe(3000);
    writeFileSync(file, claudeFile('changes', 12));
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect((await config.entryFor('Stop', 'changes', { clientEnv: {}, cwd: project }))?.timeoutMs).toBe(12_000);
  });

  it("reads a project's Droid settings.json again when its hooks.json appears and takes over an event", async () => {
    const config = await liveConfig('{}');
    const project = tempDir();
    const droidEnv = { FACTORY_PROJECT_DIR: project };
    const stop = (command: string, timeout: number) => ({
      Stop: [{ hooks: [{ type: 'command', command: `hookd emit -- '${command}'`, timeout }] }],
    });
    write(
      project,
      '.factory/settings.json',
      `// Droid's comments\n${JSON.stringify({ hooks: stop('from-settings', 5) })}`,
    );
    expect((await config.entryFor('Stop', 'from-settings', { clientEnv: droidEnv, cwd: undefined }))?.timeoutMs).toBe(
      5000,
    );
    // settings.json unchanged: only the file whose events replace its own is new.
    write(project, '.factory/hooks.json', JSON.stringify(stop('from-hooks-json', 2)));
    expect(await config.entryFor('Stop', 'from-settings', { clientEnv: droidEnv, cwd: undefined })).toBeUndefined();
    expect((await config.entryFor('Stop', 'from-hooks-json', { clientEnv: droidEnv, cwd: undefined }))?.timeoutMs).toBe(
      2000,
    );
  });
  it("reads a project's older .factory/hooks/hooks.json while its hooks.json is absent: its empty Stop takes settings.json's over", async () => {
    const config = await liveConfig('{}');
    const project = tempDir();
    const origin = { clientEnv: { FACTORY_PROJECT_DIR: project }, cwd: undefined };
    const stop = (command: string, timeout: number) => ({
      Stop: [{ hooks: [{ type: 'command', command: `hookd emit -- '${command}'`, timeout }] }],
    });
    write(project, '.factory/settings.json', JSON.stringify({ hooks: stop('from-settings', 5) }));
    write(project, '.factory/hooks/hooks.json', JSON.stringify({ Stop: [] }));
    expect(await config.entryFor('Stop', 'from-settings', origin)).toBeUndefined();
    write(project, '.factory/hooks/hooks.json', JSON.stringify(stop('from-older', 3)));
    expect((await config.entryFor('Stop', 'from-older', origin))?.timeoutMs).toBe(3000);
  });
});
