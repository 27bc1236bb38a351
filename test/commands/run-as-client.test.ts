// End to end: `hookd run` runs a hook as its client would (issue 30, item 3). Tried with real hook
// files, `hookd run` gave hooks none of their client's variables: a project hook calling
// "$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.py and a plugin hook calling ${CLAUDE_PLUGIN_ROOT}/… could
// not start, and a python guard that could not open its own file exited 2, read as "Claude Code would
// block". A real block printed as "✗ failed" with exit 1; a matcher that passed over the payload left
// "no hooks for PreToolUse", naming neither; `validate` said nothing of a matcher that can never match.
// The hook files are shaped after public ones (test/fixtures/run-as-client/SOURCES.md).
import { afterEach, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runHookd } from '../helpers/run-hookd.js';
import { FIXTURES, ROOT } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

afterEach(cleanupTempDirs);

const SHAPES = path.join(FIXTURES, 'run-as-client');

// Variables a client sets, unset here: a test run from inside an agent must not lend them to hookd.
const CLEAN = {
  NO_COLOR: '1',
  CLAUDE_PROJECT_DIR: '',
  CLAUDE_PLUGIN_ROOT: '',
  FACTORY_PROJECT_DIR: '',
  HOOKD_SETTINGS: '',
};

/** A home with Claude Code installed, and a copy of `shape` as the project hookd run runs in. */
function projectOf(shape: string): { home: string; project: string } {
  const home = tempDir();
  mkdirSync(path.join(home, '.claude'));
  mkdirSync(path.join(home, '.factory'));
  const project = path.join(tempDir(), 'demo');
  cpSync(path.join(SHAPES, shape), project, { recursive: true });
  return { home, project };
}

const run = (args: string[], where: { home: string; project: string }, input?: string) =>
  runHookd(['run', ...args], {
    env: { ...CLEAN, HOME: where.home },
    cwd: where.project,
    ...(input !== undefined && { input }),
  });

// Claude Code's PreToolUse payload for a Bash command, in the project.
const bashPayload = (project: string, command: string) =>
  JSON.stringify({
    session_id: 'b1e4c0de-0000-4000-8000-000000000001',
    cwd: project,
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command },
  });

describe('hookd run gives a hook the variables its client sets', () => {
  it('a project hook calling "$CLAUDE_PROJECT_DIR"/.claude/hooks/…py finds its script: ok, exit 0 (it exited 2, a false block)', async () => {
    const where = projectOf('project');
    const result = await run(['PreToolUse'], where);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(
      /^ {2}✓ {2}ok {2}.*hooks\.PreToolUse\[0\]\.hooks\[0\] {2}python3 "\$CLAUDE_PROJECT_DIR"\/\.claude\/hooks\/bash-guard\.py$/m,
    );
    expect(result.stdout).not.toMatch(/would act|can't open file/);
    expect(result.exitCode).toBe(0);
  });

  it('a plugin hook calling ${CLAUDE_PLUGIN_ROOT}/scripts/… starts, in the project, with the session of the payload', async () => {
    const where = projectOf('project');
    const plugin = path.join(where.home, '.claude', 'plugins', 'cache', 'market', 'session-log', '1.0.0');
    cpSync(path.join(SHAPES, 'plugin'), plugin, { recursive: true });
    const result = await run(['Stop'], where);
    expect(result.stdout).toMatch(/^Claude Code: .*session-log\/1\.0\.0\/hooks\/hooks\.json\n {2}✓ {2}ok /);
    expect(result.exitCode).toBe(0);
    // The sample Stop payload's cwd is not on this machine: the hook ran in the project, as the client runs it.
    const [session, cwd, projectDir] = readFileSync(path.join(plugin, 'turns.log'), 'utf8').trim().split(' ');
    expect(session).toBe(
      JSON.parse(readFileSync(path.join(ROOT, 'samples', 'claude', 'Stop.json'), 'utf8')).session_id,
    );
    expect(cwd).toBe(where.project);
    expect(projectDir).toBe(where.project);
  });

  it("a plugin being written, named with --settings, gets its folder (the manifest's) as CLAUDE_PLUGIN_ROOT", async () => {
    const where = projectOf('project');
    const plugin = path.join(tempDir(), 'session-log');
    cpSync(path.join(SHAPES, 'plugin'), plugin, { recursive: true });
    const result = await run(['Stop', '--settings', path.join(plugin, 'hooks', 'hooks.json')], where);
    expect(result.exitCode).toBe(0);
    expect(readFileSync(path.join(plugin, 'turns.log'), 'utf8')).toContain(where.project);
  });

  it('a Droid project hook calling "$FACTORY_PROJECT_DIR"/.factory/hooks/… starts, and sees the payload\'s fields', async () => {
    const where = projectOf('droid-project');
    const allowed = await run(['PreToolUse', '--client', 'droid'], where);
    expect(allowed.stdout).toMatch(/^ {2}✓ {2}ok /m);
    expect(allowed.exitCode).toBe(0);
    const payload = JSON.stringify({
      session_id: 'd1',
      cwd: where.project,
      hook_event_name: 'PreToolUse',
      tool_name: 'Execute',
      tool_input: { command: 'git push --force' },
    });
    const blocked = await run(['PreToolUse', '--client', 'droid', '--payload', '-'], where, payload);
    expect(blocked.stdout).toContain('blocked (exit 2)');
    expect(blocked.stdout).toContain('— Blocked: force push (Execute)');
    expect(blocked.exitCode).toBe(3);
  });

  it("a Copilot CLI entry's cwd (relative to the repository) is where its hook runs, with COPILOT_PROJECT_DIR, COPILOT_CLI and COPILOT_HOOK_DIR (the file's folder) set", async () => {
    const where = projectOf('project');
    mkdirSync(path.join(where.home, '.copilot'));
    mkdirSync(path.join(where.project, 'tools'));
    mkdirSync(path.join(where.project, '.github', 'hooks'), { recursive: true });
    const hook = {
      type: 'command',
      bash: 'echo "$(pwd) $COPILOT_PROJECT_DIR $COPILOT_CLI $COPILOT_HOOK_DIR" > "$COPILOT_PROJECT_DIR/seen"',
      cwd: 'tools',
      timeoutSec: 10,
    };
    writeFileSync(
      path.join(where.project, '.github', 'hooks', 'audit.json'),
      JSON.stringify({ version: 1, hooks: { preToolUse: [hook] } }),
    );
    const result = await run(['preToolUse', '--client', 'copilot'], where);
    expect(result.exitCode).toBe(0);
    expect(readFileSync(path.join(where.project, 'seen'), 'utf8').trim()).toBe(
      `${path.join(where.project, 'tools')} ${where.project} 1 ${path.join(where.project, '.github', 'hooks')}`,
    );
  });
});

describe('hookd run tells a block from a failure', () => {
  it('a python guard that blocks with exit 2 reads as a block with its reason, exit 3 (not "✗ failed", exit 1)', async () => {
    const where = projectOf('project');
    const result = await run(['PreToolUse', '--payload', '-'], where, bashPayload(where.project, 'rm -rf build/'));
    expect(result.stdout).toMatch(
      /^ {2}⊘ {2}blocked \(exit 2\) {2}.*bash-guard\.py {2}— Blocked: recursive force delete is not allowed: rm -rf build\/$/m,
    );
    expect(result.stdout).toContain('Claude Code would act on exit code 2: it blocks: stderr goes to the agent');
    expect(result.stdout).not.toContain('✗');
    expect(result.exitCode).toBe(3);
    const json = await run(
      ['PreToolUse', '--payload', '-', '--json'],
      where,
      bashPayload(where.project, 'rm -rf build/'),
    );
    expect(JSON.parse(json.stdout).hooks[0]).toMatchObject({
      verdict: 'blocked',
      block: 'Blocked: recursive force delete is not allowed: rm -rf build/',
      exitCode: 2,
    });
    expect(json.exitCode).toBe(3);
  });

  it('a block by an answer on stdout is a block too; a failure beside a block is exit 1; behind hookd emit nothing blocks', async () => {
    const where = projectOf('project');
    const file = path.join(tempDir(), 'settings.json');
    const deny = `echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "no network"}}'`;
    writeFileSync(
      file,
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: deny }] }] } }),
    );
    const answer = await run(
      ['PreToolUse', '--client', 'claude', '--settings', file, '--payload', '-'],
      where,
      bashPayload(where.project, 'curl example.com'),
    );
    expect(answer.stdout).toMatch(/⊘ {2}blocked \(answer\) .* — no network$/m);
    expect(answer.exitCode).toBe(3);
    writeFileSync(
      file,
      JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [
                { type: 'command', command: deny },
                { type: 'command', command: 'exit 1' },
              ],
            },
          ],
        },
      }),
    );
    const both = await run(
      ['PreToolUse', '--client', 'claude', '--settings', file, '--payload', '-'],
      where,
      bashPayload(where.project, 'curl example.com'),
    );
    expect(both.stdout).toMatch(/✗ {2}failed \(exit 1\)/);
    expect(both.exitCode).toBe(1);
    // Behind hookd emit the client sees success whatever the hook says: no block, and the daemon records a failure.
    writeFileSync(
      file,
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ type: 'command', command: "hookd emit -- 'echo no >&2; exit 2'" }] },
          ],
        },
      }),
    );
    const emitted = await run(
      ['PreToolUse', '--client', 'claude', '--settings', file, '--payload', '-'],
      where,
      bashPayload(where.project, 'ls'),
    );
    expect(emitted.stdout).toMatch(/✗ {2}failed \(exit 2\)/);
    expect(emitted.stdout).toContain('behind hookd emit it is lost: the client sees success');
    expect(emitted.exitCode).toBe(1);
  });

  it('a guard whose script is missing still reads as the block Claude Code would make, and says the script is missing', async () => {
    const where = projectOf('project');
    const file = path.join(tempDir(), 'settings.json');
    writeFileSync(
      file,
      JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [{ type: 'command', command: 'python3 "$CLAUDE_PROJECT_DIR"/.claude/hooks/moved-away.py' }],
            },
          ],
        },
      }),
    );
    const result = await run(
      ['PreToolUse', '--client', 'claude', '--settings', file, '--payload', '-'],
      where,
      bashPayload(where.project, 'ls'),
    );
    expect(result.stdout).toMatch(/blocked \(exit 2\) .*can't open file/);
    expect(result.stdout).toContain('the reason is a script that could not be found or opened, not a guard saying no');
    expect(result.exitCode).toBe(3);
  });
});

describe('hookd run names the matchers that passed over the payload', () => {
  it('names each group, its matcher and the tool it missed, beside the hooks that ran and when none did', async () => {
    const where = projectOf('project');
    const ran = await run(['PreToolUse'], where);
    expect(ran.stdout).toMatch(
      /not run: these PreToolUse hooks' matchers do not match this payload\nClaude Code: \S+\/demo\/\.claude\/settings\.json\n {2}hooks\.PreToolUse\[1\] {2}matcher "Edit\|Write\|MultiEdit" {2}does not match tool_name "Bash"$/m,
    );
    const payload = JSON.stringify({
      session_id: 's',
      cwd: where.project,
      hook_event_name: 'PreToolUse',
      tool_name: 'Read',
      tool_input: { file_path: 'README.md' },
    });
    const none = await run(['PreToolUse', '--payload', '-'], where, payload);
    expect(none.stdout).not.toContain('no hooks for PreToolUse');
    expect(none.stdout).toMatch(
      /hooks\.PreToolUse\[0\] {2}matcher "Bash" +does not match tool_name "Read"\n {2}hooks\.PreToolUse\[1\] {2}matcher "Edit\|Write\|MultiEdit" {2}does not match tool_name "Read"/,
    );
    expect(none.exitCode).toBe(0);
    const json = JSON.parse((await run(['PreToolUse', '--payload', '-', '--json'], where, payload)).stdout);
    expect(json.hooks).toEqual([]);
    expect(json.missed).toEqual([
      {
        file: path.join(where.project, '.claude', 'settings.json'),
        client: 'claude',
        location: 'hooks.PreToolUse[0]',
        matcher: 'Bash',
        field: 'tool_name',
        value: 'Read',
      },
      {
        file: path.join(where.project, '.claude', 'settings.json'),
        client: 'claude',
        location: 'hooks.PreToolUse[1]',
        matcher: 'Edit|Write|MultiEdit',
        field: 'tool_name',
        value: 'Read',
      },
    ]);
  });

  it('Qwen Code\'s other names for a tool: a Claude-style "Bash" matcher runs on run_shell_command, as Qwen Code runs it', async () => {
    const where = projectOf('project');
    mkdirSync(path.join(where.home, '.qwen'));
    const file = path.join(where.project, '.qwen', 'settings.json');
    mkdirSync(path.dirname(file));
    const guard = 'python3 "$QWEN_PROJECT_DIR"/.claude/hooks/bash-guard.py';
    writeFileSync(
      file,
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ type: 'command', command: guard }] },
            { matcher: 'Write', hooks: [{ type: 'command', command: 'true' }] },
          ],
        },
      }),
    );
    const result = await run(['PreToolUse', '--client', 'qwen'], where);
    expect(result.stdout).toMatch(
      /^ {2}✓ {2}ok {2}.*hooks\.PreToolUse\[0\]\.hooks\[0\] {2}python3 "\$QWEN_PROJECT_DIR"/m,
    );
    expect(result.stdout).toMatch(
      /hooks\.PreToolUse\[1\] {2}matcher "Write" {2}does not match tool_name "run_shell_command"/,
    );
    expect(result.exitCode).toBe(0);
    const validate = await runHookd(['validate', '--client', 'qwen'], {
      env: { ...CLEAN, HOME: where.home },
      cwd: where.project,
    });
    expect(validate.stderr).toBe('');
  });
});

describe('hookd validate warns on a tool matcher that can never match', () => {
  it('a condition written as a matcher, a permission rule as a matcher, and tool names the client does not have', async () => {
    const where = projectOf('project');
    const file = path.join(where.project, '.claude', 'settings.json');
    const hooks = {
      PreToolUse: [
        { matcher: 'tool == "Bash" && command =~ "rm"', hooks: [{ type: 'command', command: 'true' }] },
        { matcher: 'Execute|Bash', hooks: [{ type: 'command', command: 'true' }] },
        { matcher: 'Bash|Edit|mcp__github__create_issue', hooks: [{ type: 'command', command: 'true' }] },
        { matcher: 'mcp__.*', hooks: [{ type: 'command', command: 'true' }] },
        { matcher: 'Bash(git push:*)', hooks: [{ type: 'command', command: 'true' }] },
      ],
    };
    writeFileSync(file, JSON.stringify({ hooks }));
    const gemini = path.join(where.project, '.gemini', 'settings.json');
    mkdirSync(path.dirname(gemini));
    mkdirSync(path.join(where.home, '.gemini'));
    writeFileSync(
      gemini,
      JSON.stringify({
        hooks: {
          BeforeTool: [
            { matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] },
            { matcher: 'write_file|replace', hooks: [{ type: 'command', command: 'true' }] },
          ],
        },
      }),
    );
    const result = await runHookd(['validate'], { env: { ...CLEAN, HOME: where.home }, cwd: where.project });
    expect(result.exitCode).toBe(0);
    const warnings = result.stderr.trim().split('\n');
    expect(warnings).toContain(
      `hookd: warning: ${file}: hooks.PreToolUse[0].matcher: "tool == "Bash" && command =~ "rm"": written as a condition, but Claude Code reads a matcher as a tool name or a regular expression, so this one never matches: write the tool's name, "Bash"`,
    );
    expect(warnings).toContain(
      `hookd: warning: ${file}: hooks.PreToolUse[1].matcher: "Execute|Bash": Claude Code has no tool "Execute" that hookd knows of ("Execute" is a tool of Droid; Claude Code's shell tool is "Bash"): so that part never matches`,
    );
    expect(warnings).toContain(
      `hookd: warning: ${file}: hooks.PreToolUse[4].matcher: "Bash(git push:*)": a permission rule's shape, but a matcher names the tool only, so this one never matches: write "Bash"`,
    );
    expect(warnings).toContain(
      `hookd: warning: ${gemini}: hooks.BeforeTool[0].matcher: "Bash": Gemini CLI has no tool "Bash" that hookd knows of ("Bash" is a tool of Claude Code, Qwen Code, Qoder CLI; Gemini CLI's shell tool is "run_shell_command"): so it never matches`,
    );
    // Names it has, and MCP tools (any server can add one), are not judged.
    expect(result.stderr).not.toMatch(/PreToolUse\[[23]\]|BeforeTool\[1\]/);
    expect(warnings).toHaveLength(4);
  });
});
