// Issue 41, 8: a bridge that cannot read its own words ran them as the hook: `hookd sync --timeout=5
// -- CMD` ran `sh -c --timeout=5`, which exits 2 on every call, a block nobody decided; a mistyped
// `hookd synk` exited 2 too. Now every way the client reaches a bridge (bin/hookd's script, the
// native front door, Node) reads `--opt=value`, and a word before CMD it cannot read runs nothing:
// `hookd sync` exits INTERNAL_ERROR_EXIT (a failed hook to the client), says why and records it;
// `hookd emit` stores nothing and says why (always exit 0).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { HOOKD } from '../helpers/paths.js';
import { EMIT_WAYS } from '../helpers/emit-ways.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { parseRecord } from '../../src/inbox/record-format.js';
import { INTERNAL_ERROR_EXIT } from '../../src/bridge/bridge-limits.js';

afterEach(cleanupTempDirs);

const STOP = '{"session_id":"s1","hook_event_name":"Stop"}';
// A hook that notes it ran, then blocks: it must run only where the words were read.
const hook = (marker: string) => `touch ${marker}; echo blocked >&2; exit 2`;

/** `sh -c 'DOOR VERB WORDS…'` as a client runs an entry, each word single-quoted. */
const entry = (door: string, env: Record<string, string>, words: string[], state: string) =>
  execa('sh', ['-c', `exec ${door} ${words.map((word) => `'${word.replaceAll("'", `'\\''`)}'`).join(' ')}`], {
    env: { HOOKD_STATE_DIR: state, HOOKD_BRIDGE_NODE: undefined, ...env },
    input: STOP,
    reject: false,
    timeout: 60_000,
  });

/** The records a bridge committed in `state`'s inbox (each in tmp/, its marker in new/): runs (sync) and events (emit). */
function stored(state: string) {
  const tmp = path.join(state, 'inbox', 'tmp');
  const records = (existsSync(tmp) ? readdirSync(tmp) : []).map((name) => {
    const parsed = parseRecord(readFileSync(path.join(tmp, name)));
    if (!parsed.ok) throw new Error(`not a record: ${name}`);
    return parsed.content;
  });
  return { runs: records.filter((one) => one.run), events: records.filter((one) => !one.run) };
}

describe.each(EMIT_WAYS)('the words of a bridge ($name)', ({ hookd, env }) => {
  it('hookd sync reads --opt=value as --opt value', async () => {
    const state = tempDir();
    const marker = path.join(state, 'ran');
    const read = await entry(hookd, env, ['sync', '--client=codex', '--timeout=7', '--', hook(marker)], state);
    expect({ code: read.exitCode, stderr: read.stderr, ran: existsSync(marker) }).toEqual({
      code: 2,
      stderr: 'blocked',
      ran: true,
    });
    expect(stored(state).runs.map((record) => [record.run?.client, record.run?.timeoutMs])).toEqual([['codex', 7000]]);
    // Codex's Stop needs JSON: its empty answer for a silent hook says --client=codex was read.
    const silent = await entry(hookd, env, ['sync', '--client=codex', '--event=Stop', '--', 'cat >/dev/null'], state);
    expect({ code: silent.exitCode, stdout: silent.stdout }).toEqual({ code: 0, stdout: '{}' });
  });

  it.each([
    [['--timeout=5', '--bogus'], 'unknown option --bogus'],
    [['-x'], 'unknown option -x'],
    [['--canonical=1'], '--canonical takes no value (--canonical=1)'],
    [['--client', 'claude', '--help'], '--help is read only as hookd sync --help'],
  ])('hookd sync %j runs nothing and the client reads a failed hook: %s', async (words, why) => {
    const state = tempDir();
    const marker = path.join(state, 'ran');
    const refused = await entry(hookd, env, ['sync', ...words, '--', hook(marker)], state);
    const message = `hookd sync: cannot read its options (${why}); the hook did not run`;
    expect({ code: refused.exitCode, stdout: refused.stdout, stderr: refused.stderr, ran: existsSync(marker) }).toEqual(
      { code: INTERNAL_ERROR_EXIT, stdout: '', stderr: message, ran: false },
    );
    const [record] = stored(state).runs;
    expect(record?.run?.outcome).toMatchObject({ status: 'spawn_error', error: message.replace('hookd sync: ', '') });
  });

  it('hookd sync with an option whose value is missing runs nothing', async () => {
    const refused = await entry(hookd, env, ['sync', '--client'], tempDir());
    expect({ code: refused.exitCode, stderr: refused.stderr }).toEqual({
      code: INTERNAL_ERROR_EXIT,
      stderr: 'hookd sync: cannot read its options (--client needs a value); the hook did not run',
    });
  });

  it('hookd emit reads --opt=value, and stores nothing from words it cannot read', async () => {
    const state = tempDir();
    const read = await entry(hookd, env, ['emit', '--event=agentStop', '--', 'true'], state);
    expect({ code: read.exitCode, stderr: read.stderr }).toEqual({ code: 0, stderr: '' });
    expect(stored(state).events.map((record) => [record.command, record.clientEnv.HOOKD_BRIDGE_EVENT])).toEqual([
      ['true', 'agentStop'],
    ]);
    for (const [words, why] of [
      [['--bogus', '--', 'true'], 'unknown option --bogus'],
      [['--payload-arg=yes', '--', 'notify', '{}'], '--payload-arg takes no value (--payload-arg=yes)'],
      [['--event'], '--event needs a value'],
    ] as const) {
      const refused = await entry(hookd, env, ['emit', ...words], state);
      expect({ words, code: refused.exitCode, stderr: refused.stderr }).toEqual({
        words,
        code: 0,
        stderr: `hookd emit: cannot read its options (${why}); the event was not stored`,
      });
    }
    expect(stored(state).events).toHaveLength(1);
  });
});

describe('a mistyped bridge', () => {
  it('hookd synk exits as a failed hook, never 2, and says what was meant', async () => {
    const state = tempDir();
    const marker = path.join(state, 'ran');
    const typo = await entry(HOOKD, {}, ['synk', '--client', 'claude', '--', hook(marker)], state);
    expect({ code: typo.exitCode, ran: existsSync(marker) }).toEqual({ code: INTERNAL_ERROR_EXIT, ran: false });
    expect(typo.stderr).toMatch(/^hookd: unknown command 'synk'\n\(Did you mean sync\?\)/);
  });
});
