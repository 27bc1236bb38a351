// End to end: the built `hookd run` and `hookd validate`, as a user runs them.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runHookd } from '../helpers/run-hookd.js';
import { FIXTURES, HOOK_FIXTURES, ROOT } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

afterEach(cleanupTempDirs);

const SAMPLE = path.join(FIXTURES, 'settings.example.json');

function settingsWith(hooks: object): string {
  const file = path.join(tempDir(), 'settings.json');
  writeFileSync(file, JSON.stringify({ model: 'm', hooks }, null, 2));
  return file;
}

const command = (c: string, timeout?: number) => ({ type: 'command', command: c, ...(timeout ? { timeout } : {}) });

describe('hookd validate', () => {
  it('passes the sample settings file', async () => {
    const result = await runHookd(['validate', '--settings', SAMPLE]);
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    expect(result.stdout).toMatch(/valid, 5 hook\(s\), 4 run by the daemon/);
  });

  it('lists every located error and exits 1', async () => {
    const file = settingsWith({
      Stop: [{ hooks: [command('a'), { type: 'command', command: 'b', timeout: 'ten' }] }],
      Notification: [{ hooks: [{}] }],
    });
    const result = await runHookd(['validate', '--settings', file]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(`hookd: ${file}: hooks.Stop[0].hooks[1].timeout: expected a number, got "ten"`);
    expect(result.stderr).toContain(
      `hookd: ${file}: hooks.Notification[0].hooks[0].type: expected a hook type such as "command"\n`,
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('warns without failing on a typo in an event name', async () => {
    const result = await runHookd(['validate', '--settings', settingsWith({ Stpo: [{ hooks: [command('x')] }] })]);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toMatch(/^hookd: warning: .*hooks\.Stpo: unknown event "Stpo" \(did you mean "Stop"\?\)/);
  });

  it('reads the settings path from HOOKD_SETTINGS and reports JSON', async () => {
    const result = await runHookd(['validate', '--json'], { env: { HOOKD_SETTINGS: SAMPLE } });
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({ ok: true, files: [{ file: SAMPLE, errors: [], warnings: [] }] });
    expect(report.files[0].hooks).toHaveLength(5);
  });

  it('refuses an unknown --client, and says where it looked when no client is installed', async () => {
    const home = tempDir();
    const unknown = await runHookd(['validate', '--client', 'vscode'], { env: { HOME: home } });
    expect(unknown.exitCode).not.toBe(0);
    expect(unknown.stderr).toMatch(
      /^hookd: option '--client <name>' argument 'vscode' is invalid\. Allowed choices are (?:[a-z]+, )+[a-z]+\./,
    );
    const none = await runHookd(['validate'], { env: { HOME: home }, cwd: home });
    expect(none.exitCode).toBe(2);
    // Every client's folder is named (the list grows with the clients: not pinned here).
    expect(none.stderr).toMatch(
      /^hookd: no agent client found on this machine \(looked for Droid \(\S+\/\.factory\), Claude Code \(\S+\/\.claude\), .*Cursor \(\S+\/\.cursor\).*\); name a file with --settings FILE or a client with --client NAME$/,
    );
    expect(none.stderr).toContain(`(${home}/.claude)`);
  });

  it('gives one line for a missing file and for a file that is not JSON', async () => {
    // The same from validate and run (issue 13 item 9): bad input, exit 2.
    for (const command of [['validate'], ['run', 'Stop']]) {
      const missing = await runHookd([...command, '--settings', '/nonexistent/settings.json']);
      expect(missing).toMatchObject({
        exitCode: 2,
        stdout: '',
        stderr: 'hookd: /nonexistent/settings.json: cannot read: no such file (named with --settings)',
      });
      // Named by the variable, the message says so, not "set --settings" (issue 23).
      const fromEnv = await runHookd(command, { env: { HOOKD_SETTINGS: '/nonexistent/settings.json' } });
      expect(fromEnv).toMatchObject({
        exitCode: 2,
        stderr: 'hookd: /nonexistent/settings.json: cannot read: no such file (named by HOOKD_SETTINGS)',
      });
    }
    const file = path.join(tempDir(), 'broken.json');
    writeFileSync(file, '{"hooks": ');
    const broken = await runHookd(['validate', '--settings', file]);
    expect(broken.exitCode).toBe(1);
    expect(broken.stderr.trim().split('\n')).toHaveLength(1);
    expect(broken.stderr).toMatch(/broken\.json: not valid JSON: line 1 column \d+/);
  });
});

describe('hookd run', () => {
  it('runs plain entries and the inner command of bridge entries, in parallel, and reports each', async () => {
    const dir = tempDir();
    // Two hooks that each wait for the other: both end well only when they run at once (one run alone
    // waits to its timeout), whatever the machine's load; the first is written twice, and runs once.
    const waitsForB = `echo a >> ${dir}/a; until [ -e ${dir}/b ]; do sleep 0.05; done; echo slow`;
    const waitsForA = `touch ${dir}/b; until [ -s ${dir}/a ]; do sleep 0.05; done; echo other`;
    const file = settingsWith({
      Stop: [
        {
          hooks: [
            command(`hookd emit -- '${path.join(HOOK_FIXTURES, 'save-stdin.sh')} ${dir}/bridged'`),
            command(`${path.join(HOOK_FIXTURES, 'exit-3.sh')}`),
            command(waitsForB, 60),
            command(waitsForB, 60),
            command(waitsForA, 60),
          ],
        },
      ],
    });
    const payloadFile = path.join(FIXTURES, 'payloads', 'stop.json');
    const result = await runHookd(['run', 'Stop', '--settings', file, '--payload', payloadFile]);
    expect(result.exitCode).toBe(1);
    const lines = result.stdout.trim().split('\n');
    // Under the client and file they came from, one aligned row each: where in the file, the command;
    // under a failed one, what the client makes of it.
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe(file);
    expect(lines[1]).toMatch(/^ {2}✓ {2}ok {15}\d\.\d\ds {2}hooks\.Stop\[0\]\.hooks\[0\] {2}\S*save-stdin\.sh/);
    expect(lines[2]).toMatch(
      /^ {2}✗ {2}failed \(exit 3\) {2}\d\.\d\ds {2}hooks\.Stop\[0\]\.hooks\[1\] {2}\S*exit-3\.sh {2}— failing on purpose$/,
    );
    expect(lines[3]).toMatch(
      /^ +agent client reads exit code 3 as a non-blocking error: shown to the user, the agent goes on$/,
    );
    expect(lines[4]).toMatch(/^ {2}✓ {2}ok {15}\d+\.\d\ds {2}hooks\.Stop\[0\]\.hooks\[2\] {2}echo a >> /);
    expect(lines[5]).toMatch(/^ {2}✓ {2}ok {15}\d+\.\d\ds {2}hooks\.Stop\[0\]\.hooks\[4\] {2}touch /);
    expect(readFileSync(`${dir}/bridged`)).toEqual(readFileSync(payloadFile));
    // Identical commands ran once; and the two that wait for each other both ended well: in parallel.
    expect(readFileSync(`${dir}/a`, 'utf8')).toBe('a\n');
  });

  it('exits 0 when every hook succeeds, with a sample payload when none is given', async () => {
    const dir = tempDir();
    const file = settingsWith({
      Notification: [{ hooks: [command(`${path.join(HOOK_FIXTURES, 'save-stdin.sh')} ${dir}/seen`)] }],
    });
    const result = await runHookd(['run', 'Notification', '--settings', file]);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(readFileSync(`${dir}/seen`, 'utf8'))).toMatchObject({
      hook_event_name: 'Notification',
      message: expect.any(String),
    });
  });

  it('reports a timeout and a command that does not exist, as JSON', async () => {
    const file = settingsWith({ Stop: [{ hooks: [command('sleep 10', 1), command('no-such-command-hookd')] }] });
    const result = await runHookd(['run', 'Stop', '--settings', file, '--json']);
    expect(result.exitCode).toBe(1);
    const report = JSON.parse(result.stdout);
    // sh exits 127: the command could not start (runs/outcome.ts).
    expect(report.hooks.map((h: { status: string }) => h.status)).toEqual(['timed_out', 'spawn_error']);
    expect(report.hooks[1]).toMatchObject({ exitCode: 127 });
  });

  it("says what Claude Code makes of a hook's result (exit 2, a decision on stdout, exit 1), on events that decide only", async () => {
    const home = tempDir();
    mkdirSync(path.join(home, '.claude'));
    const hooks = {
      Stop: [
        {
          hooks: [
            command(`echo '{"decision": "block", "reason": "tests fail"}'`),
            command('echo tests fail >&2; exit 2'),
            command('exit 1'),
          ],
        },
      ],
      Notification: [{ hooks: [command('exit 2')] }],
    };
    writeFileSync(path.join(home, '.claude', 'settings.json'), JSON.stringify({ hooks }));
    const stop = await runHookd(['run', 'Stop'], { env: { HOME: home }, cwd: home });
    expect(stop.stdout).toContain('Claude Code would act on this answer on stdout (block: tests fail)');
    expect(stop.stdout).toContain('Claude Code would act on exit code 2: it blocks: stderr goes to the agent');
    expect(stop.stdout).toContain(
      'Claude Code reads exit code 1 as a non-blocking error: shown to the user, the agent goes on',
    );
    const notification = await runHookd(['run', 'Notification'], { env: { HOME: home }, cwd: home });
    expect(notification.exitCode).toBe(1);
    expect(notification.stdout).not.toMatch(/would act|reads exit/);
  });

  it('without --payload, hands the hook the bytes the client sends: one line captured from the real client, per client', async () => {
    const dir = tempDir();
    const home = tempDir();
    mkdirSync(path.join(home, '.gemini'));
    const save = `${path.join(HOOK_FIXTURES, 'save-stdin.sh')} ${dir}/seen`;
    writeFileSync(
      path.join(home, '.gemini', 'settings.json'),
      JSON.stringify({ hooks: { AfterAgent: [{ hooks: [command(save)] }] } }),
    );
    const gemini = await runHookd(['run', '--client', 'gemini', 'AfterAgent'], { env: { HOME: home }, cwd: home });
    expect(gemini.exitCode).toBe(0);
    expect(readFileSync(`${dir}/seen`)).toEqual(readFileSync(path.join(ROOT, 'samples', 'gemini', 'AfterAgent.json')));
    const file = settingsWith({ SubagentStop: [{ matcher: 'general-purpose', hooks: [command(save)] }] });
    await runHookd(['run', 'SubagentStop', '--settings', file]);
    const claude = readFileSync(`${dir}/seen`, 'utf8');
    expect(claude).toBe(readFileSync(path.join(ROOT, 'samples', 'claude', 'SubagentStop.json'), 'utf8'));
    expect(claude.split('\n')).toHaveLength(2);
    expect(JSON.parse(claude)).toMatchObject({
      hook_event_name: 'SubagentStop',
      agent_type: expect.any(String),
      prompt_id: expect.any(String),
    });
  });

  it('reads the payload from stdin with --payload -', async () => {
    const dir = tempDir();
    const file = settingsWith({
      SessionEnd: [{ matcher: 'error', hooks: [command(`${path.join(HOOK_FIXTURES, 'save-stdin.sh')} ${dir}/seen`)] }],
    });
    const bytes = readFileSync(path.join(FIXTURES, 'payloads', 'sessionend-error.json'));
    const result = await runHookd(['run', 'SessionEnd', '--settings', file, '--payload', '-'], { input: bytes });
    expect(result.exitCode).toBe(0);
    expect(readFileSync(`${dir}/seen`)).toEqual(bytes);
    const other = await runHookd([
      'run',
      'SessionEnd',
      '--settings',
      file,
      '--payload',
      path.join(FIXTURES, 'payloads', 'sessionend.json'),
    ]);
    // Its matcher passed over this payload: the group is named with the value it missed (issue 30).
    expect(other.stdout).toBe(
      `not run: these SessionEnd hooks' matchers do not match this payload\n${file}\n  hooks.SessionEnd[0]  matcher "error"  does not match reason "prompt_input_exit"`,
    );
    expect(other.exitCode).toBe(0);
  });

  it('refuses bad input with one line and exit 2: payload not an object, 33 MiB, missing file, unknown event, bad settings', async () => {
    const file = settingsWith({ Stop: [{ hooks: [command('true')] }] });
    const dir = tempDir();
    const cases: Array<[string[], RegExp, (string | Buffer)?]> = [
      [
        ['run', 'Stop', '--settings', file, '--payload', '-'],
        /^hookd: stdin: expected a JSON object, got an array$/,
        '[1]',
      ],
      [
        ['run', 'Stop', '--settings', file, '--payload', '-'],
        /^hookd: stdin: 34603008 bytes is over the 32 MiB limit/,
        Buffer.alloc(33 * 1024 * 1024, 32),
      ],
      [
        ['run', 'Stop', '--settings', file, '--payload', `${dir}/none.json`],
        /^hookd: .*none\.json: cannot read the payload: .*ENOENT/,
      ],
      [['run', 'Stpo', '--settings', file], /^hookd: unknown event "Stpo": did you mean "Stop"\?/],
      [['run', 'Stop', '--settings', `${dir}/missing.json`], /^hookd: .*missing\.json: cannot read: no such file/],
    ];
    for (const [args, pattern, input] of cases) {
      const result = await runHookd(args, { input });
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(result.stderr.trim()).toMatch(pattern);
    }
  });

  it('runs the sample settings file with every sample payload without crashing', async () => {
    for (const name of [
      'notification.json',
      'notification-idle.json',
      'stop.json',
      'subagentstop.json',
      'sessionend.json',
      'sessionend-error.json',
    ]) {
      const bytes = JSON.parse(readFileSync(path.join(FIXTURES, 'payloads', name), 'utf8'));
      const result = await runHookd(
        [
          'run',
          bytes.hook_event_name,
          '--settings',
          SAMPLE,
          '--payload',
          path.join(FIXTURES, 'payloads', name),
          '--json',
        ],
        { env: { HOME: tempDir() } },
      );
      // The sample's hooks need notify-send and example scripts this machine may not have: each must
      // still end in a recorded outcome (spawn_error where a program is missing), never a crash.
      expect([0, 1]).toContain(result.exitCode);
      const report = JSON.parse(result.stdout);
      expect(report.hooks.length).toBeGreaterThan(0);
      for (const hook of report.hooks) expect(['ok', 'failed', 'spawn_error']).toContain(hook.status);
    }
  });
});
