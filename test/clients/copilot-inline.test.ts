// Copilot CLI 1.0.102 also runs the inline `hooks` of ~/.copilot/settings.json (issue 32, item 4;
// checked here with the real binary, offline): hookd reads that file as one of Copilot's, install
// wraps its hooks in place beside its other settings, the turn runs the wrapped hook through hookd
// (its camelCase payload arrives as sent), and uninstall gives the file back byte for byte.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { prepareClient, startFake } from './run-client.mjs';
import { expectCleanExit, scrubClientVariables } from './real-client-helpers.js';
import { runHookd } from '../helpers/run-hookd.js';
import { stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { waitFor } from '../helpers/wait-for.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

scrubClientVariables();
afterEach(cleanupTempDirs);
afterAll(stopTestDaemons);

describe("Copilot CLI's inline hooks in ~/.copilot/settings.json", () => {
  it('are wrapped in place by install, run through hookd in a real turn, and given back byte for byte', async () => {
    const fake = await startFake('copilot');
    try {
      const daemon = testDaemon();
      await daemon.start();
      const client = prepareClient('copilot', {
        dir: tempDir('hookd-copilot-inline-'),
        fakeUrl: fake.url,
        stateDir: daemon.stateDir,
        hooks: {},
      });
      rmSync(client.settingsFile, { force: true });
      const out = path.join(tempDir(), 'agent-stop.json');
      const file = path.join(client.home, '.copilot', 'settings.json');
      const text = `{\n  "banner": "never",\n  "hooks": {\n    "agentStop": [{ "type": "command", "bash": "cat > ${out}", "timeoutSec": 20 }]\n  }\n}\n`;
      writeFileSync(file, text);
      const env = { HOME: client.home, HOOKD_STATE_DIR: daemon.stateDir };
      const install = await runHookd(['install', '--client', 'copilot'], { env });
      expect(install.exitCode, install.stderr + install.stdout).toBe(0);
      const wrapped = JSON.parse(readFileSync(file, 'utf8'));
      expect(wrapped.banner).toBe('never');
      expect(wrapped.hooks.agentStop[0].bash).toMatch(/exec hookd (sync|emit) .*--event agentStop/);

      const turn = await client.run({ timeoutMs: 90_000 });
      expectCleanExit(turn, 'copilot -p');
      await waitFor(
        'the wrapped agentStop hook to run through hookd',
        () => existsSync(out) && daemon.history().some((entry) => entry.event === 'agentStop'),
      );
      expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ sessionId: expect.any(String) });

      const uninstall = await runHookd(['uninstall', '--client', 'copilot'], { env });
      expect(uninstall.exitCode, uninstall.stderr + uninstall.stdout).toBe(0);
      expect(readFileSync(file, 'utf8')).toBe(text);
    } finally {
      await fake.close();
    }
  });
});
