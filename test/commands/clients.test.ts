// `hookd clients` counts a file's hooks that run through hookd by the one predicate the daemon
// asks (settings/daemon-hooks.ts): bridge, http (posted to hookd's endpoint) and sync entries; a
// plain command, an http hook to another URL and a prompt hook stay the client's.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runHookd } from '../helpers/run-hookd.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { hookdUrl } from '../../src/settings/hookd-url.js';

afterEach(cleanupTempDirs);

describe('hookd clients', () => {
  it('counts bridge, http and sync entries as through hookd, and nothing else', async () => {
    const home = tempDir('hookd-home-');
    const file = path.join(home, '.claude', 'settings.json');
    mkdirSync(path.dirname(file), { recursive: true });
    const hooks = [
      { type: 'command', command: "hookd emit -- 'notify'" },
      {
        type: 'http',
        url: hookdUrl(14653, 'Stop', 'posted'),
        headers: { Authorization: 'Bearer $HOOKD_TOKEN' },
        allowedEnvVars: ['HOOKD_TOKEN'],
      },
      { type: 'command', command: "hookd sync --timeout 5 -- 'gate'" },
      { type: 'command', command: 'plain' },
      { type: 'http', url: 'https://hooks.example.com/x' },
      { type: 'prompt', prompt: 'p' },
    ];
    writeFileSync(file, JSON.stringify({ hooks: { Stop: [{ hooks }] } }));
    const result = await runHookd(['clients'], { env: { HOME: home } });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('Claude Code (claude): found');
    expect(result.stdout).toContain(`${file}: valid, 6 hook(s), 3 through hookd`);
    const json = JSON.parse((await runHookd(['clients', '--json'], { env: { HOME: home } })).stdout);
    const claude = json.clients.find((row: { client: string }) => row.client === 'claude');
    expect(claude.files.find((row: { file: string }) => row.file === file)).toMatchObject({
      state: 'valid',
      hooks: 6,
      bridged: 3,
    });
  });

  // Issue 42 item 5: a file that is not there read "absent: FILE: cannot read: no such file", its path
  // twice; an invalid file's error named the file its line already names.
  it('says a path once: "absent" alone, an invalid file\'s error without its name', async () => {
    const home = tempDir('hookd-home-');
    const gemini = path.join(home, '.gemini', 'settings.json');
    mkdirSync(path.dirname(gemini), { recursive: true });
    writeFileSync(gemini, '{"hooks": ');
    const result = await runHookd(['clients'], { env: { HOME: home } });
    const claude = path.join(home, '.claude', 'settings.json');
    expect(result.stdout.split('\n')).toContain(`  ${claude}: absent`);
    const invalid = result.stdout.split('\n').find((line) => line.startsWith(`  ${gemini}: invalid`));
    expect(invalid).toMatch(/^ {2}\S+: invalid: \S/);
    expect(invalid!.split(gemini)).toHaveLength(2);
  });
});
