// Issue 29: the Node bridge with its state directory under /proc printed its answer, then spun at
// 100% CPU for ever, deaf to SIGTERM (Node's recursive mkdir loops there). Making the inbox is now
// bounded: the decision stands, the record is lost, and the bridge exits. Both bridges, and the
// Node path of `hookd emit`, which makes the inbox the same way.
import { describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { HOOKD } from '../helpers/paths.js';

const STOP = '{"session_id":"s1","hook_event_name":"Stop"}\n';

/** `hookd ARGS` with the state directory under /proc; killed (and failing) if it has not exited in 20 s. */
const run = (args: string[], node: boolean) =>
  execa(HOOKD, args, {
    env: { HOOKD_STATE_DIR: '/proc/self/hookd-state', HOOKD_BRIDGE_NODE: node ? '1' : undefined },
    input: STOP,
    reject: false,
    timeout: 20_000,
    killSignal: 'SIGKILL',
  });

describe.each([
  { impl: 'native', node: false },
  { impl: 'node', node: true },
])('a state directory under /proc ($impl)', ({ node }) => {
  it('hookd sync hands over the answer and exits', async () => {
    const result = await run(
      ['sync', '--client', 'claude', '--', 'echo "{\\"decision\\":\\"block\\",\\"reason\\":\\"r\\"}"; exit 0'],
      node,
    );
    expect({ timedOut: result.timedOut, exitCode: result.exitCode, stdout: result.stdout }).toEqual({
      timedOut: false,
      exitCode: 0,
      stdout: '{"decision":"block","reason":"r"}',
    });
  }, 30_000);

  it('hookd emit says the event was not stored, and exits 0', async () => {
    const result = await run(['emit', '--', 'true'], node);
    expect({ timedOut: result.timedOut, exitCode: result.exitCode }).toEqual({ timedOut: false, exitCode: 0 });
    expect(result.stderr).toMatch(/^hookd emit: (could not store|cannot create|.*not stored)/);
  }, 30_000);
});
