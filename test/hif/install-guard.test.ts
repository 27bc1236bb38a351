// `hookd install --add GUARD,…` (issues 31 and 40): the guards into every client present, on its own
// "before a tool runs" event (Cursor: the event of each tool a guard reads), together: one entry for
// each set of guards that read the same tools, matched to those tools, behind `hookd sync --warm
// --client ID`, with the client's timeout unit; the installed entry, run as the client runs it,
// denies, also where the client finds no hookd on its PATH (the guards run by the absolute paths of
// Node and guards.mjs); an older install's entries are upgraded; uninstall gives every file back.
import { execa } from 'execa';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runHookd } from '../helpers/run-hookd.js';
import { HOOKD, ROOT } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

afterEach(cleanupTempDirs);

// The guard's command: the Node that ran install and the guard's file in this package, both absolute, so that it runs where the client finds no hookd.
const NODE = /^\/\S+$/;
const run = (names: string, node: string) =>
  `${node} ${path.join(ROOT, 'hooks-examples', 'guards', 'guards.mjs')} ${names}`;
// One guard's file, as installs before the guards ran together wrote it.
const runOne = (name: string, node: string) => `${node} ${path.join(ROOT, 'hooks-examples', 'guards', `${name}.mjs`)}`;
const quoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
// The entry install writes (`--warm`), or an earlier install's (`--canonical`); `cmd` names the command.
const entryWith = (client: string, event: string, cmd: string, flag = '--warm') =>
  `command -v hookd >/dev/null 2>&1 && exec hookd sync ${flag} --client ${client} --event ${event} --timeout 10 -- ${quoted(cmd)}; ${cmd}`;
let node = '';
const entry = (client: string, event: string, names: string) => entryWith(client, event, run(names, node));
// Claude Code's PreToolUse payload for `command`, run from `cwd`.
const claudePayload = (cwd: string, command: string) =>
  JSON.stringify({
    ...JSON.parse(readFileSync(path.join(ROOT, 'samples/claude/PreToolUse.json'), 'utf8')),
    cwd,
    tool_input: { command },
  });

describe('hookd install --add a guard', () => {
  it('goes into every client on its before-tool event, together and matched to their tools, warm and in line, runs, and uninstall takes it away', async () => {
    const home = tempDir();
    const env = {
      HOME: home,
      HOOKD_STATE_DIR: path.join(tempDir(), 'state'),
      XDG_DATA_HOME: path.join(home, '.local', 'share'),
    };
    for (const folder of ['.copilot', '.cursor', '.qwen', '.gemini', '.factory', '.codex'])
      mkdirSync(path.join(home, folder));
    const claude = path.join(home, '.claude', 'settings.json');
    mkdirSync(path.dirname(claude));
    const claudeText = '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo bye"}]}]}}\n';
    writeFileSync(claude, claudeText);
    const install = await runHookd(['install', '--add', 'no-rm-rf,no-secrets-read'], { env });
    expect(install.exitCode, install.stderr).toBe(0);
    const json = (file: string) => JSON.parse(readFileSync(path.join(home, file), 'utf8'));
    // The Node install ran under, as it wrote it.
    node = (json('.claude/settings.json').hooks.PreToolUse[0].hooks[0].command as string)
      .split('; ')
      .at(-1)!
      .split(' ')[0]!;
    expect(node).toMatch(NODE);
    const commands = (
      hooks: Record<string, Array<{ matcher?: string; hooks: Array<{ command: string; timeout: number }> }>>,
      event: string,
    ) => hooks[event]!.flatMap((group) => group.hooks.map((hook) => [group.matcher, hook.command, hook.timeout]));
    // The shell guards and the secrets guard together on the shell tool; the secrets guard alone on the file tools.
    const both = 'no-rm-rf,no-secrets-read';
    expect(commands(json('.claude/settings.json').hooks, 'PreToolUse')).toEqual([
      ['Bash', entry('claude', 'PreToolUse', both), 10],
      ['Read|Grep|Edit', entry('claude', 'PreToolUse', 'no-secrets-read'), 10],
    ]);
    expect(commands(json('.gemini/settings.json').hooks, 'BeforeTool')).toEqual([
      ['run_shell_command', entry('gemini', 'BeforeTool', both), 10000],
      ['read_file|grep_search|replace', entry('gemini', 'BeforeTool', 'no-secrets-read'), 10000],
    ]);
    expect(commands(json('.qwen/settings.json').hooks, 'PreToolUse')[0]!.slice(1)).toEqual([
      entry('qwen', 'PreToolUse', both),
      10,
    ]);
    expect(commands(json('.codex/hooks.json').hooks ?? json('.codex/hooks.json'), 'PreToolUse')[0]!.slice(1)).toEqual([
      entry('codex', 'PreToolUse', both),
      10,
    ]);
    // Copilot CLI has no matchers: one entry runs both for every tool (each reads the tool itself).
    expect(json('.copilot/hooks/hookd.json').hooks.preToolUse).toEqual([
      { type: 'command', bash: entry('copilot', 'preToolUse', both), timeoutSec: 10 },
    ]);
    // Cursor: one event per tool; the secrets guard reads both the shell and files.
    const cursor = json('.cursor/hooks.json').hooks;
    expect(Object.keys(cursor).sort()).toEqual(['beforeReadFile', 'beforeShellExecution']);
    expect(cursor.beforeReadFile).toEqual([
      { command: entry('cursor', 'beforeReadFile', 'no-secrets-read'), timeout: 10 },
    ]);
    expect(cursor.beforeShellExecution.map((hook: { command: string }) => hook.command)).toEqual([
      entry('cursor', 'beforeShellExecution', both),
    ]);
    // Installing again changes nothing.
    const again = await runHookd(['install', '--add', 'no-rm-rf,no-secrets-read'], { env });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(commands(json('.claude/settings.json').hooks, 'PreToolUse')).toHaveLength(2);
    // The installed entry, as Claude Code runs it (sh -c, the event on stdin, hookd on PATH), denies.
    const payload = claudePayload(home, 'rm -rf /');
    const ran = await execa('/bin/sh', ['-c', entry('claude', 'PreToolUse', both)], {
      input: payload,
      reject: false,
      env: { ...env, PATH: `${path.dirname(HOOKD)}:${process.env.PATH}`, CLAUDE_PROJECT_DIR: home },
    });
    // Claude Code is handed its JSON denial (issue 42 item 5: its message to the model is the reason alone).
    expect({ code: ran.exitCode, decision: JSON.parse(ran.stdout).hookSpecificOutput }).toEqual({
      code: 0,
      decision: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: expect.stringContaining('(no-rm-rf)'),
      },
    });
    const uninstall = await runHookd(['uninstall'], { env });
    expect(uninstall.exitCode, uninstall.stderr).toBe(0);
    expect(readFileSync(claude, 'utf8')).toBe(claudeText);
    for (const made of [
      '.copilot/hooks/hookd.json',
      '.cursor/hooks.json',
      '.qwen/settings.json',
      '.gemini/settings.json',
    ])
      expect(existsSync(path.join(home, made)), made).toBe(false);
  }, 60_000);

  it('denies where the client finds no hookd on its PATH: the installed entry runs the guard itself', async () => {
    const home = tempDir();
    const env = {
      HOME: home,
      HOOKD_STATE_DIR: path.join(tempDir(), 'state'),
      XDG_DATA_HOME: path.join(home, '.local', 'share'),
    };
    for (const folder of ['.claude', '.cursor', '.copilot', '.config/crush'])
      mkdirSync(path.join(home, folder), { recursive: true });
    const install = await runHookd(['install', '--add', 'no-rm-rf'], { env });
    expect(install.exitCode, install.stderr).toBe(0);
    const json = (file: string) => JSON.parse(readFileSync(path.join(home, file), 'utf8'));
    const installed = {
      claude: json('.claude/settings.json').hooks.PreToolUse[0].hooks[0].command as string,
      cursor: json('.cursor/hooks.json').hooks.beforeShellExecution[0].command as string,
      copilot: json('.copilot/hooks/hookd.json').hooks.preToolUse[0].bash as string,
      crush: json('.config/crush/crush.json').hooks.PreToolUse[0].command as string,
    };
    // A PATH with no hookd (and no node): only the entry's absolute paths can run the guard.
    const bare = { HOME: home, PATH: tempDir('hookd-empty-bin-') };
    const runEntry = (command: string, input: string, vars: Record<string, string> = {}) =>
      execa('/bin/sh', ['-c', command], {
        input,
        reject: false,
        cwd: home,
        env: { ...bare, ...vars },
        extendEnv: false,
      });
    expect((await runEntry('command -v hookd || command -v node', '')).exitCode).not.toBe(0);
    const denied = await runEntry(installed.claude, claudePayload(home, 'rm -rf /'));
    expect({ code: denied.exitCode, stdout: denied.stdout, stderr: denied.stderr }).toEqual({
      code: 2,
      stdout: '',
      stderr: expect.stringContaining('rm -r on / reaches outside the project'),
    });
    const allowed = await runEntry(installed.claude, claudePayload(home, 'rm -rf ./build'));
    expect({ code: allowed.exitCode, stderr: allowed.stderr }).toEqual({ code: 0, stderr: '' });
    // Copilot CLI's preToolUse denies on exit 2; Cursor is told in its own fields too.
    const copilot = await runEntry(
      installed.copilot,
      JSON.stringify({ sessionId: 's1', timestamp: 1, cwd: home, toolName: 'bash', toolArgs: { command: 'rm -rf ~' } }),
    );
    expect({ code: copilot.exitCode, stderr: copilot.stderr }).toEqual({
      code: 2,
      stderr: expect.stringContaining('(no-rm-rf)'),
    });
    // Crush: its payload names the event `event`, its hooks get CRUSH_* variables; exit 2 blocks the tool.
    const crush = await runEntry(
      installed.crush,
      JSON.stringify({
        event: 'PreToolUse',
        session_id: 's1',
        cwd: home,
        tool_name: 'bash',
        tool_input: { command: 'rm -rf ~' },
      }),
      { CRUSH_EVENT: 'PreToolUse', CRUSH_PROJECT_DIR: home },
    );
    expect({ code: crush.exitCode, stderr: crush.stderr }).toEqual({
      code: 2,
      stderr: expect.stringContaining('(no-rm-rf)'),
    });
    const cursor = await runEntry(
      installed.cursor,
      JSON.stringify({
        conversation_id: 'c1',
        generation_id: 'g1',
        hook_event_name: 'beforeShellExecution',
        workspace_roots: [home],
        command: 'rm -rf /',
        cwd: home,
      }),
    );
    expect(cursor.exitCode).toBe(2);
    expect(JSON.parse(cursor.stdout)).toEqual({
      permission: 'deny',
      user_message: expect.stringContaining('(no-rm-rf)'),
      agent_message: expect.stringContaining('(no-rm-rf)'),
    });
    // Behind hookd (on PATH) the same entry still answers Cursor once, in its terms, through the bridge.
    const through = await execa('/bin/sh', ['-c', installed.cursor], {
      input: JSON.stringify({
        conversation_id: 'c1',
        generation_id: 'g1',
        hook_event_name: 'beforeShellExecution',
        workspace_roots: [home],
        command: 'rm -rf /',
        cwd: home,
      }),
      reject: false,
      cwd: home,
      env: { ...env, PATH: `${path.dirname(HOOKD)}:${process.env.PATH}` },
    });
    expect(JSON.parse(through.stdout)).toMatchObject({ permission: 'deny' });
  }, 60_000);

  it("upgrades the entries an earlier install wrote as 'hookd guard NAME' or with a Node that has moved, and uninstall still gives every byte back", async () => {
    const home = tempDir();
    const state = path.join(tempDir(), 'state');
    const env = { HOME: home, HOOKD_STATE_DIR: state, XDG_DATA_HOME: path.join(home, '.local', 'share') };
    const claude = path.join(home, '.claude', 'settings.json');
    mkdirSync(path.dirname(claude));
    const claudeText = '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo bye"}]}]}}\n';
    writeFileSync(claude, claudeText);
    expect((await runHookd(['install', '--add', 'no-rm-rf', '--client', 'claude'], { env })).exitCode).toBe(0);
    const commands = () =>
      (
        JSON.parse(readFileSync(claude, 'utf8')).hooks.PreToolUse as Array<{ hooks: Array<{ command: string }> }>
      ).flatMap((group) => group.hooks.map((hook) => hook.command));
    const now = commands()[0]!;
    node = now.split('; ').at(-1)!.split(' ')[0]!;
    expect(now).toBe(entry('claude', 'PreToolUse', 'no-rm-rf'));
    // The file and install's record as an install before issue 31 left them.
    const older = entryWith('claude', 'PreToolUse', 'hookd guard no-rm-rf', '--canonical');
    const manifest = path.join(state, 'install-manifest.json');
    for (const file of [claude, manifest])
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replaceAll(JSON.stringify(now).slice(1, -1), JSON.stringify(older).slice(1, -1)),
      );
    expect(commands()).toEqual([older]);
    const again = await runHookd(['install', '--add', 'no-rm-rf', '--client', 'claude'], { env });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stdout).toContain(
      `upgrade hooks.PreToolUse[0].hooks[0]: runs ${JSON.stringify(run('no-rm-rf', node))} itself where the client finds no hookd`,
    );
    expect(commands()).toEqual([now]);
    // Once upgraded, nothing more to change.
    const third = await runHookd(['install', '--add', 'no-rm-rf', '--client', 'claude'], { env });
    expect(third.stdout).toContain('nothing to change');
    // A Node that moved since (another version): a plain install brings the entry to this one, with no second entry.
    const moved = entryWith('claude', 'PreToolUse', runOne('no-rm-rf', '/opt/node-18/bin/node'), '--canonical');
    for (const file of [claude, manifest])
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replaceAll(JSON.stringify(now).slice(1, -1), JSON.stringify(moved).slice(1, -1)),
      );
    const fourth = await runHookd(['install', '--client', 'claude'], { env });
    expect(fourth.exitCode, fourth.stderr).toBe(0);
    expect(fourth.stdout).toContain('upgrade hooks.PreToolUse[0].hooks[0]');
    expect(commands()).toEqual([now]);
    const uninstall = await runHookd(['uninstall'], { env });
    expect(uninstall.exitCode, uninstall.stderr).toBe(0);
    expect(readFileSync(claude, 'utf8')).toBe(claudeText);
  }, 60_000);

  it("leaves a 'hookd guard NAME' entry the user wrote by hand as it is", async () => {
    const home = tempDir();
    const env = {
      HOME: home,
      HOOKD_STATE_DIR: path.join(tempDir(), 'state'),
      XDG_DATA_HOME: path.join(home, '.local', 'share'),
    };
    const claude = path.join(home, '.claude', 'settings.json');
    mkdirSync(path.dirname(claude));
    const mine = entryWith('claude', 'PreToolUse', 'hookd guard no-force-push');
    writeFileSync(
      claude,
      `${JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: mine }] }] } })}\n`,
    );
    const install = await runHookd(['install', '--client', 'claude'], { env });
    expect(install.exitCode, install.stderr).toBe(0);
    expect(JSON.parse(readFileSync(claude, 'utf8')).hooks.PreToolUse[0].hooks[0].command).toBe(mine);
  }, 60_000);
});
