// Issue 30, item 5: hookd reads a hook file as its installed client reads it. Copilot CLI 1.0.102
// runs 1Password's `{"command": …, "timeout": 15}` entry (no `type`, no `bash`), and Gemini CLI
// drops only the one hook it cannot read ("Discarding invalid hook definition…") and runs the rest:
// both shapes were refused whole by hookd, install stopping. Now the entry the client accepts is
// accepted, the one it drops is dropped alone and named (validate, install, status, the daemon's
// log), and the rest of the file is used and wrapped. Both behaviours were checked against the real
// binaries (test/clients/tolerant-clients.test.ts). The built hookd, real files under a temp HOME.
import { afterEach, describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runHookd } from '../helpers/run-hookd.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { waitFor } from '../helpers/wait-for.js';
import { ROOT } from '../helpers/paths.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'settings');

/** A temp HOME holding `fixture` at `where` (relative to HOME), and the environment that points hookd at it. */
function homeWith(fixture: string, where: string) {
  const home = tempDir('hookd-tolerant-');
  const file = path.join(home, where);
  mkdirSync(path.dirname(file), { recursive: true });
  copyFileSync(path.join(FIXTURES, fixture), file);
  const env = {
    HOME: home,
    HOOKD_STATE_DIR: path.join(home, 'state'),
    XDG_DATA_HOME: path.join(home, '.local', 'share'),
    HOOKD_SETTINGS: '',
  };
  return { home, file, env, original: readFileSync(file, 'utf8') };
}

describe('reproduction of issue 30: a file the client runs is not refused whole', () => {
  it("Copilot CLI: 1Password's {command, timeout} entry without type is valid, wrapped in line under its own key, and given back byte for byte", async () => {
    const { file, env, original, home } = homeWith('copilot-1password-hooks.json', '.copilot/hooks/1password.json');
    const validate = await runHookd(['validate'], { env, cwd: home });
    expect(validate.exitCode, validate.stderr).toBe(0);
    expect(validate.stdout).toContain(`${file} (GitHub Copilot CLI): valid, 1 hook(s)`);

    const install = await runHookd(['install'], { env, cwd: home });
    expect(install.exitCode, install.stderr + install.stdout).toBe(0);
    const entry = JSON.parse(readFileSync(file, 'utf8')).hooks.PreToolUse[0];
    // The command stays under `command`, where Copilot CLI reads it; its `timeout` (15 s) is hookd sync's.
    expect(Object.keys(entry)).toEqual(['command', 'timeout']);
    expect(entry.command).toContain(
      "exec hookd sync --client copilot --event PreToolUse --timeout 15 -- 'bin/run-hook.sh 1password-validate-mounted-env-files'",
    );
    expect(entry.timeout).toBe(15);

    const uninstall = await runHookd(['uninstall'], { env, cwd: home });
    expect(uninstall.exitCode, uninstall.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(original);
  }, 120_000);

  it('Gemini CLI: the one hook it discards is named by validate and install, left as written; the guard and the notifier beside it are wrapped', async () => {
    const { file, env, original, home } = homeWith('gemini-one-bad-entry.json', '.gemini/settings.json');
    const named = `${file}: hooks.AfterTool[0].hooks[0]: Gemini CLI skips this hook and runs the rest of the file`;
    const validate = await runHookd(['validate'], { env, cwd: home });
    expect(validate.exitCode, validate.stderr).toBe(0);
    expect(validate.stdout).toContain(`${file} (Gemini CLI): valid, 2 hook(s)`);
    expect(validate.stderr).toContain(`hookd: warning: ${named}`);
    expect(validate.stderr).toContain('(command: expected a string, got nothing)');
    const clients = await runHookd(['clients'], { env, cwd: home });
    expect(clients.stdout).toContain(
      `  ${file}: valid, 2 hook(s), 0 through hookd, 1 skipped as Gemini CLI skips them (hookd validate names them)`,
    );

    const dryRun = await runHookd(['install', '--dry-run'], { env, cwd: home });
    expect(dryRun.exitCode, dryRun.stderr + dryRun.stdout).toBe(0);
    expect(dryRun.stdout).toContain(`  skipped: ${named}`);
    expect(readFileSync(file, 'utf8')).toBe(original);

    const install = await runHookd(['install'], { env, cwd: home });
    expect(install.exitCode, install.stderr + install.stdout).toBe(0);
    expect(install.stdout).toContain(`  skipped: ${named}`);
    const hooks = JSON.parse(readFileSync(file, 'utf8')).hooks;
    expect(hooks.BeforeTool[0].hooks[0].command).toContain(
      'exec hookd sync --client gemini --event BeforeTool --timeout 5 --',
    );
    expect(hooks.Notification[0].hooks[0].command).toContain('exec hookd emit --');
    // The hook Gemini CLI discards stays exactly as written: hookd neither runs nor wraps it.
    expect(hooks.AfterTool[0].hooks[0]).toEqual(JSON.parse(original).hooks.AfterTool[0].hooks[0]);

    const uninstall = await runHookd(['uninstall'], { env, cwd: home });
    expect(uninstall.exitCode, uninstall.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(original);
  }, 120_000);

  it('Gemini CLI: the daemon follows the rest of the file, says what it skipped in its log, and status shows it', async () => {
    const { file, home } = homeWith('gemini-one-bad-entry.json', '.gemini/settings.json');
    const daemon = testDaemon({}, { home });
    await daemon.start();
    const said = 'hooks.AfterTool[0].hooks[0]: Gemini CLI skips this hook and runs the rest of the file';
    await waitFor('the skipped hook in the daemon log', () => daemon.logs().includes(said));
    expect(daemon.logs()).not.toContain('settings invalid');
    const status = await runHookd(['status'], { env: { HOOKD_STATE_DIR: daemon.stateDir, HOME: home } });
    expect(status.exitCode, status.stderr).toBe(0);
    expect(status.stdout).toContain(`skipped: ${file}: ${said}`);
    // The guard and the notifier are read (the daemon's count is of the hooks behind hookd; none yet): no reload error.
    expect(status.stdout).not.toContain('last reload FAILED');
    const json = JSON.parse(
      (await runHookd(['status', '--json'], { env: { HOOKD_STATE_DIR: daemon.stateDir, HOME: home } })).stdout,
    );
    const row = json.settings.files.find((one: { path: string }) => one.path === file);
    expect(row.dropped).toEqual([expect.stringContaining(said)]);
    expect(row.lastError).toBeNull();
  }, 120_000);

  it("Gemini CLI: a project's file with a hook Gemini discards is read for the rest, and the daemon's log names the one it skipped", async () => {
    const daemon = testDaemon();
    await daemon.start();
    const project = tempDir('hookd-tolerant-project-');
    mkdirSync(path.join(project, '.gemini'));
    const bridged = (command: string) => ({ type: 'command', command: `hookd emit -- '${command}'`, timeout: 7000 });
    const file = path.join(project, '.gemini', 'settings.json');
    writeFileSync(
      file,
      JSON.stringify({
        hooks: { AfterAgent: [{ hooks: [{ type: 'command', comand: 'misspelt' }, bridged('true from the project')] }] },
      }),
    );
    const payload = JSON.stringify({ session_id: 's', hook_event_name: 'AfterAgent', cwd: project });
    expect(
      (await daemon.emit('true from the project', payload, { GEMINI_PROJECT_DIR: project, GEMINI_SESSION_ID: 's' }))
        .exitCode,
    ).toBe(0);
    await waitFor("the project's skipped hook in the daemon log", () =>
      daemon
        .logs()
        .includes(`${file}: hooks.AfterAgent[0].hooks[0]: Gemini CLI skips this hook and runs the rest of the file`),
    );
    // The rest of the file is used: the command is found in it (its 7 s timeout), not run with the default as unknown.
    await waitFor('the run', () => daemon.history().find((entry) => entry.command === 'true from the project'));
    expect(daemon.logs()).not.toContain("nor in its project's");
    expect(daemon.logs()).not.toContain("a project's hook file was not read");
  }, 120_000);
});
