// Issue 30, item 2: configured, and did not fire. Codex's hooks.json (as hookd install leaves it:
// every hook behind hookd emit) has two Stop hooks and three PreToolUse hooks; Codex trusted
// one Stop hook, so a session runs only that one. From its history hookd names the other, its file,
// the session and the likeliest cause (Codex has not trusted it), in GET /status, hookd status,
// hookd doctor, the hookd_hooks_did_not_fire gauge, and the page's silent hooks panel. A hook whose
// matcher differs from the one that ran (apply_patch against Bash) is not named: the same payload
// may not have matched it.
import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import { runHookd } from '../helpers/run-hookd.js';
import { codexTrustLines } from '../helpers/codex-trust.js';
import { waitFor } from '../helpers/wait-for.js';
import { ROOT } from '../helpers/paths.js';
import { browserTests } from '../dashboard/dashboard-helpers.js';

const chromium = browserTests();

const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'cannot-run');
// What codex exec 0.169 gives its hooks: hookd tells the client by these (clients/codex/profile.ts).
const CODEX_ENV = { CODEX_MANAGED_BY_NPM: '1', CODEX_THREAD_ID: 'thread-1' };

function codexHome(): string {
  const home = tempDir();
  const hooks = path.join(home, '.codex', 'hooks.json');
  mkdirSync(path.dirname(hooks), { recursive: true });
  writeFileSync(hooks, readFileSync(path.join(FIXTURES, 'codex-hooks-bridged.json'), 'utf8'));
  // Codex trusted the first Stop hook and both PreToolUse hooks of group 0 and 2, not group 1's.
  const trusted = codexTrustLines(hooks, [
    ['Stop', 0, 0],
    ['PreToolUse', 0, 0],
    ['PreToolUse', 2, 0],
  ]);
  writeFileSync(path.join(home, '.codex', 'config.toml'), `model = "gpt-5"\n\n${trusted}`);
  // Written before the sessions: a hook added after a session is not said to have missed it.
  const before = new Date(Date.now() - 60_000);
  utimesSync(hooks, before, before);
  return home;
}

async function sessionRuns(daemon: TestDaemon, session: string) {
  const base = { session_id: session, transcript_path: '', cwd: '/tmp', turn_id: 't1' };
  const ran = [
    await daemon.emit(
      'echo stop-logger',
      JSON.stringify({ ...base, hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'hi' }),
      CODEX_ENV,
    ),
    await daemon.emit(
      'echo bash-audit',
      JSON.stringify({ ...base, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } }),
      CODEX_ENV,
    ),
  ];
  for (const result of ran) expect(result.exitCode, result.stderr).toBe(0);
}

describe('configured, and did not fire (issue 30, item 2)', () => {
  it('names the hook, its file, the sessions and the likeliest cause everywhere hookd speaks', async () => {
    const home = codexHome();
    const daemon = testDaemon({}, { home });
    await daemon.start();
    await sessionRuns(daemon, 'codex-session-1');
    await sessionRuns(daemon, 'codex-session-2');
    type Unfired = {
      client: string;
      event: string;
      command: string;
      file: string;
      location: string;
      sessions: string[];
      cause: string;
    };
    const unfired: Unfired[] = await waitFor(
      'both sessions in the history, and the unfired hooks of GET /status',
      async () => {
        const body = (await daemon.request('GET', '/status')).body as { didNotFire?: Unfired[] };
        const list = body.didNotFire ?? [];
        return list.length === 2 && list.every((hook) => hook.sessions.length === 2) ? list : undefined;
      },
    );
    const stop = unfired.find((hook) => hook.event === 'Stop')!;
    expect(stop).toMatchObject({
      client: 'codex',
      command: 'echo stop-notifier',
      file: path.join(home, '.codex', 'hooks.json'),
      location: 'hooks.Stop[0].hooks[1]',
    });
    expect(stop.sessions.sort()).toEqual(['codex-session-1', 'codex-session-2']);
    expect(stop.cause).toMatch(
      /Codex has not trusted this hook: no trusted_hash under \[hooks\.state\.".*:stop:0:1"\]/,
    );
    const tool = unfired.find((hook) => hook.event === 'PreToolUse')!;
    expect(tool).toMatchObject({ command: 'echo bash-audit-two', location: 'hooks.PreToolUse[1].hooks[0]' });
    // apply_patch's hook never matched a Bash payload: not missing.
    expect(unfired.map((hook) => hook.command)).not.toContain('echo patch-audit');

    const status = await runHookd(['status'], {
      env: { ...(process.env as Record<string, string>), ...daemon.env, NO_COLOR: '1' },
    });
    expect(status.stdout).toMatch(
      /silent hooks \(2\): configured, and did not fire where the client ran the others of their event:/,
    );
    expect(status.stdout).toMatch(
      /Codex CLI's Stop hook "echo stop-notifier" \(.*hooks\.json, hooks\.Stop\[0\]\.hooks\[1\]\) did not fire in 2 sessions \(codex-session-\d, codex-session-\d\), where its other Stop hooks ran; likeliest: Codex has not trusted this hook/,
    );

    const doctor = await runHookd(['doctor', '--timeout', '5'], {
      env: { ...(process.env as Record<string, string>), ...daemon.env },
      cwd: home,
    });
    expect(doctor.stdout).toMatch(
      /✗ hooks that did not fire: 2 configured hook\(s\) did not fire where the client ran the others of their event:/,
    );

    const metrics = String((await daemon.request('GET', '/metrics')).body);
    expect(metrics).toMatch(/hookd_hooks_did_not_fire\{client="codex"\} 2/);

    const page = await chromium.open(daemon);
    const silent = page.locator('#silent-hooks li', { hasText: 'echo stop-notifier' });
    await silent.waitFor({ timeout: 20_000 });
    expect(await silent.textContent()).toMatch(
      /codex Stop hook echo stop-notifier .*did not fire in 2 session\(s\).*likeliest: Codex has not trusted this hook/,
    );
    // The will-not-run panel lists the same hook under its reason.
    await page
      .locator('#cannot-run li[data-reason="untrusted"]', { hasText: 'echo stop-notifier' })
      .waitFor({ timeout: 20_000 });
  });
});
