// Issue 40 with the real Claude Code: the four shipped guards installed as a user installs them
// (`hookd install --add …`), the daemon up, the model asks its Bash tool for a command of two lines
// whose second is a recursive rm outside the project. The guards, answering warm, deny it; the
// reason reaches the model; the history says the decision was taken warm. (The rm names a folder
// that does not exist: should the guard ever fail, the turn deletes nothing.)
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runHookd } from '../helpers/run-hookd.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { waitFor } from '../helpers/wait-for.js';
import { CASES, linesWith } from './deciding-cases.js';
import { expectCleanExit, scrubClientVariables } from './real-client-helpers.js';
import { prepareClient, runProcess, startFake } from './run-client.mjs';

scrubClientVariables();
afterAll(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const TWO_LINES = 'ls\nrm -rf /tmp/hookd-e2e-absent-folder';
const GUARDS = 'no-rm-rf,no-force-push,no-secrets-read,no-pipe-to-shell';

describe('Claude Code with the four guards installed, the daemon up', () => {
  it('is denied a two-line rm -rf, warm, with the reason reaching the model', async () => {
    const claude = CASES.find((c) => c.name === 'claude')!;
    const fake = await startFake('claude', { respond: claude.callShellEach([TWO_LINES]) });
    try {
      const dir = tempDir('hookd-warm-claude-');
      const daemon = testDaemon({}, { home: path.join(dir, 'home') });
      const client = prepareClient('claude', { dir, fakeUrl: fake.url, stateDir: daemon.stateDir });
      const install = await runHookd(['install', '--add', GUARDS, '--client', 'claude'], {
        env: { HOME: client.home, HOOKD_STATE_DIR: daemon.stateDir },
      });
      expect(install.exitCode, install.stderr).toBe(0);
      expect(install.stdout).toMatch(
        /hooks\.PreToolUse\[0\]: the no-rm-rf,no-force-push,no-secrets-read,no-pipe-to-shell example on Bash/,
      );
      await daemon.start();
      const [bin, ...args] = client.turnArgs('clean up');
      const run = await runProcess(bin!, [...args, ...claude.args], {
        cwd: client.project,
        env: client.env,
        timeoutMs: 90_000,
      });
      expectCleanExit(run, 'a Claude Code turn with the guards');
      const told = fake.requests.flatMap((request) => linesWith(request.body, 'no-rm-rf', {}));
      expect(
        told.length,
        fake.requests
          .map((r) => r.body)
          .join('\n')
          .slice(-3000),
      ).toBeGreaterThan(0);
      expect(told.join('\n')).toMatch(/reaches outside the project/);
      const runs = await waitFor('the guards run in the history', () => {
        const found = daemon.history().filter((entry) => entry.event === 'PreToolUse');
        return found.length > 0 ? found : undefined;
      });
      expect(runs.map((entry) => entry.warm)).toContain('answered');
      expect(runs.find((entry) => entry.warm === 'answered')?.decision).toMatch(/^deny: rm -r on /);
    } finally {
      await fake.close();
    }
  }, 150_000);
});
