// The agent waits only for hooks that can decide (issue 30, item 6): a plain `hookd install` reads
// each command of a deciding event and puts one that cannot decide (a desktop notifier, a sound, a
// log line, a webhook whose answer is discarded) behind hookd emit; a guard, a Stop gate, a webhook
// whose answer the client reads, and anything hookd is not sure of stay behind hookd sync (or, with
// --transport http, are posted to hookd and answered in line). Run on
// the built binary against a Claude Code settings file and a Copilot CLI hooks file in a temp HOME.
import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { ROOT } from '../helpers/paths.js';
import { runHookd } from '../helpers/run-hookd.js';
import { waitFor } from '../helpers/wait-for.js';
import { classifyCommand } from '../../src/settings/classify-command.js';

afterEach(cleanupTempDirs);

const NOTIFY = `notify-send 'Claude Code' 'Turn done'`;
const SAY = 'say "Claude is done"';
const GATE = 'python3 ~/.claude/hooks/stop_gate.py';
const WEBHOOK_QUIET = 'curl -s -X POST https://hooks.example.com/turn -d @- > /dev/null 2>&1';
const WEBHOOK_READ = 'curl -s -X POST https://hooks.example.com/turn -d @-';
const LOG = `printf '%s\\n' stop >> ~/.claude/turns.log`;
const GUARD = '~/.claude/hooks/guard.sh';
const TOOL_LOG = 'echo tool >> ~/.claude/tools.log';
// Each of these can decide, or hookd cannot be sure it cannot.
const EXITS_2 = 'notify-send done; exit 2';
const ACTION = 'notify-send -A ok=OK "Continue?"';
const BACKGROUND = 'curl -s https://hooks.example.com/turn &>/dev/null';
const SUBSTITUTION = 'notify-send "$(jq -r .message)"';

/** A temp HOME with `settings` as Claude Code's user settings; the environment to run hookd in. */
function claudeHome(settings: object): { home: string; file: string; env: Record<string, string> } {
  const home = tempDir('hookd-home-');
  const file = path.join(home, '.claude', 'settings.json');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`);
  return {
    home,
    file,
    env: {
      HOME: home,
      XDG_STATE_HOME: home,
      XDG_CONFIG_HOME: path.join(home, '.config'),
      HOOKD_STATE_DIR: path.join(home, 'hookd-state'),
    },
  };
}

const stop = (...commands: string[]) => [{ hooks: commands.map((command) => ({ type: 'command', command })) }];

/** Which bridge each hook of `event` is behind now, in file order: emit, sync, or plain. */
function bridges(file: string, event: string): string[] {
  const hooks = (
    JSON.parse(readFileSync(file, 'utf8')) as {
      hooks: Record<string, { hooks?: { command: string }[]; bash?: string }[]>;
    }
  ).hooks[event]!;
  return hooks
    .flatMap((group) => (group.hooks ? group.hooks.map((hook) => hook.command) : [group.bash!]))
    .map((command) => {
      const kind = classifyCommand(command).kind;
      return kind === 'bridge' ? 'emit' : kind === 'sync' ? 'sync' : 'plain';
    });
}

describe('hookd install puts only the hooks that can decide in line', () => {
  it('a notifier, a sound, a log line and a discarded webhook go behind hookd emit; a gate, a guard, a read webhook and the unsure stay behind hookd sync', async () => {
    const settings = {
      hooks: {
        Stop: stop(NOTIFY, SAY, GATE, WEBHOOK_QUIET, WEBHOOK_READ, LOG, EXITS_2, ACTION, BACKGROUND, SUBSTITUTION),
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              { type: 'command', command: GUARD },
              { type: 'command', command: TOOL_LOG },
            ],
          },
        ],
      },
    };
    const { file, env } = claudeHome(settings);
    const before = readFileSync(file);
    const install = await runHookd(['install', '--client', 'claude'], { env });
    expect(install.exitCode, install.stderr).toBe(0);
    expect(bridges(file, 'Stop')).toEqual([
      'emit',
      'emit',
      'sync',
      'emit',
      'sync',
      'emit',
      'sync',
      'sync',
      'sync',
      'sync',
    ]);
    expect(bridges(file, 'PreToolUse')).toEqual(['sync', 'emit']);
    // Install says which it moved, why, and how to keep one in line.
    expect(install.stdout).toContain(
      `behind hookd emit: hooks.Stop[0].hooks[0] (${NOTIFY}) cannot decide: a desktop notification (notify-send), so the agent no longer waits for it; hookd install --sync 'notify-send '\\''Claude Code'\\'' '\\''Turn done'\\''' keeps it in line`,
    );
    expect(install.stdout).toContain(
      `behind hookd emit: hooks.Stop[0].hooks[3] (${WEBHOOK_QUIET}) cannot decide: a webhook whose answer is discarded (curl)`,
    );
    expect(install.stdout).toContain(
      `behind hookd emit: hooks.PreToolUse[0].hooks[1] (${TOOL_LOG}) cannot decide: a log line (echo)`,
    );
    expect(install.stdout).not.toContain(`(${GATE}) cannot decide`);

    // A second run changes nothing; uninstall gives the file back byte for byte.
    const again = await runHookd(['install', '--client', 'claude'], { env });
    expect(again.stdout).toContain('nothing to change');
    const uninstall = await runHookd(['uninstall', '--client', 'claude'], { env });
    expect(uninstall.exitCode, uninstall.stderr).toBe(0);
    expect(Buffer.compare(readFileSync(file), before)).toBe(0);
  }, 60_000);

  it('the installed notifier entry, run as Claude Code runs a Stop hook, returns at once: the agent no longer waits for it', async () => {
    // A stand-in for notify-send on PATH that holds until the test releases it.
    const bin = tempDir('hookd-bin-');
    const release = path.join(bin, 'release');
    const shown = path.join(bin, 'shown');
    writeFileSync(
      path.join(bin, 'notify-send'),
      `#!/bin/sh\nwhile [ ! -e '${release}' ]; do sleep 0.05; done\n: > '${shown}'\n`,
    );
    chmodSync(path.join(bin, 'notify-send'), 0o755);
    const { file, env } = claudeHome({ hooks: { Stop: stop(NOTIFY) } });
    expect((await runHookd(['install', '--client', 'claude'], { env })).exitCode).toBe(0);
    const entry = (JSON.parse(readFileSync(file, 'utf8')) as { hooks: { Stop: { hooks: { command: string }[] }[] } })
      .hooks.Stop[0]!.hooks[0]!.command;
    const clientEnv = { ...env, PATH: `${bin}:${path.join(ROOT, 'bin')}:${process.env.PATH}` };
    try {
      const ran = await execa('sh', ['-c', entry], {
        env: clientEnv,
        input: JSON.stringify({ session_id: 's', hook_event_name: 'Stop', cwd: '/' }),
        reject: false,
        timeout: 30_000,
      });
      expect(ran.timedOut).toBe(false);
      expect(ran.exitCode, ran.stderr).toBe(0);
      expect(ran.stdout).toBe('');
      // The notifier has not run yet (nor been waited for): the event waits in hookd's inbox for the daemon.
      expect(existsSync(shown)).toBe(false);
      await waitFor('the event in the inbox', () => existsSync(path.join(env.HOOKD_STATE_DIR!, 'inbox')), 10_000);
    } finally {
      writeFileSync(release, '');
    }
  }, 60_000);

  it('a log line whose file cannot be opened: dash exits 2, which Claude Code reads as a block; behind hookd emit the agent goes on', async () => {
    const missing = `printf '%s\\n' stop >> ${path.join(tempDir(), 'no-such-dir', 'turns.log')}`;
    const { file, env } = claudeHome({ hooks: { Stop: stop(missing) } });
    const direct = await execa('sh', ['-c', missing], { reject: false, timeout: 30_000 });
    // dash and bash alike: a redirection the shell cannot open fails the command (dash: exit 2, bash: 1).
    expect(direct.exitCode).not.toBe(0);
    expect((await runHookd(['install', '--client', 'claude'], { env })).exitCode).toBe(0);
    expect(bridges(file, 'Stop')).toEqual(['emit']);
    const entry = (JSON.parse(readFileSync(file, 'utf8')) as { hooks: { Stop: { hooks: { command: string }[] }[] } })
      .hooks.Stop[0]!.hooks[0]!.command;
    const through = await execa('sh', ['-c', entry], {
      env: { ...env, PATH: `${path.join(ROOT, 'bin')}:${process.env.PATH}` },
      input: '{"hook_event_name":"Stop"}',
      reject: false,
      timeout: 30_000,
    });
    expect(through.exitCode, through.stderr).toBe(0);
  }, 60_000);

  it('--sync CMD keeps a hook that cannot decide in line, also one an earlier install moved; a name no hook runs is refused', async () => {
    const { file, env } = claudeHome({ hooks: { Stop: stop(NOTIFY, LOG) } });
    const before = readFileSync(file);
    const kept = await runHookd(['install', '--client', 'claude', '--sync', NOTIFY], { env });
    expect(kept.exitCode, kept.stderr).toBe(0);
    expect(bridges(file, 'Stop')).toEqual(['sync', 'emit']);
    const back = await runHookd(['install', '--client', 'claude', '--sync', LOG], { env });
    expect(back.exitCode, back.stderr).toBe(0);
    expect(bridges(file, 'Stop')).toEqual(['sync', 'sync']);
    const typo = await runHookd(['install', '--client', 'claude', '--sync', 'notify-send typo'], { env });
    expect(typo.exitCode).toBe(2);
    expect(typo.stderr).toContain('--sync: no hook the client waits on runs "notify-send typo"');
    expect((await runHookd(['uninstall', '--client', 'claude'], { env })).exitCode).toBe(0);
    expect(Buffer.compare(readFileSync(file), before)).toBe(0);
  }, 60_000);

  it('hookd validate notes a gate moved behind hookd emit by --async (it lost its say), not a notifier install put there', async () => {
    const { file, env } = claudeHome({ hooks: { Stop: stop(NOTIFY, GATE) } });
    expect((await runHookd(['install', '--client', 'claude', '--async', GATE], { env })).exitCode).toBe(0);
    expect(bridges(file, 'Stop')).toEqual(['emit', 'emit']);
    const validate = await runHookd(['validate', '--settings', file, '--client', 'claude'], { env });
    expect(validate.exitCode, validate.stderr).toBe(0);
    expect(validate.stdout + validate.stderr).toContain(
      'hooks.Stop[0].hooks[1].command: the bridge returns at once with success and nothing to say',
    );
    expect(validate.stdout + validate.stderr).not.toContain(
      'hooks.Stop[0].hooks[0].command: the bridge returns at once',
    );
  }, 60_000);

  it('--transport http posts the gate to hookd, answered in line, and leaves the notifier behind hookd emit, where the agent does not wait', async () => {
    const { file, env } = claudeHome({ hooks: { Stop: stop(NOTIFY, GATE) } });
    const install = await runHookd(['install', '--client', 'claude', '--transport', 'http'], {
      env: { ...env, HOOKD_TCP_PORT: '15001' },
    });
    expect(install.exitCode, install.stderr).toBe(0);
    const hooks = (
      JSON.parse(readFileSync(file, 'utf8')) as { hooks: { Stop: { hooks: { type: string; command?: string }[] }[] } }
    ).hooks.Stop[0]!.hooks;
    expect(hooks.map((hook) => hook.type)).toEqual(['command', 'http']);
    expect(classifyCommand(hooks[0]!.command!)).toMatchObject({ kind: 'bridge', inner: NOTIFY });
  }, 60_000);

  it("Copilot CLI denies the tool when a preToolUse hook exits 1: a notifier's failure decides there, so it stays in line; on agentStop it moves", async () => {
    const home = tempDir('hookd-home-');
    const file = path.join(home, '.copilot', 'hooks', 'hooks.json');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      file,
      JSON.stringify(
        {
          version: 1,
          hooks: { preToolUse: [{ type: 'command', bash: NOTIFY }], agentStop: [{ type: 'command', bash: NOTIFY }] },
        },
        null,
        2,
      ),
    );
    const env = {
      HOME: home,
      XDG_STATE_HOME: home,
      XDG_CONFIG_HOME: path.join(home, '.config'),
      HOOKD_STATE_DIR: path.join(home, 'hookd-state'),
    };
    const install = await runHookd(['install', '--client', 'copilot'], { env });
    expect(install.exitCode, install.stderr).toBe(0);
    expect(bridges(file, 'preToolUse')).toEqual(['sync']);
    expect(bridges(file, 'agentStop')).toEqual(['emit']);
  }, 60_000);
});
