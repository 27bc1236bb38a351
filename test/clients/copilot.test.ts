// GitHub Copilot CLI 1.0.102, the real binary, offline (COPILOT_OFFLINE=true, a provider on a fake
// Chat Completions API): `copilot -p` turns with every event a turn fires wired direct and through
// the bridge. Its camelCase events send payloads with no hook_event_name: the bridge entries name
// the event (`hookd emit --event NAME`), as install writes them, and the daemon's outcomes carry it.
// Its PascalCase names (SessionStart, Stop) send Claude Code's snake_case payloads, named.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { realClientSuite } from './real-client-suite.js';
import { expectCleanExit, recorder, scrubClientVariables, theArrival, waitForBridged } from './real-client-helpers.js';
import { bridge, prepareClient, startFake } from './run-client.mjs';
import { copilot } from '../../src/clients/copilot/profile.js';

scrubClientVariables();

const CAMEL = ['sessionStart', 'userPromptSubmitted', 'agentStop', 'sessionEnd'];

realClientSuite({
  name: 'copilot',
  label: 'GitHub Copilot CLI 1.0.102',
  events: [...CAMEL, 'SessionStart', 'Stop'],
  unnamedEvents: CAMEL,
  stopEvent: 'agentStop',
  endEvent: 'sessionEnd',
  // The profile's list, which `hookd run` sets: this real run confirms it.
  projectVariables: copilot.hookVariables.projectDir,
  userVariables: (_arrival, client) => ({
    COPILOT_CLI: '1',
    COPILOT_PROJECT_DIR: client.project,
    COPILOT_HOOK_DIR: `${client.home}/.copilot/hooks`,
  }),
  sessionEnd: 'waits',
});

describe("GitHub Copilot CLI 1.0.102: an entry's own cwd and env", () => {
  afterAll(async () => {
    await stopTestDaemons();
    cleanupTempDirs();
  });

  it('a bridged hook runs in the directory the entry names and gets the variables it sets, as the direct one does', async () => {
    const fake = await startFake('copilot');
    const daemon = testDaemon();
    const out = tempDir('hookd-copilot-cwd-out-');
    const client = prepareClient('copilot', {
      dir: tempDir('hookd-copilot-cwd-'),
      fakeUrl: fake.url,
      stateDir: daemon.stateDir,
    });
    mkdirSync(path.join(client.project, 'scripts'));
    const entry = (command: string) => ({
      type: 'command',
      bash: command,
      cwd: 'scripts',
      env: { TEAM_NAME: 'blue', TEAM_HOME: '${HOME}/team' },
    });
    writeFileSync(
      client.settingsFile,
      JSON.stringify({
        version: 1,
        hooks: {
          agentStop: [
            entry(recorder(out, 'direct', 'agentStop')),
            entry(bridge(recorder(out, 'bridged', 'agentStop'), 'agentStop')),
          ],
        },
      }),
    );
    try {
      await daemon.start(['--settings', client.settingsFile]);
      expectCleanExit(await client.run({ timeoutMs: 60_000 }), 'a copilot turn');
      await waitForBridged(out, ['agentStop']);
      expect(theArrival(out, 'direct', 'agentStop').cwd).toBe(path.join(client.project, 'scripts'));
      expect(theArrival(out, 'bridged', 'agentStop').cwd).toBe(path.join(client.project, 'scripts'));
      const vars = (way: 'direct' | 'bridged') => ({
        TEAM_NAME: theArrival(out, way, 'agentStop').env.TEAM_NAME,
        TEAM_HOME: theArrival(out, way, 'agentStop').env.TEAM_HOME,
      });
      // Copilot CLI expands nothing in an entry's env: neither does hookd.
      expect(vars('direct')).toEqual({ TEAM_NAME: 'blue', TEAM_HOME: '${HOME}/team' });
      expect(vars('bridged')).toEqual(vars('direct'));
    } finally {
      await fake.close();
    }
  }, 120_000);
});
