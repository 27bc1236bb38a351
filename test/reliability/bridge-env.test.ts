// Issue 41, 4 (the bridge's side): variables a client inherits must not switch a guard off.
// HOOKD_BRIDGE_NODE with no `node` on PATH made every deciding entry exit 127 (a non-blocking error
// to every client: the guard failed open), and with a `node` further down PATH ran that one, whoever
// put it there. The bridges now run Node only as the package was installed with it (dist/node, by
// absolute path), and step back to the native bridge where that Node is gone. HOOKD_HIF_* told a
// guard it runs behind hookd: only hookd's bridge may say so, so none reaches a hook by inheritance.
import { chmodSync, existsSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { FRONT_DOOR, HOOKD, ROOT } from '../helpers/paths.js';
import { installWithoutNode } from '../helpers/install-without-node.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { BRIDGES, endClients, runAsClient } from '../helpers/bridge-client.js';
import { hookEnv } from '../../src/runner/hook-env.js';

afterEach(() => {
  endClients();
  cleanupTempDirs();
});

// The hook reads which program started it, and denies.
const DENY_SAYING_PARENT = '/usr/bin/readlink /proc/$PPID/exe >&2; exit 2';
const INSTALLED_NODE = realpathSync(path.join(ROOT, 'dist', 'node'));

/** `/bin/sh -c 'DOOR sync -- CMD'` as a client with exactly `env` runs a deciding entry. */
const deciding = (door: string, env: Record<string, string>) =>
  execa('/bin/sh', ['-c', `exec ${door} sync --client claude --event PreToolUse -- '${DENY_SAYING_PARENT}'`], {
    env: { HOOKD_STATE_DIR: tempDir(), HOOKD_BRIDGE_NODE: '1', ...env },
    extendEnv: false,
    input: '{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /"}}',
    reject: false,
    timeout: 60_000,
  });

/** A folder for PATH holding a `node` that notes it ran in `marker` and allows (exit 0). */
function plantedNode(marker: string): string {
  const dir = tempDir();
  writeFileSync(path.join(dir, 'node'), `#!/bin/sh\necho ran > '${marker}'\nexit 0\n`);
  chmodSync(path.join(dir, 'node'), 0o755);
  return dir;
}

describe.each([
  { door: 'the script', hookd: HOOKD },
  { door: 'the front door', hookd: FRONT_DOOR },
])('HOOKD_BRIDGE_NODE through $door', ({ hookd }) => {
  it('with no node on PATH, the Node bridge runs with the Node hookd was installed with, and the denial stands', async () => {
    const result = await deciding(hookd, { PATH: tempDir() });
    expect({ code: result.exitCode, stderr: result.stderr }).toEqual({ code: 2, stderr: INSTALLED_NODE });
  });

  it('never runs a node found further down PATH', async () => {
    const marker = path.join(tempDir(), 'planted-node-ran');
    const result = await deciding(hookd, { PATH: `${tempDir()}:${plantedNode(marker)}:/usr/bin:/bin` });
    expect({ code: result.exitCode, stderr: result.stderr }).toEqual({ code: 2, stderr: INSTALLED_NODE });
    expect(existsSync(marker)).toBe(false);
  });
});

describe('HOOKD_BRIDGE_NODE where the Node hookd was installed with is gone', () => {
  it('the native bridge runs the hook, through the script and the front door, and no other node runs', async () => {
    const { script, front } = installWithoutNode();
    const marker = path.join(tempDir(), 'planted-node-ran');
    for (const hookd of [script, front]) {
      for (const PATH of [tempDir(), `${tempDir()}:${plantedNode(marker)}`]) {
        const result = await deciding(hookd, { PATH });
        expect({ hookd, PATH, code: result.exitCode, node: result.stderr === INSTALLED_NODE }).toEqual({
          hookd,
          PATH,
          code: 2,
          node: false,
        });
        expect(path.basename(result.stderr)).toMatch(/^hookd(-bridge)?$/);
      }
    }
    expect(existsSync(marker)).toBe(false);
  });
});

describe('inherited canonical fields (HOOKD_HIF_*)', () => {
  // What a client's environment may hold: set by hand, or left over from a shell that ran a hook.
  const INHERITED = { HOOKD_HIF_CLIENT: 'claude', HOOKD_HIF_EVENT: 'before_tool_execute', HOOKD_HIF_FILE: '/etc/x' };
  const PAYLOAD = '{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}';

  it.each(BRIDGES)('reach no hook through the %s bridge; a --canonical hook gets only its own, afresh', async (way) => {
    const plain = await runAsClient(way, {
      command: 'env | grep ^HOOKD_HIF_ | sort; exit 0',
      payload: PAYLOAD,
      args: ['--client', 'claude', '--event', 'PreToolUse'],
      env: INHERITED,
    });
    expect({ code: plain.code, stdout: plain.stdout.toString() }).toEqual({ code: 0, stdout: '' });
    const canonical = await runAsClient(way, {
      command: 'env | grep ^HOOKD_HIF_ | sort >&2; exit 0',
      payload: PAYLOAD,
      args: ['--canonical', '--client', 'gemini', '--event', 'BeforeTool'],
      env: INHERITED,
    });
    expect({ code: canonical.code, stderr: canonical.stderr }).toEqual({
      code: 0,
      stderr:
        'HOOKD_HIF_CLIENT=gemini\nHOOKD_HIF_COMMAND=ls\nHOOKD_HIF_EVENT=before_tool_execute\nHOOKD_HIF_TOOL=shell\n',
    });
  });

  it('are not in the environment the daemon gives a hook, unless the hook is canonical (then its own)', () => {
    const base = { PATH: '/usr/bin', ...INHERITED };
    const context = { eventId: 'e1', event: 'PreToolUse', attempt: 1, payload: Buffer.from(PAYLOAD) };
    const plain = hookEnv(context, base);
    expect(Object.keys(plain).filter((name) => name.startsWith('HOOKD_HIF_'))).toEqual([]);
    const canonical = hookEnv({ ...context, canonical: true, clientEnv: { CLAUDECODE: '1' } }, base);
    expect(canonical.HOOKD_HIF_FILE).toBeUndefined();
    expect(canonical.HOOKD_HIF_COMMAND).toBe('ls');
  });
});
