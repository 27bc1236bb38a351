// Issue 43, item 1: Windsurf, Kiro CLI, Goose and Grok CLI, the clients with hooks that do not run
// here (no npm package, no Linux binary we can reach offline): their contracts rest on their docs
// and source (docs/clients.md names which), so what is proven is hookd's side, on their files as
// their docs write them (test/fixtures/settings/SOURCES.md): `hookd clients` finds each, validate
// reads it, install wraps every hook the client runs and uninstall gives every byte back; a
// canonical guard's denial comes out of both bridges in the client's own terms; doctor names the
// hooks each will not run; bad input is said and changes nothing.
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { FIXTURES, HOOKD } from '../helpers/paths.js';
import { runHookd, runHookdWithEnv } from '../helpers/run-hookd.js';
import { toolbox } from '../helpers/toolbox.js';
import { stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { waitFor } from '../helpers/wait-for.js';
import { parseSettingsText } from '../../src/settings/load.js';
import { clientById, type ClientId } from '../../src/clients/registry.js';

afterEach(cleanupTempDirs);

type DocsClient = Extract<ClientId, 'windsurf' | 'kiro' | 'goose' | 'grok'>;

const REASON = 'no force push to main';
// Each client's file (its docs' shape), how many hooks it runs, its guard event, and a canonical
// denial there in its own terms: Windsurf and Kiro CLI read exit 2 with the reason on stderr, Goose
// `{"decision": "block"}`, Grok CLI `{"decision": "deny"}`, each on stdout after exit 0.
const CLIENTS: Record<
  DocsClient,
  { name: string; file: string; fixture: string; hooks: number; guard: string; denial: Denial }
> = {
  windsurf: {
    name: 'Windsurf',
    file: '.codeium/windsurf/hooks.json',
    fixture: 'windsurf-hooks.json',
    hooks: 3,
    guard: 'pre_run_command',
    denial: { code: 2, stdout: '', stderr: REASON },
  },
  kiro: {
    name: 'Kiro CLI',
    file: '.kiro/hooks/team.json',
    fixture: 'kiro-hooks.json',
    // Its agent hook runs no command: two of the three.
    hooks: 2,
    guard: 'PreToolUse',
    denial: { code: 2, stdout: '', stderr: REASON },
  },
  goose: {
    name: 'Goose',
    file: '.agents/plugins/guard/hooks/hooks.json',
    fixture: 'goose-hooks.json',
    hooks: 3,
    guard: 'PreToolUse',
    denial: { code: 0, stdout: `{"decision":"block","reason":"${REASON}"}`, stderr: '' },
  },
  grok: {
    name: 'Grok CLI',
    file: '.grok/hooks/safety.json',
    fixture: 'grok-hooks.json',
    hooks: 2,
    guard: 'PreToolUse',
    denial: { code: 0, stdout: `{"decision":"deny","reason":"${REASON}"}`, stderr: '' },
  },
};
interface Denial {
  code: number;
  stdout: string;
  stderr: string;
}
const IDS = Object.keys(CLIENTS) as DocsClient[];

function put(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

// A home holding `id`'s file as its docs write it (Goose is found by its own folder).
function homeWith(id: DocsClient) {
  const home = tempDir('hookd-docs-home-');
  const file = path.join(home, CLIENTS[id].file);
  mkdirSync(path.dirname(file), { recursive: true });
  copyFileSync(path.join(FIXTURES, 'settings', CLIENTS[id].fixture), file);
  if (id === 'goose') mkdirSync(path.join(home, '.config', 'goose'), { recursive: true });
  const env = { HOME: home, PATH: toolbox([]), HOOKD_STATE_DIR: path.join(home, 'state') };
  return { home, file, env };
}

const entriesOf = (file: string, id: DocsClient) => {
  const parsed = parseSettingsText(readFileSync(file, 'utf8'), file, clientById(id)!);
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return parsed.config.entries;
};

describe('the clients whose hooks rest on their docs (issue 43)', () => {
  for (const id of IDS) {
    const { name, hooks } = CLIENTS[id];
    it(`${name}: found, read, wrapped and given back byte for byte`, async () => {
      const { file, env } = homeWith(id);
      const before = readFileSync(file);
      const listed = await runHookdWithEnv(['clients'], env);
      expect(listed.stdout).toContain(`${name} (${id}): found`);
      expect(listed.stdout).toContain(`${file}: valid, ${hooks} hook(s), 0 through hookd`);
      const valid = await runHookdWithEnv(['validate', '--client', id], env);
      expect(valid.exitCode, valid.stderr).toBe(0);
      expect(valid.stdout).toContain(`${file} (${name}): valid, ${hooks} hook(s)`);

      const installed = await runHookdWithEnv(['install', '--client', id], env);
      expect(installed.exitCode, installed.stderr).toBe(0);
      const entries = entriesOf(file, id);
      expect(entries).toHaveLength(hooks);
      // Every hook now runs through a bridge; the one on the guard event in line, naming its client and event.
      expect(entries.map((entry) => entry.kind).sort()).toEqual(
        entries.map((entry) => (entry.decides ? 'sync' : 'bridge')).sort(),
      );
      const guard = entries.find((entry) => entry.event === CLIENTS[id].guard && entry.kind === 'sync');
      expect(guard?.sync).toMatchObject({ client: id, event: CLIENTS[id].guard });
      const wrapped = readFileSync(file);
      const again = await runHookdWithEnv(['install', '--client', id], env);
      expect(again.exitCode).toBe(0);
      expect(readFileSync(file).equals(wrapped)).toBe(true);

      const removed = await runHookdWithEnv(['uninstall', '--client', id], env);
      expect(removed.exitCode, removed.stderr).toBe(0);
      expect(readFileSync(file).equals(before)).toBe(true);
      // Kiro CLI's original was kept beside its file, hidden, while it was wrapped: gone with the wrapping.
      expect(existsSync(path.join(path.dirname(file), `.${path.basename(file)}.hookd-original`))).toBe(false);
    });

    it(`${name}: a canonical guard's denial reaches it in its own terms, through both bridges`, async () => {
      const state = tempDir();
      const hook = `printf '%s' '{"decision":"deny","reason":"${REASON}"}'`;
      for (const node of [false, true]) {
        const run = await execa(
          HOOKD,
          ['sync', '--canonical', '--client', id, '--event', CLIENTS[id].guard, '--', hook],
          {
            env: { HOOKD_STATE_DIR: state, ...(node ? { HOOKD_BRIDGE_NODE: '1' } : {}) },
            input: '{"session_id":"s","tool_name":"x","tool_input":{"command":"git push --force"}}',
            reject: false,
          },
        );
        const { denial } = CLIENTS[id];
        expect({ node, code: run.exitCode, stdout: run.stdout }).toEqual({
          node,
          code: denial.code,
          stdout: denial.stdout,
        });
        expect(run.stderr.trim()).toBe(denial.stderr);
      }
    });
  }

  it("Grok CLI running Claude Code's canonical guard is answered in Grok's terms, through both bridges", async () => {
    const state = tempDir();
    const hook = `printf '%s' '{"decision":"deny","reason":"${REASON}"}'`;
    for (const node of [false, true]) {
      const run = (grok: boolean) =>
        execa(HOOKD, ['sync', '--canonical', '--client', 'claude', '--event', 'PreToolUse', '--', hook], {
          env: {
            HOOKD_STATE_DIR: state,
            ...(node ? { HOOKD_BRIDGE_NODE: '1' } : {}),
            ...(grok ? { GROK_HOOK_EVENT: 'pre_tool_use', GROK_SESSION_ID: 's' } : {}),
          },
          input: '{"hookEventName":"pre_tool_use","sessionId":"s","toolName":"run_terminal_command"}',
          reject: false,
        });
      // Grok reads `decision` alone: Claude Code's permissionDecision would let the tool run there.
      expect({ node, ...(await run(true)) }).toMatchObject({
        node,
        exitCode: 0,
        stdout: `{"decision":"deny","reason":"${REASON}"}`,
      });
      // Claude Code itself is told in its own terms.
      expect(JSON.parse((await run(false)).stdout)).toEqual({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: REASON,
        },
      });
    }
  });

  it("Kiro CLI: a manifest's hooks go into hookd's own list of named hooks, beside the user's, and out again", async () => {
    const { home, file, env } = homeWith('kiro');
    const manifest = path.join(home, 'hooks.yaml');
    writeFileSync(
      manifest,
      'spec: hooks/0.1\nhooks:\n  - name: guard\n    event: before_tool_execute\n    matcher: shell\n    handler: {type: command, command: /bin/true, timeout: 10}\n    blocking: true\n',
    );
    const before = readFileSync(file);
    const own = path.join(home, '.kiro', 'hooks', 'hookd.json');
    const installed = await runHookdWithEnv(['install', '--hooks', manifest, '--client', 'kiro'], env);
    expect(installed.exitCode, installed.stderr).toBe(0);
    const written = JSON.parse(readFileSync(own, 'utf8'));
    expect(written).toMatchObject({
      version: 'v1',
      hooks: [
        { name: 'guard', trigger: 'PreToolUse', matcher: '^execute_bash$', action: { type: 'command' }, timeout: 10 },
      ],
    });
    expect(written.hooks[0].action.command).toMatch(
      /hookd sync (.* )?--canonical --client kiro --event PreToolUse --timeout 10 /,
    );
    expect(readFileSync(file).equals(before)).toBe(true);
    const exported = await runHookdWithEnv(['export', '--client', 'kiro'], env);
    expect(JSON.parse(exported.stdout).hooks).toContainEqual({
      name: 'guard',
      event: 'before_tool_execute',
      matcher: 'shell',
      handler: { type: 'command', command: '/bin/true', timeout: 10 },
      blocking: true,
    });
    const again = await runHookdWithEnv(['install', '--hooks', manifest, '--client', 'kiro'], env);
    expect(again.stdout).toContain('nothing to change: every hook of the manifest is installed already');
    // A file there that hookd did not write is left alone.
    expect((await runHookdWithEnv(['uninstall', '--client', 'kiro'], env)).exitCode).toBe(0);
    expect(existsSync(own)).toBe(false);
    writeFileSync(own, '{"version": "v1", "hooks": []}\n');
    const theirs = await runHookdWithEnv(['install', '--hooks', manifest, '--client', 'kiro'], env);
    expect(theirs.stdout).toContain('left alone: hookd install did not write it');
    expect(readFileSync(own, 'utf8')).toBe('{"version": "v1", "hooks": []}\n');
  });
});

describe('doctor names the hooks these clients will not run', () => {
  // doctor's list of hooks that will not run, one line each.
  const cannotRun = async (env: Record<string, string>, cwd?: string) => {
    const result = await runHookd(['doctor'], { env, ...(cwd && { cwd }) });
    return result.stdout.split('\n').filter((line) => line.startsWith('    - '));
  };

  it('Grok CLI: a project it does not trust, a guard with no timeout', async () => {
    const home = tempDir('hookd-docs-home-');
    const env = { HOME: home, HOOKD_STATE_DIR: path.join(home, 'state'), GROK_FOLDER_TRUST: '1' };
    const project = path.join(home, 'work', 'repo');
    mkdirSync(path.join(home, '.grok', 'hooks'), { recursive: true });
    put(
      path.join(project, '.grok', 'hooks', 'safety.json'),
      readFileSync(path.join(FIXTURES, 'settings', 'grok-hooks.json'), 'utf8'),
    );
    // Claude Code's own guard, with no timeout: Claude Code waits 600 s, Grok 5.
    put(
      path.join(home, '.claude', 'settings.json'),
      '{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "/bin/true"}]}]}}\n',
    );
    const rows = await cannotRun(env, project);
    expect(rows.filter((row) => row.includes(`Grok CLI runs no hook of the project ${project}`))).toHaveLength(2);
    expect(rows).toContainEqual(
      expect.stringMatching(
        /Claude Code's PreToolUse hook "\/bin\/true" .* under Grok CLI \(which runs Claude Code's hooks too\), Grok gives a guard with no "timeout" 5 s, where Claude Code waits 600 s/,
      ),
    );
    // Trusted (the folder above it, as /hooks-trust records it): its project hooks run.
    put(path.join(home, '.grok', 'trusted_folders.toml'), `[folders."${path.dirname(project)}"]\ntrusted = true\n`);
    expect((await cannotRun(env, project)).filter((row) => row.includes('runs no hook of the project'))).toEqual([]);
    // A nearer record that takes trust back decides.
    put(
      path.join(home, '.grok', 'trusted_folders.toml'),
      `[folders."${path.dirname(project)}"]\ntrusted = true\n[folders."${project}"]\ntrusted = false\n`,
    );
    expect((await cannotRun(env, project)).filter((row) => row.includes('runs no hook of the project'))).toHaveLength(
      2,
    );
    // Told not to read Claude Code's files, Grok says nothing of them.
    put(path.join(home, '.grok', 'config.toml'), '[compat.claude]\nhooks = false\n');
    expect((await cannotRun(env, project)).filter((row) => row.includes("Claude Code's"))).toEqual([]);
    rmSync(path.join(home, '.grok', 'config.toml'));
    // With folder trust off, nothing is gated.
    expect(
      (await cannotRun({ ...env, GROK_FOLDER_TRUST: '0' }, project)).filter((row) =>
        row.includes('runs no hook of the project'),
      ),
    ).toEqual([]);

    // Without Grok on the machine, none of it is said.
    rmSync(path.join(home, '.grok'), { recursive: true });
    expect((await cannotRun(env, project)).filter((row) => row.includes('Grok'))).toEqual([]);
  });

  it('Goose: a plugin its settings turn off, a matcher that is no regular expression, an event it does not have', async () => {
    const { home, file, env } = homeWith('goose');
    // The fixture's scripts, there and runnable: its own hooks are fine.
    for (const script of ['block-sudo.sh', 'log-tool.sh', 'log-session.sh']) {
      const at = path.join(path.dirname(path.dirname(file)), 'scripts', script);
      put(at, '#!/bin/sh\nexit 0\n');
      chmodSync(at, 0o755);
    }
    put(
      path.join(home, '.agents', 'plugins', 'globber', 'hooks', 'hooks.json'),
      '{"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "/bin/true"}]}], "pre_tool_use": [{"hooks": [{"type": "command", "command": "/bin/true"}]}]}}\n',
    );
    const rows = await cannotRun(env);
    expect(rows).toContainEqual(
      expect.stringContaining('Goose skips the whole rule: its matcher "*" is not a regular expression → write ".*"'),
    );
    expect(rows).toContainEqual(expect.stringContaining('Goose has no event "pre_tool_use"'));
    expect(rows.filter((row) => row.includes(file))).toEqual([]);
    put(path.join(home, '.config', 'goose', 'settings.json'), '{"disabledPlugins": ["guard"]}\n');
    expect((await cannotRun(env)).filter((row) => row.includes(file))).toHaveLength(3);
    expect(await cannotRun(env)).toContainEqual(expect.stringContaining('Goose does not load the plugin "guard"'));
  });

  it('Kiro CLI and Windsurf: a timeout written in milliseconds, an event they do not have', async () => {
    const { home, env } = homeWith('kiro');
    put(
      path.join(home, '.kiro', 'hooks', 'old-habits.json'),
      '{"version": "v1", "hooks": [{"name": "g", "trigger": "PreToolUse", "action": {"type": "command", "command": "/bin/true"}, "timeout": 30000}, {"name": "s", "trigger": "agentStop", "action": {"type": "command", "command": "/bin/true"}}]}\n',
    );
    put(
      path.join(home, '.codeium', 'windsurf', 'hooks.json'),
      '{"hooks": {"pre_run_commands": [{"command": "/bin/true"}]}}\n',
    );
    const rows = await cannotRun(env);
    expect(rows).toContainEqual(expect.stringContaining('Kiro CLI reads "timeout": 30000 as 30000 seconds'));
    expect(rows).toContainEqual(expect.stringContaining('Kiro CLI has no event "agentStop"'));
    expect(rows).toContainEqual(expect.stringContaining('Windsurf has no event "pre_run_commands"'));
  });
});

describe('bad input to these clients is said and changes nothing', () => {
  it("a Kiro CLI file that is no list of named hooks, a Windsurf file that is no JSON, a Grok CLI folder's broken file", async () => {
    const home = tempDir('hookd-docs-home-');
    const env = { HOME: home, PATH: toolbox([]), HOOKD_STATE_DIR: path.join(home, 'state') };
    const kiro = path.join(home, '.kiro', 'hooks', 'broken.json');
    put(kiro, '{"version": "v2", "hooks": [{"name": "x", "action": {"type": "shell", "command": "true"}}]}\n');
    const kiroMap = path.join(home, '.kiro', 'hooks', 'claude-shaped.json');
    put(kiroMap, '{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "true"}]}]}}\n');
    const windsurf = path.join(home, '.codeium', 'windsurf', 'hooks.json');
    put(windsurf, '{"hooks": {"pre_run_command": [{"command": "./guard.sh"}]\n');
    const grokBroken = path.join(home, '.grok', 'hooks', 'broken.json');
    put(grokBroken, '{"hooks": ');
    const grokGood = path.join(home, '.grok', 'hooks', 'safety.json');
    put(grokGood, readFileSync(path.join(FIXTURES, 'settings', 'grok-hooks.json'), 'utf8'));
    const before = new Map([kiro, kiroMap, windsurf, grokBroken].map((file) => [file, readFileSync(file, 'utf8')]));

    const valid = await runHookdWithEnv(['validate'], env);
    expect(valid.exitCode).toBe(1);
    expect(valid.stderr).toContain(`${kiro}: version: expected "v1", found "v2"`);
    expect(valid.stderr).toContain(`${kiro}: hooks[0].trigger: expected the name of a trigger`);
    expect(valid.stderr).toContain(`${kiro}: hooks[0].action.type: expected "command" or "agent"`);
    expect(valid.stderr).toContain(`${kiroMap}: hooks: expected a list of named hooks`);
    expect(valid.stderr).toMatch(new RegExp(`${windsurf.replaceAll('.', '\\.')}: .*line 2`));
    expect(valid.stderr).toContain(grokBroken);

    const installed = await runHookdWithEnv(['install', '--client', 'kiro,grok'], env);
    expect(installed.stdout).toContain(`${kiro} (Kiro CLI): nothing to change: not a list of hooks hookd can read`);
    expect(installed.stdout).toContain(`${grokBroken} (Grok CLI): left alone: not valid JSON`);
    // The readable file beside it is wrapped all the same.
    expect(entriesOf(grokGood, 'grok').map((entry) => entry.kind)).toEqual(['sync', 'bridge']);
    const windsurfInstall = await runHookdWithEnv(['install', '--client', 'windsurf'], env);
    expect(windsurfInstall.exitCode).not.toBe(0);
    for (const [file, text] of before) expect(readFileSync(file, 'utf8'), file).toBe(text);
  });
});

describe("history names each client's runs as its file names them", () => {
  afterEach(stopTestDaemons);

  it('Windsurf, Kiro CLI, Goose and Grok CLI, through their installed hookd emit entries', async () => {
    const home = tempDir('hookd-docs-home-');
    for (const id of IDS) {
      const file = path.join(home, CLIENTS[id].file);
      mkdirSync(path.dirname(file), { recursive: true });
      copyFileSync(path.join(FIXTURES, 'settings', CLIENTS[id].fixture), file);
    }
    mkdirSync(path.join(home, '.config', 'goose'), { recursive: true });
    const daemon = testDaemon({}, { home });
    const installed = await runHookd(['install'], { env: daemon.env });
    expect(installed.exitCode, installed.stderr).toBe(0);
    await daemon.start();
    // Each client's payload for an event it does not wait on, as its docs show it, and the variables it sets.
    const sent: Record<DocsClient, { event: string; payload: object; env?: Record<string, string> }> = {
      windsurf: {
        event: 'post_write_code',
        payload: { agent_action_name: 'post_write_code', trajectory_id: 't1', execution_id: 'e1', tool_info: {} },
      },
      // Its documented payload names no session.
      kiro: { event: 'PostFileSave', payload: { hook_event_name: 'PostFileSave', cwd: home } },
      goose: { event: 'SessionEnd', payload: { event: 'SessionEnd', session_id: 'g1' } },
      // Its payload names the event in snake case; the file's name is the one hookd keeps.
      grok: {
        event: 'PostToolUse',
        payload: { hookEventName: 'post_tool_use', sessionId: 'k1', cwd: home, toolName: 'run_terminal_command' },
        env: { GROK_HOOK_EVENT: 'post_tool_use', GROK_SESSION_ID: 'k1' },
      },
    };
    for (const id of IDS) {
      const { event, payload, env } = sent[id];
      const entry = entriesOf(path.join(home, CLIENTS[id].file), id).find(
        (one) => one.event === event && one.kind === 'bridge',
      );
      expect(entry, id).toBeDefined();
      const before = daemon.history().length;
      const run = await execa('sh', ['-c', entry!.command], {
        env: { ...daemon.env, ...env },
        input: JSON.stringify(payload),
        reject: false,
      });
      expect(run.exitCode, run.stderr).toBe(0);
      await waitFor(`the run of ${id}'s ${event} hook`, () => daemon.history().length > before);
    }
    const history = await runHookd(['history', '--json'], { env: daemon.env });
    const runs = (JSON.parse(history.stdout) as { client?: string; event: string }[]).map((one) => [
      one.client,
      one.event,
    ]);
    expect(runs.sort()).toEqual(IDS.map((id) => [id, sent[id].event]).sort());
  });
});
