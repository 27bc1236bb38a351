// Issue 30, item 5, against the real binaries: hookd reads a hook file as the installed client
// reads it. Copilot CLI 1.0.102 runs an entry in VS Code's shape, `{"command": …, "timeout": N}`
// with no `type` (1Password's hooks file), honours its timeout, and runs the other entries beside
// one it cannot read; Gemini CLI 0.61 discards a hook or group it cannot read, each alone, and runs
// the rest. For each file, the commands the client ran are those hookd keeps (and would run or
// wrap); the rest are what hookd names as skipped. One difference is kept and said: a lone group
// written without its list, which Gemini CLI runs and hookd names without reading it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { parseSettingsText } from '../../src/settings/load.js';
import { clientById } from '../../src/clients/registry.js';
import { expectCleanExit, scrubClientVariables } from './real-client-helpers.js';
import { prepareClient, startFake } from './run-client.mjs';

scrubClientVariables();
afterAll(cleanupTempDirs);

/** A command that appends `tag` to `out`: which hooks ran, in one file. */
const mark = (out: string, tag: string) => `echo ${tag} >> ${out}`;
const ran = (out: string) => (existsSync(out) ? readFileSync(out, 'utf8').split('\n').filter(Boolean).sort() : []);

/** The tags of the commands hookd keeps from `file` (read by `client`'s rules), and where it says it skips. */
function hookdReads(file: string, clientId: 'copilot' | 'gemini', out: string) {
  const parsed = parseSettingsText(readFileSync(file, 'utf8'), file, clientById(clientId)!);
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  const tags = parsed.config.entries
    .filter((entry) => entry.kind === 'plain')
    .map((entry) => entry.command.replace(` >> ${out}`, '').replace(/^echo /, ''));
  return { tags: tags.sort(), skipped: (parsed.config.dropped ?? []).map((part) => part.at) };
}

describe('the clients run what hookd keeps of a file, and skip what it skips', () => {
  it('Copilot CLI 1.0.102: a {command, timeout} entry with no type runs, under its timeout; the entries beside a broken one run', async () => {
    const fake = await startFake('copilot');
    const dir = tempDir('hookd-tolerant-copilot-');
    const out = path.join(dir, 'ran.txt');
    const client = prepareClient('copilot', { dir, fakeUrl: fake.url, stateDir: path.join(dir, 'state') });
    const file = {
      version: 1,
      hooks: {
        // 1Password's shape: VS Code's keys, no type.
        agentStop: [
          { command: mark(out, 'vscode-shape'), timeout: 15 },
          { command: `sleep 5; ${mark(out, 'past-its-timeout')}`, timeout: 1 },
        ],
        sessionStart: [
          { type: 'command', bash: mark(out, 'first') },
          { type: 'command' },
          { type: 'command', bash: mark(out, 'bad-timeout'), timeoutSec: 'ten' },
          { type: 'command', bash: mark(out, 'last') },
        ],
      },
    };
    writeFileSync(client.settingsFile, JSON.stringify(file, null, 2));
    try {
      expectCleanExit(await client.run({ timeoutMs: 90_000 }), 'a copilot turn');
    } finally {
      await fake.close();
    }
    // The entry whose 1 s timeout ended it never wrote; it is one hookd keeps (and would run under 1 s).
    expect(ran(out)).toEqual(['first', 'last', 'vscode-shape']);
    const read = hookdReads(client.settingsFile, 'copilot', out);
    expect(read.tags).toEqual(['first', 'last', 'sleep 5; echo past-its-timeout', 'vscode-shape']);
    expect(read.skipped).toEqual(['hooks.sessionStart[1]', 'hooks.sessionStart[2]']);
    const parsed = parseSettingsText(
      readFileSync(client.settingsFile, 'utf8'),
      client.settingsFile,
      clientById('copilot')!,
    );
    expect(
      parsed.ok && parsed.config.entries.find((entry) => entry.command.includes('past-its-timeout'))?.timeoutMs,
    ).toBe(1000);
  }, 180_000);

  it('Gemini CLI 0.61: a bad hook and a group without hooks are discarded alone, the rest runs; a lone group without its list runs, and hookd says it does not read it', async () => {
    const fake = await startFake('gemini');
    const dir = tempDir('hookd-tolerant-gemini-');
    const out = path.join(dir, 'ran.txt');
    const client = prepareClient('gemini', { dir, fakeUrl: fake.url, stateDir: path.join(dir, 'state') });
    const settings = JSON.parse(readFileSync(client.settingsFile, 'utf8'));
    settings.hooks = {
      AfterAgent: [
        {
          hooks: [
            { type: 'command', command: mark(out, 'guard') },
            { type: 'command', comand: mark(out, 'misspelt') },
            { command: mark(out, 'no-type') },
          ],
        },
        { matcher: '*' },
        { hooks: [{ type: 'command', command: mark(out, 'second-group') }] },
      ],
      BeforeAgent: { hooks: [{ type: 'command', command: mark(out, 'not-a-list') }] },
      SessionEnd: [{ hooks: [{ type: 'command', command: mark(out, 'end') }] }],
    };
    writeFileSync(client.settingsFile, JSON.stringify(settings, null, 2));
    try {
      expectCleanExit(await client.run({ timeoutMs: 90_000 }), 'a gemini turn');
    } finally {
      await fake.close();
    }
    // A lone group written without its list runs (0.61 merges it into one, though its registry's
    // source skips a value that is not a list): hookd says so in its warning rather than read it.
    expect(ran(out)).toEqual(['end', 'guard', 'not-a-list', 'second-group']);
    const read = hookdReads(client.settingsFile, 'gemini', out);
    expect(read.tags).toEqual(['end', 'guard', 'second-group']);
    expect(read.skipped).toEqual([
      'hooks.AfterAgent[0].hooks[1]',
      'hooks.AfterAgent[0].hooks[2]',
      'hooks.AfterAgent[1]',
      'hooks.BeforeAgent',
    ]);
    const parsed = parseSettingsText(
      readFileSync(client.settingsFile, 'utf8'),
      client.settingsFile,
      clientById('gemini')!,
    );
    expect(parsed.ok && parsed.config.dropped?.find((part) => part.at === 'hooks.BeforeAgent')?.message).toContain(
      'a group written without its list ([ … ]): Gemini CLI runs it, but hookd does not read it',
    );
  }, 180_000);
});
