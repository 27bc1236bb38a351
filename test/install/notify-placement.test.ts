// `hookd install --add notify` (issue 20, item 6): only on the events that mean "the turn
// finished" or "the agent needs you" (one pop-up a turn, not one per Cursor tool event), never beside
// a notifier the user has, written in each client's own shape (Copilot CLI: a typed hook with
// `bash`, `timeoutSec`, and `--event` since its payloads do not name it), and the notification
// names the client and the project, not the raw event.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { runHookd } from '../helpers/run-hookd.js';
import { ROOT } from '../helpers/paths.js';
import { calls, toolbox } from '../helpers/toolbox.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

afterEach(cleanupTempDirs);

const NOTIFY = '~/.local/share/hookd/examples/notify.sh';

describe('hookd install --add notify', () => {
  it('goes on the turn-finished and needs-you events only, in each client shape, beside no notifier, and uninstall takes it all away', async () => {
    const home = tempDir();
    const env = {
      HOME: home,
      HOOKD_STATE_DIR: path.join(tempDir(), 'state'),
      XDG_DATA_HOME: path.join(home, '.local', 'share'),
    };
    for (const folder of ['.copilot', '.cursor', '.qwen']) mkdirSync(path.join(home, folder));
    const claude = path.join(home, '.claude', 'settings.json');
    mkdirSync(path.dirname(claude));
    const claudeText =
      '{"hooks": {"Notification": [{"hooks": [{"type": "command", "command": "terminal-notifier -message hi"}]}]}}\n';
    writeFileSync(claude, claudeText);
    const install = await runHookd(['install', '--add', 'notify'], { env });
    expect(install.exitCode, install.stderr).toBe(0);
    expect(install.stdout).toContain(
      'note: Notification already notifies (terminal-notifier -message hi): no notify example added beside it',
    );
    const json = (file: string) => JSON.parse(readFileSync(path.join(home, file), 'utf8'));
    expect(json('.copilot/hooks/hookd.json')).toEqual({
      version: 1,
      hooks: {
        agentStop: [
          {
            type: 'command',
            bash: `command -v hookd >/dev/null 2>&1 && exec hookd emit --event agentStop -- '${NOTIFY}'; ${NOTIFY}`,
            timeoutSec: 10,
          },
        ],
      },
    });
    expect(json('.cursor/hooks.json')).toEqual({
      version: 1,
      hooks: {
        stop: [
          { command: `command -v hookd >/dev/null 2>&1 && exec hookd emit -- '${NOTIFY}'; ${NOTIFY}`, timeout: 10 },
        ],
      },
    });
    expect(Object.keys(json('.qwen/settings.json').hooks)).toEqual(['Stop']);
    expect(Object.keys(json('.claude/settings.json').hooks).sort()).toEqual(['Notification', 'Stop']);
    const uninstall = await runHookd(['uninstall'], { env });
    expect(uninstall.exitCode, uninstall.stderr).toBe(0);
    expect(readFileSync(claude, 'utf8')).toBe(claudeText);
    for (const made of ['.copilot/hooks/hookd.json', '.cursor/hooks.json', '.qwen/settings.json'])
      expect(existsSync(path.join(home, made)), made).toBe(false);
  });

  it("the notification names the client and the project: Copilot CLI's agentStop, which names no event", async () => {
    const bin = toolbox(['cat', 'sed', 'tr', 'grep'], ['notify-send']);
    const record = tempDir('hookd-record-');
    const sample = readFileSync(path.join(ROOT, 'samples', 'copilot', 'agentStop.json'));
    const result = await execa('/bin/sh', [path.join(ROOT, 'hooks-examples', 'notify.sh')], {
      env: { PATH: bin, HOME: tempDir(), RECORD_DIR: record, HOOKD_EVENT: 'agentStop', COPILOT_CLI: '1' },
      extendEnv: false,
      input: sample,
      reject: false,
    });
    expect(result.exitCode, String(result.stderr)).toBe(0);
    expect(calls(record, 'notify-send', (file) => readFileSync(file, 'utf8'))).toEqual([
      ['--app-name=hookd', 'Copilot CLI · demo', 'finished'],
    ]);
  });
});
