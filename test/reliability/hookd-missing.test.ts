// Reproduction of issue 29, item 1: `hookd install` wrote `hookd sync … -- 'CMD'`, so a client that
// could not find hookd on its PATH (a desktop launcher, a teammate sharing a committed project
// file) got exit 127, which every client reads as a non-blocking error: a guard failed open,
// without a word. Now each entry install writes runs CMD itself where hookd is missing, exactly as
// the client would have (same stdin, exit code, stdout and stderr); entries of older installs are
// still read and upgraded; a file in a git repository says what a teammate without hookd gets; and
// `hookd doctor` says which way of starting a client finds no hookd.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { runHookd, runHookdWithEnv } from '../helpers/run-hookd.js';
import { fakeProgram, toolbox } from '../helpers/toolbox.js';
import { profileWithHookd } from '../helpers/login-profile.js';
import { ROOT } from '../helpers/paths.js';
import { findOnPath } from '../../src/common/find-on-path.js';
import { FALLBACK_GUARD } from '../../src/settings/fallback-entry.js';
import { wrapCommand } from '../../src/install/quote-command.js';
import { stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { waitFor } from '../helpers/wait-for.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const SYSTEM_PATH = '/usr/bin:/bin';
const PAYLOAD = `${JSON.stringify({ session_id: 's', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf /' } })}\n`;

/** A home with Claude Code's settings holding `hooks`, and the environment install runs with. */
function claudeHome(hooks: object) {
  const home = tempDir('hookd-home-');
  const file = path.join(home, '.claude', 'settings.json');
  mkdirSync(path.dirname(file));
  writeFileSync(file, `${JSON.stringify({ hooks }, null, 2)}\n`);
  return { home, file, env: { HOME: home, HOOKD_STATE_DIR: path.join(home, 'state') } };
}

/** What `sh -c command` gives the client, run with `payload` on stdin and `PATH`. */
async function asClient(command: string, pathVar: string, input = PAYLOAD) {
  const run = await execa('sh', ['-c', command], {
    env: { PATH: pathVar },
    extendEnv: false,
    input,
    reject: false,
    timeout: 20_000,
  });
  return { exitCode: run.exitCode, stdout: run.stdout, stderr: run.stderr };
}

const commandOf = (file: string, event: string, at = 0): string =>
  JSON.parse(readFileSync(file, 'utf8')).hooks[event][at].hooks[0].command;

describe('a wrapped hook where the client finds no hookd (issue 29, item 1)', () => {
  it('runs the original command itself: the same stdin, exit code, stdout and stderr as the client running it alone', async () => {
    expect(findOnPath('hookd', SYSTEM_PATH), `this test needs a ${SYSTEM_PATH} without hookd`).toBeUndefined();
    const home = tempDir('hookd-home-');
    const seen = path.join(home, 'seen.json');
    const guard = `cat > '${seen}'; echo '{"decision": "block"}'; echo "no: it's dangerous" >&2; exit 2`;
    const notify = `cat >> '${path.join(home, 'notified')}'`;
    const { file, env } = claudeHome({
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: guard }] }],
      Notification: [{ hooks: [{ type: 'command', command: notify }] }],
    });
    const installed = await runHookd(['install', '--client', 'claude'], { env });
    expect(installed.exitCode, installed.stderr).toBe(0);

    const alone = await asClient(guard, SYSTEM_PATH);
    expect(readFileSync(seen, 'utf8')).toBe(PAYLOAD);
    const wrapped = commandOf(file, 'PreToolUse');
    expect(wrapped.startsWith(`${FALLBACK_GUARD}hookd sync `), wrapped).toBe(true);
    const without = await asClient(wrapped, SYSTEM_PATH);
    expect(without).toEqual(alone);
    expect(without.exitCode).toBe(2);
    expect(readFileSync(seen, 'utf8')).toBe(PAYLOAD);
    // A hook whose result the client ignores runs as well, in line, as the client ran it before hookd.
    const notifyEntry = commandOf(file, 'Notification');
    expect(await asClient(notifyEntry, SYSTEM_PATH, 'event\n')).toEqual({ exitCode: 0, stdout: '', stderr: '' });
    expect(readFileSync(path.join(home, 'notified'), 'utf8')).toBe('event\n');

    // With hookd on PATH the same entry goes through the bridge, and decides the same.
    const withHookd = await execa('sh', ['-c', wrapped], {
      env: { ...env, PATH: `${path.join(ROOT, 'bin')}:${process.env.PATH}` },
      input: PAYLOAD,
      reject: false,
      timeout: 20_000,
    });
    expect({ exitCode: withHookd.exitCode, stdout: withHookd.stdout, stderr: withHookd.stderr }).toEqual(alone);
    // …and the bridge stored its record of the run for the daemon (none was stored without hookd).
    const inbox = path.join(env.HOOKD_STATE_DIR, 'inbox', 'new');
    expect(existsSync(inbox) ? readdirSync(inbox).length : 0).toBe(1);
  });

  it('the daemon reads a guarded entry as the bridge entry it is: with hookd on PATH, it runs CMD from the inbox', async () => {
    const out = path.join(tempDir(), 'ran');
    const entry = wrapCommand(`cat > '${out}'`);
    const daemon = testDaemon({ Notification: [{ hooks: [{ type: 'command', command: entry }] }] });
    await daemon.start();
    const sent = await execa('sh', ['-c', entry], {
      env: daemon.env,
      input: '{"session_id": "s", "hook_event_name": "Notification", "message": "hi"}',
      reject: false,
      timeout: 20_000,
    });
    expect({ exitCode: sent.exitCode, stdout: sent.stdout }).toEqual({ exitCode: 0, stdout: '' });
    const ran = await waitFor(
      "the daemon to run the entry's CMD",
      () => (existsSync(out) ? readFileSync(out, 'utf8') : undefined),
      30_000,
    );
    expect(JSON.parse(ran)).toMatchObject({ message: 'hi' });
  });

  it("Copilot CLI's bash entries get the fallback; the powershell beside them stays the user's", async () => {
    const home = tempDir('hookd-home-');
    const dir = path.join(home, '.copilot', 'hooks');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'mine.json');
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        hooks: { preToolUse: [{ type: 'command', bash: 'echo denied >&2; exit 2', powershell: './guard.ps1' }] },
      }),
    );
    const installed = await runHookd(['install', '--client', 'copilot'], {
      env: { HOME: home, HOOKD_STATE_DIR: path.join(home, 'state') },
    });
    expect(installed.exitCode, installed.stderr).toBe(0);
    const entry = JSON.parse(readFileSync(file, 'utf8')).hooks.preToolUse[0];
    expect(entry.powershell).toBe('./guard.ps1');
    expect(await asClient(entry.bash, SYSTEM_PATH)).toEqual({ exitCode: 2, stdout: '', stderr: 'denied' });
  });

  it('an entry an older install wrote bare is still read, is upgraded by a re-install, and uninstall gives the file back byte for byte', async () => {
    const guard = 'echo no >&2; exit 2';
    const bare = `hookd sync --client claude --event PreToolUse --timeout 600 -- '${guard}'`;
    const handWritten = `hookd emit -- 'notify-send hi'`;
    const original = `${JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: guard }] }] } }, null, 2)}\n`;
    const { file, env } = claudeHome({});
    writeFileSync(
      file,
      original
        .replace(JSON.stringify(guard), JSON.stringify(bare))
        .replace(
          '"PreToolUse"',
          `"Notification": [{"hooks": [{"type": "command", "command": ${JSON.stringify(handWritten)}}]}],\n    "PreToolUse"`,
        ),
    );
    const before = readFileSync(file, 'utf8');
    // The record an install before issue 29 left: it wrapped the guard into the bare entry.
    mkdirSync(env.HOOKD_STATE_DIR);
    const record = {
      wraps: [{ event: 'PreToolUse', original: guard, originalLiteral: JSON.stringify(guard), wrapped: bare }],
      adds: [],
      createdFile: false,
      createdHooksKey: false,
      createdEvents: [],
    };
    writeFileSync(
      path.join(env.HOOKD_STATE_DIR, 'install-manifest.json'),
      JSON.stringify({ version: 1, files: { [file]: record } }),
    );
    const validated = await runHookd(['validate'], { env: { ...env, HOOKD_SETTINGS: file } });
    expect(validated.stdout).toContain('1 run by the daemon, 1 in line (hookd sync)');

    const installed = await runHookd(['install', '--client', 'claude'], { env });
    expect(installed.exitCode, installed.stderr).toBe(0);
    expect(installed.stdout).toContain(
      `upgrade hooks.PreToolUse[0].hooks[0]: runs "${guard}" itself where the client finds no hookd`,
    );
    // The user's own bare entry stays as written, with a word on what it does without hookd.
    expect(installed.stdout).toMatch(
      /note: hooks\.Notification\[0\]\.hooks\[0\] \(hookd emit -- 'notify-send hi'\) is a bridge entry without the fallback/,
    );
    expect(commandOf(file, 'Notification')).toBe(handWritten);
    expect(commandOf(file, 'PreToolUse')).toBe(`${FALLBACK_GUARD}${bare}; ${guard}`);
    // Read as the same sync entry by validate and clients; nothing more to change on a second run.
    const again = await runHookd(['validate'], { env: { ...env, HOOKD_SETTINGS: file } });
    expect(again.stdout).toContain('1 run by the daemon, 1 in line (hookd sync)');
    expect((await runHookd(['clients'], { env })).stdout).toContain(`${file}: valid, 2 hook(s), 2 through hookd`);
    expect((await runHookd(['install', '--client', 'claude'], { env })).stdout).toContain(
      'nothing to change: every hook already runs through hookd',
    );

    const removed = await runHookd(['uninstall'], { env });
    expect(removed.exitCode, removed.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(before.replace(JSON.stringify(bare), JSON.stringify(guard)));
  });

  it('install into a file in a git repository says what a teammate without hookd gets', async () => {
    const project = tempDir('hookd-project-');
    mkdirSync(path.join(project, '.git'));
    const file = path.join(project, '.claude', 'settings.json');
    mkdirSync(path.dirname(file));
    writeFileSync(
      file,
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: './guard.sh' }] }] } }),
    );
    const env = { HOME: tempDir('hookd-home-'), HOOKD_STATE_DIR: path.join(project, 'state') };
    for (const args of [['--dry-run'], []]) {
      const installed = await runHookd(['install', '--settings', file, '--client', 'claude', ...args], { env });
      expect(installed.exitCode, installed.stderr).toBe(0);
      expect(installed.stdout).toContain(
        `note: this file is in the git repository ${project}; a teammate whose client finds no hookd on its PATH gets what the file gave before hookd: each wrapped entry runs its own command (its guards still decide)`,
      );
    }
    const outside = claudeHome({ PreToolUse: [{ hooks: [{ type: 'command', command: './guard.sh' }] }] });
    expect(existsSync(path.join(outside.home, '.git'))).toBe(false);
    expect((await runHookd(['install', '--client', 'claude'], { env: outside.env })).stdout).not.toContain(
      'git repository',
    );
  });

  it('hookd doctor says which way of starting a client finds no hookd: a login shell, the desktop session', async () => {
    const { home, file } = claudeHome({ Stop: [{ hooks: [{ type: 'command', command: "hookd emit -- 'true'" }] }] });
    const bin = toolbox(['sh', 'cat']);
    const env = {
      HOME: home,
      HOOKD_STATE_DIR: path.join(home, 'state'),
      HOOKD_SETTINGS: file,
      PATH: `${path.join(ROOT, 'bin')}:${bin}`,
    };
    const lost = await runHookdWithEnv(['doctor', '--timeout', '1'], env);
    expect(lost.exitCode).toBe(1);
    expect(lost.stdout).toMatch(
      /✗ clients reach hookd: a login shell \(sh -l\): no hookd on its PATH\. A client started from a login shell \(sh -l\) finds no hookd: it runs each wrapped hook itself/,
    );
    expect(lost.stdout).toContain(`→ put ${path.join(ROOT, 'bin')} on those PATHs`);

    // ~/.profile puts hookd on a login shell's PATH; a desktop session (systemd's user manager) without it is named.
    profileWithHookd(home);
    fakeProgram(bin, 'systemctl', `printf 'LANG=C.UTF-8\\nPATH=${SYSTEM_PATH}\\n'`);
    const desktop = await runHookdWithEnv(['doctor', '--timeout', '1'], { ...env, RECORD_DIR: tempDir() });
    expect(desktop.stdout).toContain(
      `✗ clients reach hookd: a login shell (sh -l): ${path.join(ROOT, 'bin', 'hookd')}; the desktop session (systemctl --user show-environment): no hookd on its PATH.`,
    );
  });

  it("hookd doctor names the hooks that call hookd by name (an older install's `hookd guard NAME`), which cannot run where hookd is not found; a guard installed now is not among them", async () => {
    const older =
      "command -v hookd >/dev/null 2>&1 && exec hookd sync --canonical --client claude --event PreToolUse --timeout 10 -- 'hookd guard no-rm-rf'; hookd guard no-rm-rf";
    const current = `command -v hookd >/dev/null 2>&1 && exec hookd sync --canonical --client claude --event PreToolUse --timeout 10 -- '${process.execPath} ${path.join(ROOT, 'hooks-examples/guards/no-force-push.mjs')}'; ${process.execPath} ${path.join(ROOT, 'hooks-examples/guards/no-force-push.mjs')}`;
    const { home, file } = claudeHome({
      PreToolUse: [
        {
          hooks: [
            { type: 'command', command: older, timeout: 10 },
            { type: 'command', command: current, timeout: 10 },
          ],
        },
      ],
    });
    const env = {
      HOME: home,
      HOOKD_STATE_DIR: path.join(home, 'state'),
      HOOKD_SETTINGS: file,
      PATH: `${path.join(ROOT, 'bin')}:${toolbox(['sh', 'cat'])}`,
    };
    const said = await runHookdWithEnv(['doctor', '--timeout', '1'], env);
    const line = said.stdout.split('\n').find((text) => text.startsWith('✗ clients reach hookd'));
    expect(line).toContain(
      'but 1 hook(s) call hookd by name ("hookd guard no-rm-rf"): there they cannot run (exit 127, a non-blocking error: a guard fails open)',
    );
    expect(line).not.toContain('no-force-push');
    expect(said.stdout).toContain(
      'run hookd install again: it rewrites the guards an older install wrote as `hookd guard NAME` to run without hookd',
    );
  });
});
