// The real-clients issue's "done when": a machine with real settings files of Droid and Claude
// Code (comments, plugin hooks, deciding Stop hooks, prompt hooks). validate, install, the daemon
// and uninstall work with no flags; every file comes back byte for byte; every command hook goes
// through hookd (issue 19: the deciding ones behind hookd sync); a wrapped hook sees the variables
// it saw when the client ran it.
import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { FIXTURES, HOOKD } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { waitFor } from '../helpers/wait-for.js';
import { FALLBACK_GUARD, fallbackSplits } from '../../src/settings/fallback-entry.js';
import { classifyCommand } from '../../src/settings/classify-command.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

function place(home: string, fixture: string, relative: string): string {
  const file = path.join(home, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  copyFileSync(path.join(FIXTURES, 'settings', fixture), file);
  return file;
}

const commands = (file: string) =>
  (readFileSync(file, 'utf8').match(/"command": "((?:[^"\\]|\\.)*)"/g) ?? []).map(
    (m) => JSON.parse(m.slice(11)) as string,
  );

describe('a machine with real Droid and Claude Code files', () => {
  it('validate, install, the daemon and uninstall, with no flags', async () => {
    const home = tempDir('hookd-home-');
    const droid = place(home, 'droid-settings-hooks.json', '.factory/settings.json');
    const claude = place(home, 'claude-settings.json', '.claude/settings.json');
    const plugin = place(
      home,
      'claude-plugin-hooks.json',
      '.claude/plugins/cache/acme/session-log/1.0.0/hooks/hooks.json',
    );
    const originals = new Map([droid, claude, plugin].map((file) => [file, readFileSync(file)]));
    // The script the Droid hooks run records what it sees.
    const script = path.join(home, 'dotfiles/.config/sketchybar/scripts/droid_hook.sh');
    mkdirSync(path.dirname(script), { recursive: true });
    writeFileSync(script, '#!/bin/sh\nenv > "$HOME/seen.$$"\n');
    chmodSync(script, 0o755);

    const daemon = testDaemon({}, { home });
    const hookd = (args: string[]) => execa(HOOKD, args, { env: daemon.env, reject: false, timeout: 30_000 });

    const clients = await hookd(['clients']);
    expect(clients.exitCode).toBe(0);
    expect(clients.stdout).toContain('Droid (droid): found');
    expect(clients.stdout).toContain(`${path.join(home, '.factory', 'hooks.json')}: absent`);
    expect(clients.stdout).toContain(`${droid}: valid, 4 hook(s), 0 through hookd`);
    expect(clients.stdout).toContain('Gemini CLI (gemini): not found');

    const validate = await hookd(['validate']);
    expect(validate.stderr).toBe('');
    expect(validate.exitCode).toBe(0);
    for (const file of [droid, claude, plugin])
      expect(validate.stdout).toMatch(
        new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\((Droid|Claude Code)\\): valid`),
      );
    expect(validate.stdout).toMatch(/note: .*hooks\.Stop\[0\]\.hooks\[1\]\.type: "prompt" is a Claude Code hook type/);

    const install = await hookd(['install']);
    expect(install.stderr).toBe('');
    expect(install.exitCode).toBe(0);
    expect(install.stdout).toContain(
      'wrap hooks.Stop[0].hooks[0] in line (hookd sync): ~/.claude/hooks/require-tests.sh',
    );
    expect(install.stdout).toMatch(
      /left alone: hooks\.Stop\[0\]\.hooks\[1\] \(prompt\): a "prompt" hook, which Claude Code runs itself/,
    );
    // Hooks whose result the client ignores (and Claude Code's async: true one) behind hookd emit, the deciding ones behind hookd sync.
    // Each written guarded (issue 29): the bridge line, then its CMD for a client that finds no hookd.
    const guarded = [droid, claude].flatMap(commands).filter((command) => command.startsWith(FALLBACK_GUARD));
    const wrapped = guarded.map(
      (command) =>
        fallbackSplits(command).find(
          ({ bridgeLine, fallback }) => (classifyCommand(bridgeLine) as { inner?: string }).inner === fallback,
        )!.bridgeLine,
    );
    expect(wrapped.sort()).toEqual(
      [
        'hookd emit -- \'echo "$(date -u +%FT%TZ) session ended" >> ~/.claude/sessions.log\'',
        "hookd emit -- 'jq -r '\\''.tool_input.file_path'\\'' | xargs npx prettier --write'",
        "hookd emit -- 'open raycast://confetti'",
        "hookd emit -- 'osascript -e '\\''display notification \"Claude needs you\" with title \"Claude Code\"'\\'''",
        "hookd emit -- '~/dotfiles/.config/sketchybar/scripts/droid_hook.sh'",
        'hookd sync --client claude --event PreToolUse --timeout 10 -- \'"$CLAUDE_PROJECT_DIR"/.claude/hooks/check-bash.sh\'',
        "hookd sync --client claude --event Stop --timeout 120 -- '~/.claude/hooks/require-tests.sh'",
        "hookd sync --client droid --event PreToolUse --timeout 60 -- '~/dotfiles/.config/sketchybar/scripts/droid_hook.sh'",
        "hookd sync --client droid --event Stop --timeout 60 -- '~/dotfiles/.config/sketchybar/scripts/droid_hook.sh'",
      ].sort(),
    );
    expect(readFileSync(droid, 'utf8')).toMatch(/^\/\/ Factory CLI Settings\n/);
    expect(readFileSync(droid, 'utf8')).toContain('// clears the bar item');
    expect(readFileSync(plugin)).toEqual(originals.get(plugin));

    // The daemon on its defaults; the client runs the wrapped SessionEnd hook, and, before install,
    // ran the same command itself: the hook sees the same client variables both ways.
    await daemon.start();
    const clientEnv = {
      ...daemon.env,
      FACTORY_PROJECT_DIR: '/home/dev/src/demo',
      TMUX_PANE: '%4',
      TERM: 'xterm-kitty',
      PATH: `/home/dev/.nvm/versions/node/v22/bin:${daemon.env.PATH}`,
    };
    const payload = `${JSON.stringify({ session_id: 's1', cwd: home, hook_event_name: 'SessionEnd', reason: 'other' })}\n`;
    await execa('sh', ['-c', '~/dotfiles/.config/sketchybar/scripts/droid_hook.sh'], {
      env: clientEnv,
      input: payload,
    });
    await execa('sh', ['-c', "hookd emit -- '~/dotfiles/.config/sketchybar/scripts/droid_hook.sh'"], {
      env: clientEnv,
      input: payload,
    });
    const seen = await waitFor('the hook to run twice', () => {
      const files = readdirSync(home).filter((name) => name.startsWith('seen.'));
      return files.length === 2 && daemon.history().length === 1 ? files : undefined;
    });
    const envs = seen.map((name) =>
      Object.fromEntries(
        readFileSync(path.join(home, name), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
      ),
    );
    for (const name of ['FACTORY_PROJECT_DIR', 'TMUX_PANE', 'TERM', 'PATH', 'HOME'])
      expect(envs[0]![name], name).toBe(envs[1]![name]);

    expect((await hookd(['clients'])).stdout).toContain(`${droid}: valid, 4 hook(s), 4 through hookd`);

    const uninstall = await hookd(['uninstall']);
    expect(uninstall.exitCode).toBe(0);
    for (const [file, bytes] of originals) expect(readFileSync(file), file).toEqual(bytes);
  }, 60_000);
});
