// `hookd install --hooks FILE` for Cline (issue 43 item 3), as a user runs it (the built bin/hookd):
// Cline's hooks are executable files named after their events, so a manifest's guard becomes
// ~/.cline/hooks/PreToolUse and its notifier ~/.cline/hooks/TaskComplete, each a small sh script
// running the hook through hookd; the guard's canonical deny reaches Cline as `{"cancel": true}`.
// A file of the user's is never replaced; uninstall deletes exactly what install wrote. The real
// Cline 3.0.65 runs such a guard in test/clients/cline.test.ts.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { FIXTURES, HOOKD } from '../helpers/paths.js';
import { runHookdWithEnv } from '../helpers/run-hookd.js';
import { MANIFEST_HEAD } from '../../src/clients/script-hooks.js';

afterEach(cleanupTempDirs);

const MANIFEST = `spec: hooks/0.1
hooks:
  - name: no-force-push
    event: before_tool_execute
    matcher: shell
    handler: {type: command, command: ./guards/no-force-push.sh, timeout: 10}
    blocking: true
  - name: done-ping
    event: agent_stop
    handler: {type: command, command: 'notify-send "agent done"'}
`;
const GUARD = `#!/bin/sh
cat >/dev/null
case "$HOOKD_HIF_TOOL:$HOOKD_HIF_COMMAND" in
  shell:*"push -f"*) printf '%s\\n' '{"decision":"deny","reason":"no force push"}' ;;
esac
`;

function machine({ cline = true } = {}) {
  const home = tempDir('hookd-cline-manifest-');
  if (cline) mkdirSync(path.join(home, '.cline'));
  const manifest = path.join(home, 'project', 'hooks.yaml');
  mkdirSync(path.join(path.dirname(manifest), 'guards'), { recursive: true });
  writeFileSync(path.join(path.dirname(manifest), 'guards', 'no-force-push.sh'), GUARD, { mode: 0o755 });
  writeFileSync(manifest, MANIFEST);
  const hooks = path.join(home, '.cline', 'hooks');
  const env = { HOME: home, HOOKD_STATE_DIR: path.join(home, 'state'), PATH: `${path.dirname(HOOKD)}:/usr/bin:/bin` };
  return { home, manifest, hooks, env };
}

const entryOf = (file: string) => readFileSync(file, 'utf8').slice(MANIFEST_HEAD.length);

describe('hookd install --hooks into Cline', () => {
  it("writes a PreToolUse file through hookd sync and a TaskComplete file through hookd emit, idempotently; the guard's deny is Cline's cancel; uninstall deletes them and the folder it made", async () => {
    const { home, manifest, hooks, env } = machine();
    const first = await runHookdWithEnv(['install', '--hooks', manifest], env);
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.stdout).toContain(`${hooks} (Cline): 2 change(s) written; hookd uninstall undoes them`);
    expect(first.stdout).toContain(`write ${path.join(hooks, 'PreToolUse')} (PreToolUse: hookd sync): "no-force-push"`);
    expect(first.stdout).toContain(`write ${path.join(hooks, 'TaskComplete')} (TaskComplete: hookd emit): "done-ping"`);
    expect(first.stdout).toContain('cannot express: "no-force-push": Cline has no tool matchers');
    const guard = path.join(home, 'project', 'guards', 'no-force-push.sh');
    expect(readFileSync(path.join(hooks, 'PreToolUse'), 'utf8').startsWith(MANIFEST_HEAD)).toBe(true);
    expect(entryOf(path.join(hooks, 'PreToolUse'))).toBe(
      `command -v hookd >/dev/null 2>&1 && exec hookd sync --canonical --client cline --event PreToolUse --timeout 10 -- '${guard}'; ${guard}\n`,
    );
    expect(entryOf(path.join(hooks, 'TaskComplete'))).toContain(
      `exec hookd emit --canonical --event TaskComplete -- 'notify-send "agent done"'`,
    );
    for (const event of ['PreToolUse', 'TaskComplete'])
      expect(statSync(path.join(hooks, event)).mode & 0o777, event).toBe(0o700);
    // hookd reads them back as the hooks they run: validate sees the guard in line.
    const valid = await runHookdWithEnv(['validate', '--client', 'cline'], env);
    expect(valid.stdout).toContain(
      `${path.join(hooks, 'PreToolUse')} (Cline): valid, 1 hook(s), 0 run by the daemon, 1 in line (hookd sync)`,
    );

    // Run as Cline runs it (the file, Cline's payload on stdin): a force push is cancelled with the reason, an echo is not.
    const payload = JSON.parse(readFileSync(path.join(FIXTURES, 'cline', 'pre-tool-use.json'), 'utf8'));
    const run = (command: string) => {
      payload.tool_call.input.commands = [command];
      return spawnSync(path.join(hooks, 'PreToolUse'), {
        input: JSON.stringify(payload),
        env: { ...process.env, ...env },
        encoding: 'utf8',
      });
    };
    expect(run('git push -f origin main')).toMatchObject({
      status: 0,
      stdout: '{"cancel":true,"errorMessage":"no force push"}',
    });
    expect(run('echo hi')).toMatchObject({ status: 0, stdout: '' });

    // Export reads them back as the manifest's hooks.
    const exported = await runHookdWithEnv(['export', '--client', 'cline'], env);
    expect(exported.exitCode, exported.stderr).toBe(0);
    expect(JSON.parse(exported.stdout).hooks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'no-force-push', event: 'before_tool_execute', blocking: true }),
        expect.objectContaining({ name: 'done-ping', event: 'agent_stop', blocking: false }),
      ]),
    );

    const again = await runHookdWithEnv(['install', '--hooks', manifest], env);
    expect(again.exitCode).toBe(0);
    expect(again.stdout).toContain(
      `${hooks} (Cline): nothing to change: every hook of the manifest is installed already`,
    );

    const removed = await runHookdWithEnv(['uninstall'], env);
    expect(removed.exitCode, removed.stderr).toBe(0);
    expect(removed.stdout).toContain(`remove ${path.join(hooks, 'PreToolUse')} (install wrote it)`);
    expect(existsSync(hooks)).toBe(false);
    expect(existsSync(path.join(home, '.cline'))).toBe(true);
  });

  it("leaves a hook file of the user's as it is, says so, and a plain install then wraps it; one uninstall undoes both", async () => {
    const { manifest, hooks, env } = machine();
    mkdirSync(hooks);
    const mine = '#!/bin/sh\necho \'{"cancel": false}\'\n';
    writeFileSync(path.join(hooks, 'PreToolUse'), mine, { mode: 0o750 });
    const install = await runHookdWithEnv(['install', '--hooks', manifest, '--client', 'cline'], env);
    expect(install.exitCode, install.stderr).toBe(0);
    expect(install.stdout).toContain(
      `skipped: "no-force-push": ${path.join(hooks, 'PreToolUse')} is there already and hookd did not write it from this manifest; left as it is`,
    );
    expect(install.stdout).toContain('1 change(s) written');
    expect(readFileSync(path.join(hooks, 'PreToolUse'), 'utf8')).toBe(mine);
    const plain = await runHookdWithEnv(['install', '--client', 'cline'], env);
    expect(plain.stdout).toContain(
      `${path.join(hooks, 'TaskComplete')} (Cline): nothing to change: it already runs through hookd`,
    );
    expect(plain.stdout).toContain(`wrap ${path.join(hooks, 'PreToolUse')} in place`);
    expect((await runHookdWithEnv(['uninstall', '--client', 'cline'], env)).exitCode).toBe(0);
    expect(readFileSync(path.join(hooks, 'PreToolUse'), 'utf8')).toBe(mine);
    expect(statSync(path.join(hooks, 'PreToolUse')).mode & 0o777).toBe(0o750);
    expect(existsSync(path.join(hooks, 'TaskComplete'))).toBe(false);
    // The folder was the user's: it stays.
    expect(existsSync(hooks)).toBe(true);
  });

  it('installing the edited manifest rewrites a changed hook and removes a dropped one; a second hook on one event is left out, said', async () => {
    const { manifest, hooks, env } = machine();
    expect((await runHookdWithEnv(['install', '--hooks', manifest], env)).exitCode).toBe(0);
    writeFileSync(
      manifest,
      MANIFEST.replace('timeout: 10', 'timeout: 20').replace(
        /  - name: done-ping[^]*$/,
        "  - {name: second-guard, event: before_tool_execute, handler: {type: command, command: 'true'}, blocking: true}\n",
      ),
    );
    const edited = await runHookdWithEnv(['install', '--hooks', manifest], env);
    expect(edited.exitCode, edited.stderr).toBe(0);
    expect(edited.stdout).toContain(`rewrite ${path.join(hooks, 'PreToolUse')} (PreToolUse: hookd sync)`);
    expect(edited.stdout).toContain(
      `remove ${path.join(hooks, 'TaskComplete')} (install wrote it): no longer in the manifest`,
    );
    expect(edited.stdout).toContain(
      `cannot express: "second-guard": left out of Cline: it runs one hook file per event, and ${path.join(hooks, 'PreToolUse')} holds an earlier hook of the manifest`,
    );
    expect(entryOf(path.join(hooks, 'PreToolUse'))).toContain('--timeout 20');
    expect(existsSync(path.join(hooks, 'TaskComplete'))).toBe(false);
    expect((await runHookdWithEnv(['uninstall'], env)).exitCode).toBe(0);
    expect(existsSync(hooks)).toBe(false);
  });

  it('uninstall leaves a file changed since install wrote it; --dry-run writes nothing', async () => {
    const { manifest, hooks, env } = machine();
    const dry = await runHookdWithEnv(['install', '--hooks', manifest, '--dry-run'], env);
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain(`${hooks} (Cline): 2 change(s) to make (dry run: nothing written)`);
    expect(existsSync(hooks)).toBe(false);
    expect((await runHookdWithEnv(['install', '--hooks', manifest], env)).exitCode).toBe(0);
    const edited = `${readFileSync(path.join(hooks, 'PreToolUse'), 'utf8')}echo mine\n`;
    writeFileSync(path.join(hooks, 'PreToolUse'), edited);
    const removed = await runHookdWithEnv(['uninstall'], env);
    expect(removed.exitCode).toBe(0);
    expect(removed.stdout).toContain(
      `${path.join(hooks, 'PreToolUse')}: changed since hookd install wrote it; left as it is`,
    );
    expect(readFileSync(path.join(hooks, 'PreToolUse'), 'utf8')).toBe(edited);
    expect(existsSync(path.join(hooks, 'TaskComplete'))).toBe(false);
  });

  it('leaves Cline out when it is not on the machine and not named', async () => {
    const { manifest, hooks, env, home } = machine({ cline: false });
    mkdirSync(path.join(home, '.gemini'));
    const install = await runHookdWithEnv(['install', '--hooks', manifest], env);
    expect(install.exitCode, install.stderr).toBe(0);
    expect(install.stdout).not.toContain('(Cline)');
    expect(existsSync(hooks)).toBe(false);
  });

  it("--settings DIR --client cline writes into that folder (a project's .clinerules/hooks), and uninstall takes them out", async () => {
    const { home, manifest, hooks, env } = machine();
    const project = path.join(home, 'project', '.clinerules', 'hooks');
    const install = await runHookdWithEnv(
      ['install', '--hooks', manifest, '--client', 'cline', '--settings', project],
      env,
    );
    expect(install.exitCode, install.stderr).toBe(0);
    expect(install.stdout).toContain(`${project} (Cline): 2 change(s) written`);
    expect(existsSync(path.join(project, 'PreToolUse'))).toBe(true);
    expect(existsSync(hooks)).toBe(false);
    expect((await runHookdWithEnv(['uninstall'], env)).exitCode).toBe(0);
    // The folders install made, .clinerules and its hooks, are gone; the project stays.
    expect(existsSync(path.dirname(project))).toBe(false);
    expect(existsSync(path.join(home, 'project'))).toBe(true);
  });
});
