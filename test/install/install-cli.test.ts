// hookd install / uninstall as a process (the built bin/hookd): exit codes and
// one-line messages for bad input, and the happy path a user takes.
import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { FIXTURES } from '../helpers/paths.js';
import { toolbox } from '../helpers/toolbox.js';
import { runHookdWithEnv } from '../helpers/run-hookd.js';

afterEach(cleanupTempDirs);

function setup(text?: string) {
  const home = tempDir('hookd-home-');
  const settings = path.join(home, 'settings.json');
  if (text !== undefined) writeFileSync(settings, text);
  const env = { HOME: home, PATH: toolbox([]), HOOKD_SETTINGS: settings, HOOKD_STATE_DIR: path.join(home, 'state') };
  return { home, settings, env };
}

describe('hookd install and uninstall as a process', () => {
  it('install, dry-run uninstall, uninstall: the sample settings come back byte for byte', async () => {
    const original = readFileSync(path.join(FIXTURES, 'settings.example.json'), 'utf8');
    const { settings, env, home } = setup(original);
    const installed = await runHookdWithEnv(['install'], env);
    expect(installed).toMatchObject({ exitCode: 0, stderr: '' });
    expect(installed.stdout).toContain('wrap hooks.SessionEnd[0].hooks[1]: echo session over >> /tmp/plain-hook.log');
    const dry = await runHookdWithEnv(['uninstall', '--dry-run'], env);
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain(
      `-        { "type": "command", "command": "command -v hookd >/dev/null 2>&1 && exec hookd emit -- 'echo session over >> /tmp/plain-hook.log'; echo session over >> /tmp/plain-hook.log", "timeout": 3 }`,
    );
    expect(dry.stdout).toContain(
      `+        { "type": "command", "command": "echo session over >> /tmp/plain-hook.log", "timeout": 3 }`,
    );
    const removed = await runHookdWithEnv(['uninstall'], env);
    expect(removed.exitCode).toBe(0);
    expect(readFileSync(settings, 'utf8')).toBe(original);
    expect(readdirSync(home).filter((name) => name.includes('backup'))).toEqual([]);
    expect(readdirSync(path.join(home, 'state', 'backups'))).toHaveLength(2);
  });

  const bad: [string, string | undefined, string[], number, RegExp][] = [
    // Exit 2, as --help says of bad input (issue 23); the message says where the path came from.
    [
      'a missing file',
      undefined,
      ['install'],
      2,
      /^hookd: .*settings\.json: no such file \(named by HOOKD_SETTINGS\), so there is nothing to wrap;/,
    ],
    ['an empty file', '', ['install'], 0, /^$/],
    [
      'a file that is not JSON',
      '{"hooks": ',
      ['install'],
      2,
      /^hookd: .*settings\.json: not valid JSON: .*\(nothing was changed/,
    ],
    [
      'an event the client does not have',
      '{}',
      ['install', '--events', 'Stpo'],
      2,
      /^hookd: --events: agent client has no event "Stpo" \(did you mean "Stop"\?\)/,
    ],
    ['an unknown example', '{}', ['install', '--add', 'confetti'], 2, /^hookd: --add: no example hook "confetti"/],
    ['uninstall of a file never installed', '{"hooks": {}}', ['uninstall'], 0, /^$/],
    [
      'uninstall of a missing file',
      undefined,
      ['uninstall'],
      2,
      /^hookd: .*settings\.json: no such file \(named by HOOKD_SETTINGS\)$/,
    ],
  ];
  for (const [what, text, args, exitCode, stderr] of bad) {
    it(`answers ${what} with one clear line and exit ${exitCode}`, async () => {
      const { settings, env } = setup(text);
      const result = await runHookdWithEnv(args, env);
      expect(result.exitCode).toBe(exitCode);
      expect(result.stderr).toMatch(stderr);
      expect(result.stderr.split('\n').length).toBeLessThanOrEqual(1);
      if (text !== undefined) expect(readFileSync(settings, 'utf8')).toBe(text);
    });
  }

  it('refuses a read-only file with one line, exit 2', async () => {
    const { settings, env } = setup(
      '{"hooks": {"Notification": [{"hooks": [{"type": "command", "command": "echo"}]}]}}',
    );
    chmodSync(settings, 0o444);
    const result = await runHookdWithEnv(['install'], env);
    expect(result).toMatchObject({ exitCode: 2 });
    expect(result.stderr).toMatch(/^hookd: .*settings\.json: the file is read-only; nothing was changed/);
  });
});
