// `hookd install --transport http` (issue 14): Claude Code's plain hooks become http hooks posting
// to the daemon, keeping their timeouts, those of deciding events too (answered in line, issue 19);
// SessionStart and other clients keep the bridges; uninstall gives the file back byte for byte.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseSettingsText } from '../../src/settings/load.js';
import { claude } from '../../src/clients/claude/profile.js';
import { runHookd } from '../helpers/run-hookd.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

afterEach(cleanupTempDirs);

const ORIGINAL = `{
  "model": "x",
  "hooks": {
    "Notification": [
      {
        "matcher": "permission_prompt",
        "hooks": [
          { "type": "command", "command": "notify-send 'hi there' \\"$(jq -r .message)\\"", "timeout": 5 }
        ]
      }
    ],
    "SessionEnd": [{"hooks": [{"type": "command", "command": "echo bye >> /tmp/log"}]}],
    "SessionStart": [{"hooks": [{"type":"command","command":"echo start","timeout":3}]}]
  }
}
`;

function claudeFile(dir: string, text: string, name = '.claude/settings.json'): string {
  const file = path.join(dir, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

describe('hookd install --transport http', () => {
  it('writes http entries with the same commands and timeouts, keeps the bridge where Claude Code sends no http hooks, and uninstall restores the file byte for byte', async () => {
    const dir = tempDir();
    const file = claudeFile(dir, ORIGINAL);
    const env = { HOOKD_STATE_DIR: path.join(dir, 'state'), HOOKD_TCP_PORT: '15001' };
    const install = await runHookd(
      ['install', '--settings', file, '--transport', 'http', '--events', 'Notification,SessionEnd,SessionStart'],
      { env },
    );
    expect(install.exitCode, install.stderr).toBe(0);
    expect(install.stdout).toMatch(/sends no http hooks for SessionStart: those keep the bridge/);
    expect(install.stdout).toMatch(/HOOKD_TOKEN/);
    const result = parseSettingsText(readFileSync(file, 'utf8'), file, claude);
    if (!result.ok) throw new Error(result.errors.join('\n'));
    const byEvent = Object.fromEntries(result.config.entries.map((entry) => [entry.event, entry]));
    expect(byEvent.Notification).toMatchObject({
      kind: 'http',
      run: `notify-send 'hi there' "$(jq -r .message)"`,
      timeoutMs: 5000,
      matcher: 'permission_prompt',
      http: { port: 15001, headers: { Authorization: 'Bearer $HOOKD_TOKEN' }, allowedEnvVars: ['HOOKD_TOKEN'] },
    });
    expect(byEvent.SessionEnd).toMatchObject({ kind: 'http', run: 'echo bye >> /tmp/log', timeoutWritten: undefined });
    // Claude Code sends no http hook for SessionStart, and reads its answer: hookd sync, under the entry's timeout.
    expect(byEvent.SessionStart).toMatchObject({
      kind: 'sync',
      run: 'echo start',
      timeoutMs: 3000,
      sync: { client: 'claude', event: 'SessionStart', timeoutSec: 3 },
    });
    const validate = await runHookd(['validate', '--settings', file], { env });
    expect(validate.exitCode, validate.stderr).toBe(0);
    expect(validate.stdout).toMatch(/2 run by the daemon, 1 in line \(hookd sync\), 0 warning/);
    const uninstall = await runHookd(['uninstall', '--settings', file], { env });
    expect(uninstall.exitCode, uninstall.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(ORIGINAL);
  });

  it('posts the deciding hooks too, answered in line; --async-only leaves them to the client', async () => {
    const text = `${JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh', timeout: 10 }] }], Notification: [{ hooks: [{ type: 'command', command: 'notify' }] }] } }, null, 2)}\n`;
    for (const asyncOnly of [false, true]) {
      const dir = tempDir();
      const file = claudeFile(dir, text);
      const env = { HOOKD_STATE_DIR: path.join(dir, 'state'), HOOKD_TCP_PORT: '15001' };
      const install = await runHookd(
        ['install', '--settings', file, '--transport', 'http', ...(asyncOnly ? ['--async-only'] : [])],
        { env },
      );
      expect(install.exitCode, install.stderr).toBe(0);
      const result = parseSettingsText(readFileSync(file, 'utf8'), file, claude);
      if (!result.ok) throw new Error(result.errors.join('\n'));
      const byEvent = Object.fromEntries(result.config.entries.map((entry) => [entry.event, entry]));
      expect(byEvent.Notification).toMatchObject({ kind: 'http', run: 'notify' });
      expect(byEvent.PreToolUse).toMatchObject(
        asyncOnly
          ? { kind: 'plain', command: './guard.sh' }
          : { kind: 'http', run: './guard.sh', timeoutMs: 10_000, matcher: 'Bash', decides: true },
      );
      expect((await runHookd(['uninstall', '--settings', file], { env })).exitCode).toBe(0);
      expect(readFileSync(file, 'utf8')).toBe(text);
    }
  });

  it('leaves another client on the bridge and says so', async () => {
    const dir = tempDir();
    const file = claudeFile(
      dir,
      JSON.stringify({ hooks: { Notification: [{ hooks: [{ type: 'command', command: 'echo hi' }] }] } }),
      '.factory/settings.json',
    );
    const install = await runHookd(['install', '--settings', file, '--client', 'droid', '--transport', 'http'], {
      env: { HOOKD_STATE_DIR: path.join(dir, 'state') },
    });
    expect(install.exitCode, install.stderr).toBe(0);
    expect(install.stdout).toMatch(/has no http hooks: its hooks keep the bridge/);
    expect(readFileSync(file, 'utf8')).toContain(`hookd emit -- 'echo hi'`);
  });
});
