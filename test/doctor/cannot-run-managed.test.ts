// Issue 43 item 4: what the newest of the twelve will not run, named by hookd doctor (and validate):
// Codex's managed hooks (`allow_managed_hooks_only` in the admin's requirements.toml; `[features]
// hooks = false`), Droid's organisation hooks policy (`allowManagedHooksOnly` in its org settings),
// a `"shell": "powershell"` entry where the client's PowerShell program is missing; and validate's
// notes on Claude Code's exec-form `args` and Qwen Code's hook types, `args` and `if`. Real files
// under a temp HOME, the built hookd; the managed files moved by HOOKD_* variables, as the suite
// writes nothing under /etc.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { runHookd } from '../helpers/run-hookd.js';

afterEach(cleanupTempDirs);

function put(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

interface Doctor {
  checks: { name: string; detail: string }[];
}

async function cannotRun(home: string, env: Record<string, string>, pathVar = '/usr/bin:/bin'): Promise<string[]> {
  const out = await runHookd(['doctor', '--json', '--timeout', '2', '--path', pathVar], {
    env: { ...env, HOME: home, HOOKD_STATE_DIR: path.join(home, 'state') },
    cwd: home,
  });
  const detail = (JSON.parse(out.stdout) as Doctor).checks.find((c) => c.name === 'hooks that will not run')?.detail;
  return (detail ?? '').split('\n');
}

// A Codex hook and a Droid hook, each runnable (`true`), each trusted where trust applies.
function home(): { home: string; requirements: string; droidOrg: string } {
  const dir = tempDir();
  put(
    path.join(dir, '.codex', 'hooks.json'),
    JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } }),
  );
  put(
    path.join(dir, '.factory', 'settings.json'),
    JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } }),
  );
  const requirements = path.join(dir, 'etc', 'codex', 'requirements.toml');
  const droidOrg = path.join(dir, 'etc', 'factory', 'settings.json');
  return { home: dir, requirements, droidOrg };
}

describe('what the managed policies of Codex and Droid leave out, named by hookd doctor', () => {
  it("Codex's allow_managed_hooks_only and [features] hooks = false, Droid's allowManagedHooksOnly", async () => {
    const { home: dir, requirements, droidOrg } = home();
    const env = { HOOKD_CODEX_REQUIREMENTS: requirements, HOOKD_DROID_MANAGED_SETTINGS: droidOrg };
    const before = await cannotRun(dir, env);
    expect(before.filter((line) => /managed|runs no hooks/.test(line))).toEqual([]);

    put(requirements, 'allow_managed_hooks_only = true\n');
    put(droidOrg, JSON.stringify({ allowManagedHooksOnly: true }));
    const managed = await cannotRun(dir, env);
    expect(managed.some((line) => line.includes("Codex CLI's Stop hook"))).toBe(true);
    expect(managed.filter((line) => line.includes("Codex CLI's Stop hook")).join('\n')).toMatch(
      /Codex runs only managed hooks: allow_managed_hooks_only is true in .*requirements\.toml → ask whoever manages/,
    );
    expect(managed.filter((line) => line.includes("Droid's Stop hook")).join('\n')).toMatch(
      /Droid runs only the organization's hooks: allowManagedHooksOnly is true in .*factory\/settings\.json → ask whoever manages/,
    );

    put(requirements, '[features]\nhooks = false\n');
    const off = await cannotRun(dir, env);
    expect(off.filter((line) => line.includes("Codex CLI's Stop hook")).join('\n')).toMatch(
      /Codex runs no hooks: \[features\] hooks is false in .*requirements\.toml/,
    );
    // allow_managed_hooks_only in the user's config.toml is not a policy: Codex ignores it there.
    put(requirements, '');
    put(path.join(dir, '.codex', 'config.toml'), 'allow_managed_hooks_only = true\n');
    expect((await cannotRun(dir, env)).filter((line) => /managed/.test(line) && line.includes('Codex'))).toEqual([]);
  });

  it('a "shell": "powershell" entry cannot start where the client\'s PowerShell program is missing, and can where it is there', async () => {
    const dir = tempDir();
    put(
      path.join(dir, '.claude', 'settings.json'),
      JSON.stringify({
        hooks: { Stop: [{ hooks: [{ type: 'command', command: 'Write-Output done', shell: 'powershell' }] }] },
      }),
    );
    const missing = await cannotRun(dir, {});
    expect(missing.filter((line) => line.includes('Write-Output')).join('\n')).toMatch(
      /it runs under PowerShell \("shell": "powershell"\), and pwsh, the program Claude Code runs it with, is not on the PATH the client gives its hooks → install PowerShell \(pwsh\)/,
    );
    const bin = path.join(dir, 'bin');
    put(path.join(bin, 'pwsh'), '#!/bin/sh\n');
    const { chmodSync } = await import('node:fs');
    chmodSync(path.join(bin, 'pwsh'), 0o755);
    expect((await cannotRun(dir, {}, `${bin}:/usr/bin:/bin`)).filter((line) => line.includes('Write-Output'))).toEqual(
      [],
    );
  });
});

describe('validate names the newer entry fields it reads as the client does', () => {
  it("Claude Code's exec-form args, prompt hooks' continueOnBlock, the new events; Qwen Code's types, args and if", async () => {
    const dir = tempDir();
    put(
      path.join(dir, '.claude', 'settings.json'),
      JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [
                { type: 'command', command: '/usr/bin/printf', args: ['%s', '{}'] },
                { type: 'prompt', prompt: 'safe? $ARGUMENTS', continueOnBlock: true, statusMessage: 'checking' },
              ],
            },
          ],
          PreModelSwitch: [{ matcher: 'opus', hooks: [{ type: 'command', command: 'true' }] }],
          PostModelSwitch: [{ hooks: [{ type: 'command', command: 'true' }] }],
          PreSkillShellCommand: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }],
          UserPromptExpansion: [{ matcher: 'deploy', hooks: [{ type: 'command', command: 'true' }] }],
        },
      }),
    );
    put(
      path.join(dir, '.qwen', 'settings.json'),
      JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              matcher: 'run_shell_command',
              hooks: [
                { type: 'http', url: 'https://example.com/hook', if: 'run_shell_command(git *)' },
                { type: 'function', name: 'fn' },
                { type: 'command', command: 'true', args: ['a'] },
                { type: 'command', command: 'true', if: 'run_shell_command(git *)' },
              ],
            },
          ],
          // 0.24.4's events beyond the ones hookd knew: no unknown-event warning, matchers applied.
          UserPromptExpansion: [{ matcher: '^init$', hooks: [{ type: 'command', command: 'true' }] }],
          PermissionDenied: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: 'true' }] }],
          SessionDelete: [{ hooks: [{ type: 'command', command: 'true' }] }],
          TodoCreated: [{ hooks: [{ type: 'command', command: 'true' }] }],
          TodoCompleted: [{ hooks: [{ type: 'command', command: 'true' }] }],
        },
      }),
    );
    const env = { HOME: dir, HOOKD_STATE_DIR: path.join(dir, 'state') };
    const claude = await runHookd(['validate', '--client', 'claude'], { env });
    expect(claude.exitCode, claude.stderr).toBe(0);
    // The new events are Claude Code's, their matchers applied: no warning.
    expect(claude.stdout + claude.stderr).not.toMatch(/unknown event|applies no matcher/);
    expect(claude.stdout).toContain('0 warning(s)');
    expect(claude.stderr + claude.stdout).toContain(
      'hooks.PreToolUse[0].hooks[0]: runs "command" as a program with "args", without a shell (exec form): hookd runs the same words quoted for sh, and install leaves it without a bridge',
    );
    const qwen = await runHookd(['validate', '--client', 'qwen'], { env });
    expect(qwen.exitCode, qwen.stderr).toBe(0);
    const said = qwen.stderr + qwen.stdout;
    expect(said).not.toMatch(/unknown event|applies no matcher/);
    expect(said).toContain('hooks.PreToolUse[0].hooks[0].type: "http" is a Qwen Code hook type');
    expect(said).toContain(
      'hooks.PreToolUse[0].hooks[1].type: "function": Qwen Code discards it from a settings file (a "function" hook is registered through its SDK, with a callback), so it runs nowhere',
    );
    expect(said).toContain(
      'hooks.PreToolUse[0].hooks[2]: "args": Qwen Code has no exec form: it runs "command" alone, and so does hookd',
    );
    expect(said).toContain(
      'hooks.PreToolUse[0].hooks[3]: "if": Qwen Code reads it on http hooks only: this command hook runs whenever its group matches',
    );
  });
});
