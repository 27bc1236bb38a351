// The Node bridge (`hookd sync`) on Windows, run by node.exe under wine: the hook's decision reaches
// the client unchanged (cmd's own %VAR%, a CRLF payload byte for byte), a deadline ends the hook's
// whole tree, a grandchild that holds the hook's output never holds the client. Each as the executor runs
// hooks where the native bridge is (the shell in its Job Object: hookd-bridge.exe job) and where it is
// not (the tree walked); only the Job Object reaches a grandchild whose parent has exited.
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { windowsBridge } from './bridge-exe.mjs';
import { NODE_EXE, runWindows, windowsPath } from './wine.js';

const BIN = path.join(ROOT, 'dist', 'bin.js');
const TREE = windowsPath(path.join(ROOT, 'test', 'windows', 'fixtures', 'tree.cjs'));
const NODE = `"${windowsPath(NODE_EXE)}"`;

afterEach(cleanupTempDirs);

let bridgeExe = '';
beforeAll(async () => {
  bridgeExe = windowsPath(await windowsBridge());
});

/** A state folder whose path has spaces and non-ASCII letters, as a user's profile may. */
function stateFolder(): string {
  const dir = path.join(tempDir(), 'Jürgen Ñoño', 'AppData', 'Local', 'hookd');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Which way the executor ends a hook's tree: its Job Object, or (HOOKD_JOB_BRIDGE empty) the tree walked. */
type Ending = 'job' | 'walk';

const syncWith = (ending: Ending, command: string, input: string | Buffer, timeoutSec = 10) =>
  runWindows(
    'node.exe',
    [BIN, 'sync', '--client', 'claude-code', '--event', 'PreToolUse', '--timeout', String(timeoutSec), '--', command],
    {
      input,
      env: {
        HOOKD_STATE_DIR: windowsPath(stateFolder()),
        HOOKD_WINE_USER: 'J. Doe',
        HOOKD_JOB_BRIDGE: ending === 'job' ? bridgeExe : '',
      },
    },
  );

/** Whether the grandchild writing `beat` has ended: it wrote every 100 ms, so a second and a half without a new beat. */
async function beatsStopped(beat: string): Promise<boolean> {
  await waitFor("the grandchild's first beat", () => statSync(beat, { throwIfNoEntry: false }) !== undefined);
  const last = readFileSync(beat, 'utf8');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return readFileSync(beat, 'utf8') === last;
}

describe.each(['job', 'walk'] as const)(
  'hookd sync on Windows (node.exe under wine), the tree ended by: %s',
  (ending) => {
    const sync = (command: string, input: string | Buffer, timeoutSec = 10) =>
      syncWith(ending, command, input, timeoutSec);

    // cmd's echo writes in the ANSI code page: a non-ASCII value comes out as cmd wrote it (the CRLF test passes non-ASCII through node).
    it("hands on a cmd hook's decision and exit code unchanged, its %VAR% expanded by cmd", async () => {
      const run = await sync('echo {"decision":"block","reason":"no %HOOKD_WINE_USER%"}& exit /b 2', '{}');
      expect(run.code).toBe(2);
      expect(String(run.stdout).trim()).toBe('{"decision":"block","reason":"no J. Doe"}');
    });

    it('passes a CRLF payload to the hook and its answer back byte for byte', async () => {
      const payload = Buffer.from('{\r\n  "tool_name": "Bash",\r\n  "path": "C:\\\\Users\\\\J\u00fcrgen"\r\n}\r\n');
      const run = await sync(`${NODE} -e "process.stdin.pipe(process.stdout)"`, payload);
      expect(run.code).toBe(0);
      expect(run.stdout).toEqual(payload);
    });

    it("hands on the hook's stderr byte for byte", async () => {
      const payload = Buffer.from('line one\r\nJ\u00fcrgen \u2713\r\n');
      const run = await sync(`${NODE} -e "process.stdin.pipe(process.stderr)"`, payload);
      expect(run.code).toBe(0);
      expect(run.stderr).toEqual(payload);
    });

    it('reads a hook cmd could not find as one that never ran, not as a decision', async () => {
      const run = await sync('no-such-guard-anywhere --check', '{}');
      expect(run.code).not.toBe(2);
      expect(String(run.stderr)).toMatch(/recognized|recognize/i);
    });

    it("ends the hook's whole tree at its deadline, grandchild included", async () => {
      const beat = path.join(tempDir(), 'beat');
      const run = await sync(`${NODE} ${TREE} ${windowsPath(beat)} hold`, '{}', 5);
      expect(String(run.stderr)).toContain('timed out');
      expect(run.code).not.toBe(2);
      expect(await beatsStopped(beat)).toBe(true);
    });

    it('answers once the hook exits, though a detached grandchild still holds its output', async () => {
      const beat = path.join(tempDir(), 'beat');
      const run = await sync(`${NODE} ${TREE} ${windowsPath(beat)} leave`, '{}', 30);
      expect(run.code).toBe(0);
      expect(String(run.stdout)).toBe('left');
    });
  },
);

describe('hookd sync on Windows (node.exe under wine), a grandchild whose parent has exited', () => {
  it('is ended at the deadline with the rest of the tree, by its Job Object', async () => {
    const beat = path.join(tempDir(), 'beat');
    // Three node.exe starts under wine before the grandchild beats: a deadline that leaves them time.
    const run = await syncWith('job', `${NODE} ${TREE} ${windowsPath(beat)} orphan`, '{}', 10);
    expect(String(run.stderr)).toContain('timed out');
    expect(await beatsStopped(beat)).toBe(true);
  });
});
