// Copilot CLI loads every `*.json` of ~/.copilot/hooks/, so `hookd install` must put the hooks of
// each of them through hookd, not only those of its own hookd.json: fire-and-forget ones behind
// `hookd emit --event NAME`, deciding ones behind `hookd sync --client copilot --event NAME`, each
// file edited in place; examples go to hookd.json only, and never beside a notifier in any file of
// the folder; a file that does not parse is left alone; and uninstall gives every file back byte for
// byte. Real files, the built hookd.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runHookd } from '../helpers/run-hookd.js';
import { syncCommand, wrapCommand } from '../../src/install/quote-command.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

afterEach(cleanupTempDirs);

// Shaped as Copilot CLI documents its files: bash and powershell, cwd, env, timeoutSec.
const MINE = `{
  "version": 1,
  "hooks": {
    "sessionEnd": [
      { "type": "command", "bash": "./scripts/log-end.sh", "cwd": "scripts", "timeoutSec": 15 }
    ],
    "preToolUse": [
      { "type": "command", "bash": "./guard.sh", "powershell": "./guard.ps1", "env": { "LEVEL": "strict" }, "timeoutSec": 10 }
    ]
  }
}
`;
const TEAM = '{"version":1,"hooks":{"notification":[{"type":"command","bash":"echo done >> /tmp/team.log"}]}}';
const BROKEN = '{"version": 1, "hooks": {"agentStop": [';

describe("hookd install in Copilot CLI's hooks folder", () => {
  it('wraps every command hook of every file there, each in place, and uninstall gives each back byte for byte', async () => {
    const home = tempDir();
    const dir = path.join(home, '.copilot', 'hooks');
    mkdirSync(dir, { recursive: true });
    const files: Record<string, string> = { 'mine.json': MINE, 'team.json': TEAM, 'broken.json': BROKEN };
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    const env = {
      HOME: home,
      HOOKD_STATE_DIR: path.join(tempDir(), 'state'),
      XDG_DATA_HOME: path.join(home, '.local', 'share'),
    };

    const install = await runHookd(['install', '--add', 'notify'], { env });
    expect(install.exitCode, install.stderr + install.stdout).toBe(0);
    const mine = JSON.parse(readFileSync(path.join(dir, 'mine.json'), 'utf8'));
    expect(mine.hooks.sessionEnd[0]).toEqual({
      type: 'command',
      bash: wrapCommand('./scripts/log-end.sh', ['--event', 'sessionEnd']),
      cwd: 'scripts',
      timeoutSec: 15,
    });
    expect(mine.hooks.preToolUse[0]).toEqual({
      type: 'command',
      bash: syncCommand('./guard.sh', { client: 'copilot', event: 'preToolUse', timeoutSec: 10 }),
      powershell: './guard.ps1',
      env: { LEVEL: 'strict' },
      timeoutSec: 10,
    });
    // Only the command literals changed: the user's layout stays.
    expect(readFileSync(path.join(dir, 'mine.json'), 'utf8').split('\n').length).toBe(MINE.split('\n').length);
    const team = JSON.parse(readFileSync(path.join(dir, 'team.json'), 'utf8'));
    expect(team.hooks.notification[0].bash).toBe(
      wrapCommand('echo done >> /tmp/team.log', ['--event', 'notification']),
    );
    expect(readFileSync(path.join(dir, 'broken.json'), 'utf8')).toBe(BROKEN);
    // The example goes to hookd's own file, never into each of the user's.
    expect(Object.keys(JSON.parse(readFileSync(path.join(dir, 'hookd.json'), 'utf8')).hooks)).toEqual(['agentStop']);
    expect(Object.keys(mine.hooks)).toEqual(['sessionEnd', 'preToolUse']);

    // Run again: nothing left to wrap, nothing wrapped twice.
    const again = await runHookd(['install'], { env });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stdout).toContain(`${path.join(dir, 'mine.json')} (GitHub Copilot CLI): nothing to change`);

    const uninstall = await runHookd(['uninstall'], { env });
    expect(uninstall.exitCode, uninstall.stderr + uninstall.stdout).toBe(0);
    for (const [name, text] of Object.entries(files))
      expect(readFileSync(path.join(dir, name), 'utf8'), name).toBe(text);
    expect(existsSync(path.join(dir, 'hookd.json'))).toBe(false);
  });

  it('adds no notification to hookd.json when another file of the folder already notifies on agentStop', async () => {
    const home = tempDir();
    const dir = path.join(home, '.copilot', 'hooks');
    mkdirSync(dir, { recursive: true });
    const text = '{"version": 1, "hooks": {"agentStop": [{"type": "command", "bash": "notify-send Copilot done"}]}}\n';
    writeFileSync(path.join(dir, 'mine.json'), text);
    const env = {
      HOME: home,
      HOOKD_STATE_DIR: path.join(tempDir(), 'state'),
      XDG_DATA_HOME: path.join(home, '.local', 'share'),
    };
    const install = await runHookd(['install', '--add', 'notify'], { env });
    expect(install.exitCode, install.stderr + install.stdout).toBe(0);
    expect(install.stdout).toContain('note: agentStop already notifies (');
    expect(existsSync(path.join(dir, 'hookd.json'))).toBe(false);
    // The user's notifier itself goes behind the bridge, and comes back byte for byte.
    expect(JSON.parse(readFileSync(path.join(dir, 'mine.json'), 'utf8')).hooks.agentStop[0].bash).toMatch(
      /^command -v hookd >\/dev\/null 2>&1 && exec hookd (emit|sync) .*'notify-send Copilot done'; notify-send Copilot done$/,
    );
    const uninstall = await runHookd(['uninstall'], { env });
    expect(uninstall.exitCode, uninstall.stderr).toBe(0);
    expect(readFileSync(path.join(dir, 'mine.json'), 'utf8')).toBe(text);
  });
});
