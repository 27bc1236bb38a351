// Droid 0.225, the real binary, reading a project's .factory/ files, and the daemon reading the same
// files for a record from that project: it must name the hooks Droid ran there and no other. Before,
// the daemon read a project's files without Droid's rules (a settings.json event that hooks.json
// replaces, a settings.local.json Droid reads no hooks from) and lent their timeouts to commands
// Droid never runs there.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { waitFor } from '../helpers/wait-for.js';
import { expectCleanExit, scrubClientVariables } from './real-client-helpers.js';
import { bridge, prepareClient, startFake } from './run-client.mjs';
import type { FakeApi } from './fakes/types.d.mts';

scrubClientVariables();

let fake: FakeApi;
beforeAll(async () => {
  fake = await startFake('droid');
});
afterEach(stopTestDaemons);
afterAll(async () => {
  await fake?.close();
  cleanupTempDirs();
});

const group = (command: string) => ({ hooks: [{ type: 'command', command, timeout: 5 }] });
const NOT_FOUND = "command not in the settings files the daemon follows, nor in its project's";

describe("Droid 0.225 reading a project's .factory/ files, and the daemon reading them alike", () => {
  it("runs hooks.json's Stop in place of settings.json's, settings.json's other events, and nothing of settings.local.json", async () => {
    const out = tempDir('hookd-droid-project-');
    const mark = (name: string) => `: > ${path.join(out, name)}`;
    const daemon = testDaemon();
    await daemon.start();
    const client = prepareClient('droid', {
      dir: tempDir('hookd-droid-project-home-'),
      fakeUrl: fake.url,
      stateDir: daemon.stateDir,
      hooks: {},
    });
    const project = path.join(client.home, 'src', 'demo');
    mkdirSync(path.join(project, '.factory'), { recursive: true });
    // As Droid writes them: settings.json with `//` comments and hooks under `hooks`, hooks.json a bare
    // event map. Every hook goes through the bridge, so the daemon runs what Droid runs.
    const settings = {
      hooks: {
        Stop: [group(bridge(mark('settings-Stop')))],
        SessionStart: [group(bridge(mark('settings-SessionStart')))],
      },
    };
    writeFileSync(
      path.join(project, '.factory', 'settings.json'),
      `// Project settings\n${JSON.stringify(settings, null, 2)}\n`,
    );
    writeFileSync(
      path.join(project, '.factory', 'hooks.json'),
      JSON.stringify({ Stop: [group(bridge(mark('hooksjson-Stop')))] }, null, 2),
    );
    writeFileSync(
      path.join(project, '.factory', 'settings.local.json'),
      JSON.stringify({
        hooks: { Stop: [group(bridge(mark('local-Stop')))], SessionEnd: [group(bridge(mark('local-SessionEnd')))] },
      }),
    );

    expectCleanExit(await client.run({ prompt: 'say hi', timeoutMs: 60_000 }), 'droid exec');
    await waitFor("the daemon's runs of the two hooks Droid ran", () => daemon.history().length === 2);
    expect(readdirSync(out).sort()).toEqual(['hooksjson-Stop', 'settings-SessionStart']);

    // The others, as records from the same project (a retry, or another file's bridge naming them):
    // the daemon finds no entry that Droid would run for them, and says so.
    const others = { Stop: ['settings-Stop', 'local-Stop'], SessionEnd: ['local-SessionEnd'] };
    for (const [event, names] of Object.entries(others)) {
      for (const name of names) {
        const payload = JSON.stringify({
          session_id: 's',
          hook_event_name: event,
          cwd: project,
          ...(event === 'SessionEnd' ? { reason: 'other' } : {}),
        });
        expect((await daemon.emit(mark(name), payload, { FACTORY_PROJECT_DIR: project })).exitCode).toBe(0);
      }
    }
    await waitFor('the five runs in the history', () => daemon.history().length === 5);
    // The log reaches the test through a pipe, after the history line: on a loaded machine, a while after.
    const warned = () =>
      daemon
        .logs()
        .split('\n')
        .filter((line) => line.includes(NOT_FOUND))
        .map((line) => path.basename((JSON.parse(line) as { command: string }).command));
    await waitFor('the three warnings in the log', () => warned().length >= 3);
    expect(warned().sort()).toEqual(['local-SessionEnd', 'local-Stop', 'settings-Stop']);
  });
});
