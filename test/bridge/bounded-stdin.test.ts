// Both bridges stop reading stdin at the end of one JSON value (or after a short idle bound): a
// client that writes the event and leaves stdin open (seen in Claude Code) must not hold the agent.
// The bytes kept are the bytes sent, a trailing newline in the same write included.
// Runs through the binary: src/bridge/read-event.ts (the Node bridges' read), src/commands/emit.ts
// (hookd emit's Node path), native/read-event.c.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HOOKD } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { parseRecord } from '../../src/inbox/record-format.js';

afterEach(cleanupTempDirs);

/** `sh -c "hookd emit -- 'true'"`, writing `chunks` (a pause between them) and never closing stdin. */
function emitLeavingStdinOpen(state: string, chunks: string[], node: boolean): Promise<number | null> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    HOOKD_STATE_DIR: state,
    HOOKD_BRIDGE_NODE: node ? '1' : undefined,
  };
  const child = spawn('sh', ['-c', `${HOOKD} emit -- true`], { env, stdio: ['pipe', 'ignore', 'inherit'] });
  child.stdin.on('error', () => undefined);
  chunks.forEach((chunk, i) => setTimeout(() => child.stdin.write(chunk), i * 100));
  const guard = setTimeout(() => child.kill('SIGKILL'), 15_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(guard);
      child.stdin.destroy();
      resolve(code);
    }),
  );
}

const stored = (state: string) => {
  const tmp = path.join(state, 'inbox', 'tmp');
  return readdirSync(tmp).map((name) => {
    const parsed = parseRecord(readFileSync(path.join(tmp, name)));
    if (!parsed.ok) throw new Error(parsed.reason);
    return parsed.content.payload.toString();
  });
};

describe.each([
  { impl: 'sh + native reader', node: false },
  { impl: 'node', node: true },
])('hookd emit ($impl) with stdin left open', ({ node }) => {
  it('stores a one-line event with its newline and returns', async () => {
    const state = tempDir();
    const event = '{"session_id":"s","hook_event_name":"Notification","message":"a } in \\" a string"}\n';
    expect(await emitLeavingStdinOpen(state, [event], node)).toBe(0);
    expect(stored(state)).toEqual([event]);
  });

  it('stores a pretty-printed event that arrives in parts', async () => {
    const state = tempDir();
    const parts = ['{\n  "session_id": "s",\n', '  "hook_event_name": "Stop",\n  "nested": {"a": [1, 2]}\n', '}'];
    expect(await emitLeavingStdinOpen(state, parts, node)).toBe(0);
    expect(stored(state)).toEqual([parts.join('')]);
  });

  it('stores what came before the idle bound when the value never ends', async () => {
    const state = tempDir();
    expect(await emitLeavingStdinOpen(state, ['{"session_id": "s", "cut": "short'], node)).toBe(0);
    expect(stored(state)).toEqual(['{"session_id": "s", "cut": "short']);
  });
});
