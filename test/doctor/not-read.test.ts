// Issue 30, item 1: hooks in a place or shape the installed client does not read, a project the
// client has not trusted (Copilot CLI), and a timeout in the wrong unit for the installed client's
// version (Qwen Code 1.x), named by hookd doctor, GET /status and the hookd_hooks_cannot_run gauge.
// The real binaries confirm each place (test/clients/not-read-real.test.ts).
import { describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from '../helpers/temp-dir.js';
import { testDaemon } from '../helpers/daemon-process.js';
import { runHookd } from '../helpers/run-hookd.js';
import { waitFor } from '../helpers/wait-for.js';
import { ROOT } from '../helpers/paths.js';
import { browserTests } from '../dashboard/dashboard-helpers.js';

const chromium = browserTests();

const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'cannot-run');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');

function put(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

// A home whose hooks sit where their clients do not look, and a project beside it.
function strayHome() {
  const home = tempDir();
  const project = path.join(home, 'src', 'app');
  put(path.join(home, '.claude', 'settings.json'), '{}\n');
  put(path.join(home, '.claude', 'hooks.json'), fixture('claude-hooks-json.json'));
  put(path.join(home, '.claude.json'), fixture('claude-state-with-hooks.json'));
  put(path.join(project, '.claude', 'hooks.json'), fixture('claude-hooks-json.json'));
  put(path.join(home, '.factory', 'hooks.json'), fixture('droid-hooks.json'));
  put(path.join(home, '.factory', 'hooks', 'hooks.json'), fixture('droid-older-hooks.json'));
  // A project hooks.json in Claude Code's shape: Droid reads hooks.json only as a bare event map.
  put(path.join(project, '.factory', 'hooks.json'), fixture('claude-hooks-json.json'));
  put(path.join(home, '.copilot', 'hooks.json'), fixture('copilot-misplaced-hooks.json'));
  put(path.join(project, '.github', 'hooks.json'), fixture('copilot-misplaced-hooks.json'));
  put(path.join(project, '.github', 'hooks', 'team.json'), fixture('copilot-project-hooks.json'));
  mkdirSync(path.join(project, '.git'), { recursive: true });
  const env = {
    ...(process.env as Record<string, string>),
    HOME: home,
    HOOKD_STATE_DIR: path.join(home, 'state'),
    HOOKD_CLAUDE_MANAGED_SETTINGS: path.join(home, 'none.json'),
    NO_COLOR: '1',
  };
  return { home, project, env };
}

async function doctorDetail(env: Record<string, string>, cwd: string): Promise<string> {
  const json = await runHookd(['doctor', '--json', '--timeout', '2'], { env, cwd });
  return (
    (JSON.parse(json.stdout) as { checks: { name: string; detail: string }[] }).checks.find(
      (c) => c.name === 'hooks that will not run',
    )?.detail ?? ''
  );
}

describe('hooks in a place or shape their client does not read (issue 30, item 1)', () => {
  it('hookd doctor names each stray file and shape with where the client reads instead', async () => {
    const { project, env } = strayHome();
    const detail = await doctorDetail(env, project);
    const expectLine = (pattern: RegExp) => expect(detail, detail).toMatch(pattern);
    expectLine(
      /Claude Code's PreToolUse hook "python3 ~\/.claude\/hooks\/block-rm-rf.py" \(.*\/\.claude\/hooks\.json, hooks\.PreToolUse\[0\]\.hooks\[0\]\) will not run: Claude Code does not read hooks from .*\/\.claude\/hooks\.json → move them to the "hooks" key of ~\/\.claude\/settings\.json/,
    );
    expectLine(
      /Claude Code's Stop hook "notify-send 'Claude is done'" \(.*\/\.claude\.json, .*\) will not run: Claude Code does not read hooks from .*\.claude\.json → .*holds Claude Code's state, not settings/,
    );
    expectLine(
      new RegExp(
        `Claude Code's PreToolUse hook .*\\(${project}/\\.claude/hooks\\.json, .*→ move them to the "hooks" key of \\.claude/settings\\.json`,
      ),
    );
    expectLine(
      /Droid's Stop hook "echo droid-older-stop" \(.*\/\.factory\/hooks\/hooks\.json, Stop\[0\]\.hooks\[0\]\) will not run: Droid does not read this file: Droid reads .*\/\.factory\/hooks\.json instead → move its events into .*hooks\.json/,
    );
    expectLine(
      new RegExp(
        `Droid's PreToolUse hook .*\\(${project}/\\.factory/hooks\\.json, .*\\) will not run: Droid does not read this file: Droid reads this file only as a bare event map`,
      ),
    );
    expectLine(
      /GitHub Copilot CLI's preToolUse hook "\.\/scripts\/guard-secrets\.sh" \(.*\/\.copilot\/hooks\.json, .*\) will not run: GitHub Copilot CLI does not read hooks from .* → move them to a file in the folder ~\/\.copilot\/hooks\//,
    );
    expectLine(
      new RegExp(
        `GitHub Copilot CLI's preToolUse hook .*\\(${project}/\\.github/hooks\\.json, .*→ move them to a file in the folder \\.github/hooks/`,
      ),
    );
    // The hooks Droid does read are not named.
    expect(detail).not.toMatch(/prettier/);
  });

  it("Copilot CLI's project hooks in a folder it has not trusted are named, until the folder (or a parent) is trusted", async () => {
    const { home, project, env } = strayHome();
    expect(await doctorDetail(env, project)).toMatch(
      new RegExp(
        `GitHub Copilot CLI's agentStop hook "echo copilot-project-stop" \\(${project}/\\.github/hooks/team\\.json, .*\\) will not run: GitHub Copilot CLI has not trusted the folder ${project} \\(it is not in trustedFolders of .*\\.copilot/config\\.json\\).* → start copilot in`,
      ),
    );
    // As Copilot CLI 1.0.102 rewrites it: comments, and trustedFolders (the older trusted_folders counts too).
    put(
      path.join(home, '.copilot', 'config.json'),
      `// User settings belong in settings.json.\n// This file is managed automatically.\n${JSON.stringify({ trustedFolders: [path.join(home, 'src')] }, null, 2)}\n`,
    );
    expect(await doctorDetail(env, project)).not.toMatch(/copilot-project-stop/);
    put(path.join(home, '.copilot', 'config.json'), JSON.stringify({ trusted_folders: [project] }));
    expect(await doctorDetail(env, project)).not.toMatch(/copilot-project-stop/);
  });

  it('a Qwen Code timeout meant as milliseconds is named when the Qwen Code on the PATH is 1.x, not when it is 0.x', async () => {
    const home = tempDir();
    put(path.join(home, '.qwen', 'settings.json'), fixture('qwen-settings.json'));
    const pkg = path.join(home, 'lib', 'node_modules', '@qwen-code', 'qwen-code');
    cpSync(path.join(FIXTURES, 'qwen-package'), pkg, { recursive: true });
    const bin = path.join(home, 'bin');
    mkdirSync(bin);
    symlinkSync(path.join(pkg, 'cli.js'), path.join(bin, 'qwen'));
    const env = {
      ...(process.env as Record<string, string>),
      HOME: home,
      HOOKD_STATE_DIR: path.join(home, 'state'),
      HOOKD_CLAUDE_MANAGED_SETTINGS: path.join(home, 'none.json'),
    };
    const withQwen = { ...env, PATH: `${bin}:${process.env.PATH}` };
    expect(await doctorDetail(withQwen, home)).toMatch(
      /Qwen Code's Stop hook "echo qwen-stop-five-seconds" .* will not run: Qwen Code 1\.2\.0 \(the one on the PATH\) reads "timeout": 5000 as 5000 seconds \(83 minutes\).* → write the timeout in seconds: "timeout": 5 for 5000 milliseconds/,
    );
    // The same file under Qwen Code 0.24 (milliseconds from 1000): nothing to say.
    writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: '@qwen-code/qwen-code', version: '0.24.4' }));
    expect(await doctorDetail(withQwen, home)).not.toMatch(/qwen-stop-five-seconds/);
  });

  it('the daemon says the same in GET /status, the page and the hookd_hooks_cannot_run gauge', async () => {
    const { home } = strayHome();
    const daemon = testDaemon({}, { home });
    daemon.env.HOOKD_CLAUDE_MANAGED_SETTINGS = path.join(home, 'none.json');
    await daemon.start();
    type Row = { client: string; reason: string; file: string };
    const rows = await waitFor('the stray files in GET /status', async () => {
      const list = ((await daemon.request('GET', '/status')).body as { cannotRun: Row[] }).cannotRun;
      return list.some((row) => row.reason === 'not-read') ? list : undefined;
    });
    expect(
      rows
        .filter((row) => row.reason === 'not-read')
        .map((row) => path.relative(home, row.file))
        .sort(),
    ).toEqual(['.claude.json', '.claude/hooks.json', '.copilot/hooks.json', '.factory/hooks/hooks.json']);
    const metrics = String((await daemon.request('GET', '/metrics')).body);
    expect(metrics).toMatch(/hookd_hooks_cannot_run\{client="claude",reason="not-read"\} 2/);
    expect(metrics).toMatch(/hookd_hooks_cannot_run\{client="droid",reason="not-read"\} 1/);
    expect(metrics).toMatch(/hookd_hooks_cannot_run\{client="copilot",reason="not-read"\} 1/);
    const page = await chromium.open(daemon);
    const row = page.locator('#cannot-run li[data-reason="not-read"]', { hasText: 'echo droid-older-stop' });
    await row.waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toMatch(
      /Droid does not read this file: Droid reads .*hooks\.json instead→ move its events into/,
    );
  });
});
