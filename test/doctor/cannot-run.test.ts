// Issue 30, item 1: configured hooks their client will not run now, named with the client's reason
// and the fix, by hookd doctor, GET /status, hookd status, and the hookd_hooks_cannot_run metric.
// The clients' files are real shapes (test/fixtures/cannot-run/) under a temp HOME.
import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { runHookd } from '../helpers/run-hookd.js';
import { waitFor } from '../helpers/wait-for.js';
import { codexTrustLines } from '../helpers/codex-trust.js';
import { ROOT } from '../helpers/paths.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'cannot-run');

function put(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

// A home with Claude Code, Gemini CLI and Codex files, each holding hooks their client will not run.
function homeWithClients(): { home: string; managed: string } {
  const home = tempDir();
  copyFileSync(
    path.join(FIXTURES, 'claude-settings.json'),
    (put(path.join(home, '.claude', 'settings.json'), ''), path.join(home, '.claude', 'settings.json')),
  );
  // format-edited.sh is there but not executable; bash-guard.py and stop-quality-gate.sh are missing.
  put(path.join(home, '.claude', 'hooks', 'format-edited.sh'), '#!/bin/sh\nexit 0\n');
  chmodSync(path.join(home, '.claude', 'hooks', 'format-edited.sh'), 0o644);
  // A plugin in Claude Code's cache that enabledPlugins turns off.
  const plugin = path.join(home, '.claude', 'plugins', 'cache', 'team-tools', 'formatter', '1.0.0');
  put(
    path.join(plugin, 'hooks', 'hooks.json'),
    readFileSync(path.join(ROOT, 'test', 'fixtures', 'settings', 'claude-plugin-hooks.json'), 'utf8'),
  );
  put(path.join(home, '.gemini', 'settings.json'), readFileSync(path.join(FIXTURES, 'gemini-settings.json'), 'utf8'));
  put(path.join(home, '.codex', 'hooks.json'), readFileSync(path.join(FIXTURES, 'codex-hooks.json'), 'utf8'));
  put(
    path.join(home, '.codex', 'config.toml'),
    readFileSync(path.join(FIXTURES, 'codex-config.toml'), 'utf8').replaceAll('HOME/', `${home}/`),
  );
  const managed = path.join(home, 'etc', 'claude-code', 'managed-settings.json');
  put(managed, '{}\n');
  return { home, managed };
}

const EXPECTED = [
  { client: 'claude', event: 'PreToolUse', reason: 'cannot-start', why: /bash-guard\.py does not exist/ },
  { client: 'claude', event: 'PostToolUse', reason: 'cannot-start', why: /format-edited\.sh is not executable/ },
  { client: 'claude', event: 'Stop', reason: 'cannot-start', why: /stop-quality-gate\.sh does not exist/ },
  {
    client: 'claude',
    event: 'PostToolUse',
    reason: 'plugin-not-enabled',
    why: /plugin formatter@team-tools is turned off/,
  },
  { client: 'gemini', event: 'AfterAgent', reason: 'timeout-unit', why: /reads "timeout": 10 as 10 milliseconds/ },
  { client: 'gemini', event: 'BeforeTool', reason: 'hooks-turned-off', why: /listed in hooksConfig\.disabled/ },
  {
    client: 'codex',
    event: 'Stop',
    reason: 'untrusted',
    why: /Codex has not trusted this hook: no trusted_hash under \[hooks\.state\.".*\/\.codex\/hooks\.json:stop:0:1"\]/,
  },
  {
    client: 'codex',
    event: 'PreToolUse',
    reason: 'hooks-turned-off',
    why: /enabled = false under \[hooks\.state\.".*hooks\.json:pre_tool_use:0:0"\]/,
  },
];

interface Row {
  client: string;
  event: string;
  reason: string;
  why: string;
  fix: string;
  command: string;
}

function expectRows(rows: Row[]) {
  for (const expected of EXPECTED) {
    const row = rows.find(
      (candidate) =>
        candidate.client === expected.client &&
        candidate.event === expected.event &&
        candidate.reason === expected.reason,
    );
    expect(
      row,
      `${expected.client} ${expected.event} ${expected.reason} in ${JSON.stringify(rows, null, 1)}`,
    ).toBeDefined();
    expect(row!.why).toMatch(expected.why);
    expect(row!.fix.length).toBeGreaterThan(10);
  }
  // The trusted Codex hook is not named, nor is a timeout already in milliseconds (Gemini's 5000).
  expect(rows.map((row) => row.command)).not.toContain('echo trusted-stop');
  expect(rows.filter((row) => row.reason === 'timeout-unit').map((row) => row.event)).toEqual(['AfterAgent']);
}

describe('hooks their client will not run (issue 30, item 1)', () => {
  it("Gemini CLI's project hooks in a folder its trustedFolders.json distrusts are named; a trusted folder's are not", async () => {
    const { home, managed } = homeWithClients();
    const projects = path.join(home, 'projects');
    put(
      path.join(home, '.gemini', 'trustedFolders.json'),
      readFileSync(path.join(FIXTURES, 'gemini-trusted-folders.json'), 'utf8').replaceAll('PROJECTS', projects),
    );
    const env = {
      ...process.env,
      HOME: home,
      HOOKD_CLAUDE_MANAGED_SETTINGS: managed,
      HOOKD_STATE_DIR: path.join(home, 'state'),
    } as Record<string, string>;
    const detailIn = async (project: string) => {
      put(
        path.join(projects, project, '.gemini', 'settings.json'),
        readFileSync(path.join(FIXTURES, 'gemini-project-settings.json'), 'utf8'),
      );
      const json = await runHookd(['doctor', '--json', '--timeout', '2'], { env, cwd: path.join(projects, project) });
      return (JSON.parse(json.stdout) as { checks: { name: string; detail: string }[] }).checks.find(
        (c) => c.name === 'hooks that will not run',
      )!.detail;
    };
    expect(await detailIn('cloned-repo')).toMatch(
      /Gemini CLI's BeforeTool hook "echo lint" \(.*cloned-repo\/\.gemini\/settings\.json, .*\) will not run: Gemini CLI does not trust the folder .*cloned-repo \(DO_NOT_TRUST in .*trustedFolders\.json\)/,
    );
    expect(await detailIn('trusted-app')).not.toContain('echo lint');
  });

  it('hookd doctor names each hook, its client reason and the fix', async () => {
    const { home, managed } = homeWithClients();
    const env = {
      ...process.env,
      HOME: home,
      HOOKD_CLAUDE_MANAGED_SETTINGS: managed,
      HOOKD_STATE_DIR: path.join(home, 'state'),
    } as Record<string, string>;
    const result = await runHookd(['doctor', '--timeout', '2'], { env, cwd: home });
    expect(result.stdout).toMatch(
      /✗ hooks that will not run: \d+ configured hook\(s\) will not run, and their client says nothing:/,
    );
    expect(result.stdout).toMatch(
      /Claude Code's Stop hook "~\/.claude\/hooks\/stop-quality-gate.sh" \(.*settings\.json, hooks\.Stop\[0\]\.hooks\[0\]\) will not run: the command cannot start: .*stop-quality-gate\.sh does not exist → restore/,
    );
    expect(result.stdout).toMatch(
      /Gemini CLI's AfterAgent hook "echo done" .* will not run: Gemini CLI reads "timeout": 10 as 10 milliseconds .* → write the timeout in milliseconds: "timeout": 10000/,
    );
    expect(result.stdout).toMatch(
      /Codex CLI's Stop hook "echo never-trusted-stop" .* → start codex in a terminal and trust it/,
    );
    expect(result.exitCode).toBe(1);
    const json = await runHookd(['doctor', '--json', '--timeout', '2'], { env, cwd: home });
    const check = (JSON.parse(json.stdout) as { checks: { name: string; ok: boolean }[] }).checks.find(
      (c) => c.name === 'hooks that will not run',
    );
    expect(check?.ok).toBe(false);
  });

  it('the daemon says the same in GET /status, hookd status, and the hookd_hooks_cannot_run gauge', async () => {
    const { home, managed } = homeWithClients();
    const daemon = testDaemon({}, { home });
    daemon.env.HOOKD_CLAUDE_MANAGED_SETTINGS = managed;
    await daemon.start();
    const status = await daemon.request('GET', '/status');
    expectRows((status.body as { cannotRun: Row[] }).cannotRun);

    const printed = await runHookd(['status'], { env: { ...process.env, ...daemon.env, NO_COLOR: '1' } });
    expect(printed.stdout).toMatch(/will not run \(\d+\): configured hooks their client skips or cannot start/);
    expect(printed.stdout).toMatch(
      /Codex CLI's PreToolUse hook "echo turned-off-guard" .* will not run: Codex has this hook turned off/,
    );

    const metrics = String((await daemon.request('GET', '/metrics')).body);
    expect(metrics).toMatch(/hookd_hooks_cannot_run\{client="claude",reason="cannot-start"\} 3/);
    expect(metrics).toMatch(/hookd_hooks_cannot_run\{client="codex",reason="untrusted"\} 1/);
    expect(metrics).toMatch(/hookd_hooks_cannot_run\{client="gemini",reason="timeout-unit"\} 1/);

    // Trusting the hook in Codex (its config.toml) clears it at the next ask, with no restart.
    const config = path.join(home, '.codex', 'config.toml');
    writeFileSync(
      config,
      `${readFileSync(config, 'utf8')}\n${codexTrustLines(path.join(home, '.codex', 'hooks.json'), [['Stop', 0, 1]])}`,
    );
    await waitFor(
      'the trusted hook gone from GET /status',
      async () =>
        !((await daemon.request('GET', '/status')).body as { cannotRun: Row[] }).cannotRun.some(
          (row) => row.reason === 'untrusted',
        ),
    );
  });

  it("Claude Code's managed allowManagedHooksOnly: every user and plugin hook is named, with who can change it", async () => {
    const { home, managed } = homeWithClients();
    writeFileSync(managed, readFileSync(path.join(FIXTURES, 'claude-managed-settings.json'), 'utf8'));
    const env = {
      ...process.env,
      HOME: home,
      HOOKD_CLAUDE_MANAGED_SETTINGS: managed,
      HOOKD_STATE_DIR: path.join(home, 'state'),
    } as Record<string, string>;
    const json = await runHookd(['doctor', '--json', '--timeout', '2'], { env, cwd: home });
    const detail = (JSON.parse(json.stdout) as { checks: { name: string; detail: string }[] }).checks.find(
      (c) => c.name === 'hooks that will not run',
    )!.detail;
    const claudeLines = detail.split('\n').filter((line) => line.includes("Claude Code's"));
    // Three user hooks and the plugin's three: each skipped for the managed setting first.
    expect(claudeLines).toHaveLength(6);
    for (const line of claudeLines)
      expect(line).toMatch(
        /Claude Code runs only managed hooks: allowManagedHooksOnly is true in .*managed-settings\.json → ask whoever manages/,
      );
  });

  it('managed settings that are a directory or a FIFO are read as absent: doctor neither hangs nor names a managed reason', async () => {
    const { home, managed } = homeWithClients();
    const env = {
      ...process.env,
      HOME: home,
      HOOKD_CLAUDE_MANAGED_SETTINGS: managed,
      HOOKD_STATE_DIR: path.join(home, 'state'),
    } as Record<string, string>;
    for (const make of [() => mkdirSync(managed), () => execFileSync('mkfifo', [managed])]) {
      rmSync(managed, { recursive: true, force: true });
      make();
      const json = await runHookd(['doctor', '--json', '--timeout', '2'], { env, cwd: home });
      const detail = (JSON.parse(json.stdout) as { checks: { name: string; detail: string }[] }).checks.find(
        (c) => c.name === 'hooks that will not run',
      )!.detail;
      expect(detail).toMatch(/bash-guard\.py does not exist/);
      expect(detail).not.toMatch(/managed/);
    }
  });
});
