// Hostile `env` maps on hook entries (Copilot CLI's and Qwen Code's): the daemon sets them for the
// hook as the client does. A variable no process can be given (a NUL byte in its name or value, `=`
// in its name, an empty name) or a value that is not a string used to be dropped without a word, or
// to fail the spawn; each entry is now skipped at load, named, and the rest of its file used, as
// Copilot CLI itself skips such an entry and runs the rest (issue 30). hookd's own names load (the
// client gives them to the bridge) and never reach the hook.
// What loads and still cannot start (an environment over the system's limit) ends as spawn_error.
// Through the real daemon and bridge, with files as the clients write them; the daemon lives on.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { copilotHome } from '../helpers/copilot-home.js';
import { stopTestDaemons, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { runHookd } from '../helpers/run-hookd.js';
import { waitFor } from '../helpers/wait-for.js';
import { ROOT } from '../helpers/paths.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const SAMPLE = readFileSync(path.join(ROOT, 'samples', 'copilot', 'sessionEnd.json'), 'utf8');
const payload = (session: string, cwd = '/') =>
  SAMPLE.replace(/"sessionId":"[^"]*"/, `"sessionId":"${session}"`).replace(/"cwd":"[^"]*"/, `"cwd":"${cwd}"`);

// A Copilot CLI hook file with one entry whose command goes through the bridge.
const copilotFile = (command: string, env: Record<string, unknown>) =>
  JSON.stringify({
    version: 1,
    hooks: {
      sessionEnd: [{ type: 'command', bash: `hookd emit --event sessionEnd -- '${command}'`, env, timeoutSec: 5 }],
    },
  });

// The bridge as Copilot CLI runs it, with its marker variable.
const bridge = (daemon: TestDaemon, command: string, session: string, cwd?: string) =>
  execa('sh', ['-c', `hookd emit --event sessionEnd -- '${command}'`], {
    env: { ...daemon.env, COPILOT_CLI: '1' },
    input: payload(session, cwd),
    reject: false,
    timeout: 10_000,
  });

interface FileStatus {
  path: string;
  daemonHooks: number;
  lastError: string[] | null;
  dropped?: string[];
}
const files = async (daemon: TestDaemon) =>
  ((await daemon.request('GET', '/status')).body as { settings: { files: FileStatus[] } }).settings.files;

describe("an entry's env that no hook can be given is skipped at load, named", () => {
  it('NUL in a name or value, `=` in a name, an empty name, a number: each entry skipped with why; the others load and run, HOOKD_TOKEN kept from the hook', async () => {
    const { home, dir } = copilotHome();
    const out = tempDir();
    const good = `echo "team=$TEAM token=$HOOKD_TOKEN" >> ${out}/ran`;
    const hostile: Record<string, [Record<string, unknown>, RegExp]> = {
      'nul-name': [{ 'A\0B': 'x' }, /env: "A\\u0000B": expected a variable name/],
      'nul-value': [{ TEAM: 'a\0b' }, /env: "TEAM": expected a value without a NUL byte/],
      'equals-name': [{ 'A=B': 'x' }, /env: "A=B": expected a variable name/],
      'empty-name': [{ '': 'x' }, /env: "": expected a variable name/],
      'number-value': [{ TEAM: 7 }, /env\.TEAM: expected a string, got 7/],
    };
    for (const [name, [env]] of Object.entries(hostile))
      writeFileSync(path.join(dir, `${name}.json`), copilotFile(`echo ${name} >> ${out}/ran`, env));
    // hookd's own names are the bridge's (a state directory of its own, say): they load, and the hook does not get them.
    writeFileSync(path.join(dir, 'good.json'), copilotFile(good, { TEAM: 'blue', HOOKD_TOKEN: 'f'.repeat(64) }));
    const daemon = testDaemon({}, { home });
    await daemon.start();

    const seen = await files(daemon);
    for (const [name, [, why]] of Object.entries(hostile)) {
      const file = seen.find((state) => state.path === path.join(dir, `${name}.json`));
      expect(file?.lastError, name).toBeNull();
      expect(file?.dropped?.join('\n'), name).toMatch(new RegExp(`hooks\\.sessionEnd\\[0\\]: .*\\(${why.source}`));
      expect(file?.daemonHooks, name).toBe(0);
    }
    expect(seen.find((state) => state.path === path.join(dir, 'good.json'))).toMatchObject({
      daemonHooks: 1,
      lastError: null,
    });
    // `hookd validate` says the same, one warning each (the files stay valid); no raw NUL reaches the terminal.
    const validate = await runHookd(['validate'], { env: { ...daemon.env, HOME: home } });
    expect(validate.exitCode).toBe(0);
    expect(validate.stderr).not.toContain('\0');
    for (const [name, [, why]] of Object.entries(hostile)) expect(validate.stderr, name).toMatch(why);

    expect((await bridge(daemon, good, 's-good')).exitCode).toBe(0);
    await waitFor('the good hook to run', () => daemon.history().length === 1, 15_000);
    expect(daemon.history()[0]).toMatchObject({ outcome: 'ok' });
    expect(readFileSync(path.join(out, 'ran'), 'utf8')).toBe('team=blue token=\n');
    expect((await daemon.request('GET', '/health')).status).toBe(200);
  });
});

describe('an env that loads but cannot be given to a process ends the run as spawn_error', () => {
  it('a 200 KiB value (over the kernel limit of one variable): spawn_error naming E2BIG; 10,000 variables run; the daemon lives on', async () => {
    const { home, dir } = copilotHome();
    const out = tempDir();
    const huge = `echo huge >> ${out}/huge`;
    const many = `echo "$V0 $V9999" > ${out}/many`;
    writeFileSync(path.join(dir, 'huge.json'), copilotFile(huge, { BIG: 'x'.repeat(200 * 1024) }));
    writeFileSync(
      path.join(dir, 'many.json'),
      copilotFile(many, Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`V${i}`, `v${i}`]))),
    );
    const daemon = testDaemon({}, { home });
    await daemon.start();
    expect((await files(daemon)).map((file) => file.daemonHooks)).toEqual(expect.arrayContaining([1, 1]));

    expect((await bridge(daemon, huge, 's-huge')).exitCode).toBe(0);
    expect((await bridge(daemon, many, 's-many')).exitCode).toBe(0);
    const lines = await waitFor(
      'both runs',
      () => (daemon.history().length === 2 ? daemon.history() : undefined),
      15_000,
    );
    expect(lines.find((line) => line.command === huge)).toMatchObject({
      outcome: 'spawn_error',
      detail: expect.stringMatching(/E2BIG/),
    });
    expect(lines.find((line) => line.command === many)).toMatchObject({ outcome: 'ok' });
    expect(readFileSync(path.join(out, 'many'), 'utf8')).toBe('v0 v9999\n');
    // Bounded log lines: the 200 KiB value is not written out.
    expect(
      Math.max(
        ...daemon
          .logs()
          .split('\n')
          .map((line) => line.length),
      ),
    ).toBeLessThan(20_000);
    expect((await daemon.request('GET', '/health')).status).toBe(200);
  });

  it("PATH and LD_PRELOAD of the user's own file reach the hook as its client would set them; a cloned project's file lends none", async () => {
    const { home, dir } = copilotHome();
    const out = tempDir();
    const project = tempDir();
    mkdirSync(path.join(project, '.github', 'hooks'), { recursive: true });
    // A program only the entry's PATH finds.
    const bin = tempDir();
    writeFileSync(path.join(bin, 'only-on-entry-path'), '#!/bin/sh\necho path-ok\n', { mode: 0o755 });
    const mine = `echo "$MARK|$LD_PRELOAD" > ${out}/mine; only-on-entry-path >> ${out}/mine`;
    const theirs = `echo "$MARK|$LD_PRELOAD" > ${out}/theirs`;
    writeFileSync(
      path.join(dir, 'mine.json'),
      copilotFile(mine, { MARK: 'mine', LD_PRELOAD: '', PATH: `${bin}:/usr/bin:/bin` }),
    );
    writeFileSync(
      path.join(project, '.github', 'hooks', 'theirs.json'),
      copilotFile(theirs, { MARK: 'theirs', LD_PRELOAD: `${project}/evil.so` }),
    );
    const daemon = testDaemon({}, { home });
    await daemon.start();
    expect((await bridge(daemon, mine, 's-mine')).exitCode).toBe(0);
    expect((await bridge(daemon, theirs, 's-theirs', project)).exitCode).toBe(0);
    await waitFor('both runs', () => daemon.history().length === 2, 15_000);
    expect(daemon.history().map((line) => line.outcome)).toEqual(['ok', 'ok']);
    expect(readFileSync(path.join(out, 'mine'), 'utf8')).toBe('mine|\npath-ok\n');
    expect(readFileSync(path.join(out, 'theirs'), 'utf8')).toBe('|\n');
  });
});
