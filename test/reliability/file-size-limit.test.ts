// Issue 41, 11: under a file-size limit (`ulimit -f`, as a sandbox or a CI runner sets one) a write
// past it sends SIGXFSZ, which ended the native bridges and bin/hookd's shell half-way through the
// record: `hookd emit` exited 153 and left half a record, and `hookd sync` turned the hook's exit 2
// into 153, a denial the client read as a failed hook. The record's header alone passes the limit
// when the client's carried variables are long (a deep PATH under `npm test`), which is why the
// daemon test of a full disk passed or failed with the machine it ran on. Now a write past the limit
// fails as a full disk does, on every way the client reaches hookd, and the hook still runs with
// SIGXFSZ at its default, as it would under the client alone.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { FRONT_DOOR, HOOKD } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

afterEach(cleanupTempDirs);

const files = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);
// A variable every bridge carries into the record (a client's project directory), long enough that
// the record's header alone passes a one-block limit, whatever else the environment holds.
const LONG_CARRIED = { CLAUDE_PROJECT_DIR: `/work/${'deep/'.repeat(400)}project` };
// The signals a process ignores, as a bit mask (SigIgn in /proc/PID/status): SIGXFSZ is 25.
const XFSZ_BIT = 1n << 24n;

/** `sh -c 'ulimit -f 1; DOOR VERB -- CMD'` with a 64 KiB event on stdin, as a client under a file-size limit runs it. */
const underLimit = (door: string, node: boolean, verb: 'emit' | 'sync', command: string, state: string) =>
  execa('sh', ['-c', `ulimit -f 1; exec ${door} ${verb} -- '${command}'`], {
    env: { ...LONG_CARRIED, HOOKD_STATE_DIR: state, HOOKD_BRIDGE_NODE: node ? '1' : undefined },
    input: `{"hook_event_name":"Stop","pad":"${'x'.repeat(64 * 1024)}"}`,
    reject: false,
    timeout: 60_000,
  });

describe.each([
  { way: 'the script, native', door: HOOKD, node: false },
  { way: 'the front door, native', door: FRONT_DOOR, node: false },
  { way: 'Node', door: HOOKD, node: true },
])('a file-size limit ($way)', ({ door, node }) => {
  it('hookd emit exits 0 with one line on stderr and leaves no half record', async () => {
    const state = path.join(tempDir(), 'state');
    const result = await underLimit(door, node, 'emit', 'true', state);
    expect({ exitCode: result.exitCode, stdout: result.stdout }).toEqual({ exitCode: 0, stdout: '' });
    expect(result.stderr).toMatch(/^hookd emit: could not store the event in [^\n]*$/);
    expect(files(path.join(state, 'inbox', 'tmp'))).toEqual([]);
    expect(files(path.join(state, 'inbox', 'new'))).toEqual([]);
  });

  it("hookd sync hands the client the hook's denial, the hook runs with SIGXFSZ at its default, and no half record is left", async () => {
    const state = path.join(tempDir(), 'state');
    const result = await underLimit(
      door,
      node,
      'sync',
      'cat >/dev/null; grep SigIgn /proc/$$/status; echo denied >&2; exit 2',
      state,
    );
    expect({ exitCode: result.exitCode, stderr: result.stderr }).toEqual({ exitCode: 2, stderr: 'denied' });
    const ignored = BigInt(`0x${result.stdout.replace(/^SigIgn:\s*/, '')}`);
    expect(ignored & XFSZ_BIT).toBe(0n);
    expect(files(path.join(state, 'inbox', 'tmp'))).toEqual([]);
  });
});
