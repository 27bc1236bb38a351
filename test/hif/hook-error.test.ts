// Issue 41, item 3: a canonical guard that crashed or could not start was handed to the client as a
// hook error on the client's "non-blocking" exit code: exit 0 for Copilot CLI's preToolUse, whose
// exit 1 denies, so the guard allowed through hookd and denied without it (the guarded entry runs it
// alone where hookd is missing). Now a canonical hook's exit code other than 0 and 2 reaches the
// client as it is. The table: crash, exit 1, exit 127 and a timeout, for every client, through the
// native bridge, the Node bridge and the client running the entry where it finds no hookd.
import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { HOOKD } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { findOnPath } from '../../src/common/find-on-path.js';
import { syncCommand } from '../../src/install/quote-command.js';
import { blocks } from '../../src/clients/contract.js';
import { CLIENTS } from '../../src/clients/registry.js';
import { hasDialect, nativeEvents } from '../../src/hif/vocabulary.js';

afterEach(cleanupTempDirs);

const SYSTEM_PATH = '/usr/bin:/bin';

// The crashed and unstartable hooks: what the client reads of each is its exit code.
const CASES: Array<{ name: string; command: string }> = [
  { name: 'exit 1', command: 'cat >/dev/null; echo "guard: cannot read its policy" >&2; exit 1' },
  { name: 'exit 127 (not found)', command: 'no-such-guard-anywhere --check' },
  { name: 'a crash (SIGABRT)', command: "cat >/dev/null; sh -c 'kill -ABRT $$'; exit $?" },
  { name: 'exit 49 (Crush halts the turn)', command: 'exit 49' },
];

/** The deciding events of `client` the table runs: its tool guard's and its stop gate's, by the canonical vocabulary (Cline has none: its PreToolUse). */
const decidingEvents = (client: (typeof CLIENTS)[number]['id']) =>
  hasDialect(client)
    ? ['before_tool_execute', 'agent_stop'].flatMap((event) => nativeEvents(client, event).slice(0, 1))
    : ['PreToolUse'];

/** What the client sees running `entry` through `sh -c` (as the clients run hooks), with `pathVar` as its PATH. */
async function asClient(entry: string, pathVar: string, more: NodeJS.ProcessEnv = {}) {
  const run = await execa('sh', ['-c', entry], {
    env: { PATH: pathVar, HOME: tempDir(), ...more },
    extendEnv: false,
    input: '{"session_id":"s","tool_name":"Bash","tool_input":{"command":"ls"}}\n',
    reject: false,
    timeout: 30_000,
  });
  // A process a signal ended reads, to the client's sh, as 128 + the signal's number.
  const code = run.exitCode ?? 128 + (run.signal === 'SIGABRT' ? 6 : 0);
  return { code, stdout: run.stdout };
}

function pathWithHookd(): string {
  const bin = path.join(tempDir(), 'bin');
  mkdirSync(bin);
  symlinkSync(HOOKD, path.join(bin, 'hookd'));
  symlinkSync(process.execPath, path.join(bin, 'node'));
  return `${bin}:${SYSTEM_PATH}`;
}

describe('a canonical guard that crashed or could not start (issue 41, item 3)', () => {
  it('means through either bridge what it means to the client without hookd, for every client', async () => {
    expect(findOnPath('hookd', SYSTEM_PATH), `this test needs a ${SYSTEM_PATH} without hookd`).toBeUndefined();
    const withHookd = pathWithHookd();
    const state = tempDir();
    const rows: string[] = [];
    for (const client of CLIENTS) {
      for (const event of decidingEvents(client.id)) {
        for (const one of CASES) {
          const entry = syncCommand(one.command, { client: client.id, event, timeoutSec: 30, canonical: true });
          const alone = await asClient(entry, SYSTEM_PATH);
          const native = await asClient(entry, withHookd, { HOOKD_STATE_DIR: state });
          const node = await asClient(entry, withHookd, { HOOKD_STATE_DIR: state, HOOKD_BRIDGE_NODE: '1' });
          const row = `${client.id} ${event} ${one.name}`;
          rows.push(row);
          expect({ row, native: native.code, node: node.code }).toEqual({ row, native: alone.code, node: alone.code });
          expect(blocks(client.contract, event, native.code), row).toBe(blocks(client.contract, event, alone.code));
          // Nothing is invented on stdout: the client reads the exit code alone, as without hookd.
          expect({ row, native: native.stdout, node: node.stdout }).toEqual({ row, native: '', node: '' });
        }
      }
    }
    // Copilot CLI's preToolUse was the client where the two differed: exit 1 denies there.
    expect(rows).toContain('copilot preToolUse exit 1');
    expect(blocks(CLIENTS.find((one) => one.id === 'copilot')!.contract, 'preToolUse', 1)).toBe(true);
  }, 300_000);

  it('times out, through either bridge, as the client times out its own hook', async () => {
    const withHookd = pathWithHookd();
    const state = tempDir();
    // The clients side by side: each run waits a second for its timeout.
    await Promise.all(
      CLIENTS.map(async (client) => {
        const event = decidingEvents(client.id)[0]!;
        const canonical = syncCommand('sleep 20', { client: client.id, event, timeoutSec: 1, canonical: true });
        for (const node of [false, true]) {
          const more = { HOOKD_STATE_DIR: state, ...(node ? { HOOKD_BRIDGE_NODE: '1' } : {}) };
          const seen = await asClient(canonical, withHookd, more);
          const row = `${client.id} ${event} ${node ? 'node' : 'native'}`;
          // contract.onTimeout is what the client does when its own timeout ends the hook.
          const { exitCode, stdout } = client.contract.onTimeout;
          expect({ row, ...seen }).toEqual({ row, code: exitCode, stdout });
        }
      }),
    );
  }, 300_000);
});
