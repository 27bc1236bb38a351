// Droid 0.225, the real binary, reading its own files (issue 20): what it runs when hooks.json and
// settings.json both name events (with hooks or none), when hooks.json is shaped {"hooks": …}, when
// only the older hooks/hooks.json is there, and which PreToolUse groups a matcher lets through. For
// each, hookd's reading of the same files (the entries the daemon and `hookd run` would take for the
// same payload) must name the same hooks Droid ran.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { combine, loadSources } from '../../src/settings/load-sources.js';
import { userSources } from '../../src/clients/find-sources.js';
import { clientById } from '../../src/clients/registry.js';
import { selectHooks } from '../../src/settings/select-hooks.js';
import { arrivals, expectCleanExit, recorder, scrubClientVariables } from './real-client-helpers.js';
import { prepareClient, startFake, type PreparedClient } from './run-client.mjs';
import type { FakeApi } from './fakes/types.d.mts';

scrubClientVariables();

let fake: FakeApi;
beforeAll(async () => {
  // The model runs `echo hello` with Droid's shell tool, Execute, once: PreToolUse fires for it.
  fake = await startFake('droid', {
    respond: (body: { messages?: unknown[]; tools?: { name: string }[] }) => {
      const text = JSON.stringify(body.messages ?? []);
      if (
        !(body.tools ?? []).some((tool) => tool.name === 'Execute') ||
        text.includes('tool_result') ||
        !text.includes('shell')
      )
        return undefined;
      return [
        {
          type: 'tool_use',
          id: 'toolu_01HookdDroidFiles',
          name: 'Execute',
          input: { command: 'echo hello', riskLevelReason: 'Prints a word.', riskLevel: 'low' },
        },
      ];
    },
  });
});
afterAll(async () => {
  await fake?.close();
  cleanupTempDirs();
});

const mark = (out: string, name: string) => `: > ${path.join(out, name)}`;
const group = (command: string, matcher?: string) => ({
  ...(matcher !== undefined ? { matcher } : {}),
  hooks: [{ type: 'command', command }],
});
const ran = (out: string) =>
  readdirSync(out)
    .filter((name) => !name.includes('.'))
    .sort();

/** The hooks hookd reads from `client`'s home for `event` with `payload`: the commands it would run. */
async function hookdReads(
  client: PreparedClient,
  event: string,
  payload: Record<string, unknown> = {},
): Promise<string[]> {
  const loaded = await loadSources(userSources([clientById('droid')!], client.home));
  const config = combine(loaded.flatMap(({ result }) => (result.ok ? [result.config] : [])));
  return selectHooks(config, event, payload).map((entry) => entry.run);
}

async function turn(
  hooks: object,
  hooksJson: object | undefined,
  prompt = 'say hi',
): Promise<{ client: PreparedClient; out: string }> {
  const out = tempDir('hookd-droid-files-out-');
  const client = prepareClient('droid', {
    dir: tempDir('hookd-droid-files-'),
    fakeUrl: fake.url,
    stateDir: tempDir(),
    hooks: hooks as never,
  });
  if (hooksJson) writeFileSync(path.join(client.home, '.factory', 'hooks.json'), JSON.stringify(hooksJson));
  const result = await client.run({ prompt, timeoutMs: 60_000 });
  expectCleanExit(result, 'droid exec');
  return { client, out };
}

describe('Droid 0.225 reading hooks.json and settings.json, and hookd reading them alike', () => {
  it("an event of hooks.json replaces that event of settings.json; settings.json's other events still run", async () => {
    const out = tempDir('hookd-droid-merge-');
    const { client } = await turn(
      { Stop: [group(mark(out, 'settings-Stop'))], SessionStart: [group(mark(out, 'settings-SessionStart'))] },
      { Stop: [group(mark(out, 'hooksjson-Stop'))] },
    );
    expect(ran(out)).toEqual(['hooksjson-Stop', 'settings-SessionStart']);
    expect(await hookdReads(client, 'Stop')).toEqual([mark(out, 'hooksjson-Stop')]);
    expect(await hookdReads(client, 'SessionStart', { source: 'startup' })).toEqual([
      mark(out, 'settings-SessionStart'),
    ]);
  }, 120_000);

  it('a hooks.json shaped {"hooks": …} is ignored: settings.json runs', async () => {
    const out = tempDir('hookd-droid-wrapped-');
    const { client } = await turn(
      { Stop: [group(mark(out, 'settings-Stop'))] },
      { hooks: { Stop: [group(mark(out, 'wrapped-Stop'))] } },
    );
    expect(ran(out)).toEqual(['settings-Stop']);
    expect(await hookdReads(client, 'Stop')).toEqual([mark(out, 'settings-Stop')]);
  }, 120_000);

  it('a PreToolUse matcher is an unanchored regular expression on the tool name ("Exec" runs for Execute)', async () => {
    const out = tempDir('hookd-droid-matcher-');
    const { client } = await turn(
      {
        PreToolUse: [
          group(recorder(out, 'direct', 'PreToolUse')),
          group(mark(out, 'Exec'), 'Exec'),
          group(mark(out, 'Read'), 'Read'),
          group(mark(out, 'Execute'), 'Execute'),
        ],
      },
      undefined,
      'Say hello from the shell',
    );
    const [arrival] = arrivals(out, 'direct', 'PreToolUse');
    expect(arrival?.payload.tool_name).toBe('Execute');
    expect(ran(out)).toEqual(['Exec', 'Execute']);
    const runs = await hookdReads(client, 'PreToolUse', arrival!.payload);
    expect(runs.filter((command) => !command.startsWith('cat'))).toEqual([mark(out, 'Exec'), mark(out, 'Execute')]);
    expect(existsSync(path.join(out, 'Read'))).toBe(false);
  }, 120_000);
  it('an event named in hooks.json with no hooks ("Stop": []) still replaces that event of settings.json', async () => {
    const out = tempDir('hookd-droid-empty-');
    const { client } = await turn(
      { Stop: [group(mark(out, 'settings-Stop'))], SessionStart: [group(mark(out, 'settings-SessionStart'))] },
      { Stop: [] },
    );
    expect(ran(out)).toEqual(['settings-SessionStart']);
    expect(await hookdReads(client, 'Stop')).toEqual([]);
  }, 120_000);

  it('the older .factory/hooks/hooks.json is read while .factory/hooks.json is absent, by the same rules, and not once it exists', async () => {
    const out = tempDir('hookd-droid-older-');
    const client = prepareClient('droid', {
      dir: tempDir('hookd-droid-files-'),
      fakeUrl: fake.url,
      stateDir: tempDir(),
      hooks: {
        Stop: [group(mark(out, 'settings-Stop'))],
        SessionStart: [group(mark(out, 'settings-SessionStart'))],
      } as never,
    });
    mkdirSync(path.join(client.home, '.factory', 'hooks'));
    writeFileSync(
      path.join(client.home, '.factory', 'hooks', 'hooks.json'),
      JSON.stringify({ Stop: [group(mark(out, 'older-Stop'))] }),
    );
    expectCleanExit(await client.run({ prompt: 'say hi', timeoutMs: 60_000 }), 'droid exec');
    expect(ran(out)).toEqual(['older-Stop', 'settings-SessionStart']);
    expect(await hookdReads(client, 'Stop')).toEqual([mark(out, 'older-Stop')]);

    const after = tempDir('hookd-droid-older-after-');
    writeFileSync(
      path.join(client.home, '.factory', 'hooks', 'hooks.json'),
      JSON.stringify({ Stop: [group(mark(after, 'older-Stop'))] }),
    );
    client.writeHooks({ Stop: [group(mark(after, 'settings-Stop'))] } as never);
    writeFileSync(path.join(client.home, '.factory', 'hooks.json'), JSON.stringify({ SessionEnd: [] }));
    expectCleanExit(await client.run({ prompt: 'say hi', timeoutMs: 60_000 }), 'droid exec');
    expect(ran(after)).toEqual(['settings-Stop']);
    expect(await hookdReads(client, 'Stop')).toEqual([mark(after, 'settings-Stop')]);
  }, 120_000);
});
