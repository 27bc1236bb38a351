// Qwen Code 0.24.4, the real client, offline against a fake Chat Completions API: `qwen --yolo -p`
// turns with every event a turn fires wired direct and through the bridge. Its SessionEnd fires
// only when an interactive session exits, so a -p turn has no end event to test.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { realClientSuite } from './real-client-suite.js';
import { recordingHooks, scrubClientVariables, theArrival, waitForBridged } from './real-client-helpers.js';
import { prepareClient, startFake } from './run-client.mjs';
import { stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { qwen } from '../../src/clients/qwen/profile.js';

scrubClientVariables();

realClientSuite({
  name: 'qwen',
  label: 'Qwen Code 0.24.4',
  // MessageDisplay fires twice a turn (a partial and the final text): left out of the once-each count.
  events: ['InstructionsLoaded', 'SessionStart', 'UserPromptSubmit', 'Stop'],
  stopEvent: 'Stop',
  // The profile's list, which `hookd run` sets: this real run confirms it.
  projectVariables: qwen.hookVariables.projectDir,
  // The client's folder of this project under ~/.qwen/projects, not the project.
  otherDirVariables: ['QWEN_CODE_PROJECT_DIR'],
  userVariables: (arrival, client) => ({
    QWEN_PROJECT_DIR: client.project,
    QWEN_CODE_SESSION_ID: String(arrival.payload.session_id),
  }),
  sessionEnd: 'interactive-only',
});

// Issue 43 item 4: an event of 0.24.4 that hookd's profile lacked before, in one `-p` turn offline.
// The prompt is a custom command (.qwen/commands/hookd-deploy.md): its expansion fires
// UserPromptExpansion, whose payload names it by `command_name`, the field the profile matches it
// by; it reaches the hook behind hookd emit with the direct hook's bytes and is in the daemon's history.
describe("Qwen Code's UserPromptExpansion in a -p turn", () => {
  afterAll(async () => {
    await stopTestDaemons();
    cleanupTempDirs();
  });

  it('reaches the bridged hook as the direct one, named by command_name', async () => {
    const fake = await startFake('qwen', {});
    const daemon = testDaemon();
    const out = tempDir('hookd-qwen-expansion-out-');
    const client = prepareClient('qwen', {
      dir: tempDir('hookd-qwen-expansion-'),
      fakeUrl: fake.url,
      stateDir: daemon.stateDir,
      hooks: recordingHooks(['UserPromptExpansion'], out),
    });
    const commands = path.join(client.project, '.qwen', 'commands');
    mkdirSync(commands, { recursive: true });
    writeFileSync(
      path.join(commands, 'hookd-deploy.md'),
      '---\ndescription: a test command\n---\nSay hi for the deploy.\n',
    );
    await daemon.start(['--settings', client.settingsFile]);
    try {
      const turn = await client.run({ prompt: '/hookd-deploy', timeoutMs: 90_000 });
      expect(turn.exitCode, turn.stderr.slice(-2000)).toBe(0);
      await waitForBridged(out, ['UserPromptExpansion']);
      const direct = theArrival(out, 'direct', 'UserPromptExpansion');
      expect(theArrival(out, 'bridged', 'UserPromptExpansion').bytes.equals(direct.bytes)).toBe(true);
      expect(direct.payload).toMatchObject({ hook_event_name: 'UserPromptExpansion', command_name: 'hookd-deploy' });
      expect(qwen.matchFields.UserPromptExpansion).toBe('command_name');
      await waitFor('the expansion in the history', () =>
        daemon.history().some((line) => line.event === 'UserPromptExpansion' && line.client === 'qwen'),
      );
    } finally {
      await fake.close();
    }
  }, 120_000);
});
