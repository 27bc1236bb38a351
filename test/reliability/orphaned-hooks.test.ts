// Reliability, issue 11 item 4: hooks orphaned by a crash. After `kill -9` of the daemon its hooks
// used to run on beside their own replay (two copies of one event at once), past their timeouts.
// The daemon notes each hook's process group before the hook may go on, and a restarted daemon
// ends the groups still running before it replays their records.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { testDaemon, stopPayload, stopTestDaemons, bridgeOnStop } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { processAlive, waitGone } from '../helpers/process-alive.js';

// Process groups to kill after the test, whatever happened.
const strays: number[] = [];

afterEach(async () => {
  await stopTestDaemons();
  // On a daemon that does not end its leftovers, the test's own hook would outlive it.
  for (const pid of strays.splice(0)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  cleanupTempDirs();
});

// The hook: at its start it notes any process of an earlier run of its event that still runs (a
// zombie does not count), keeps its payload and HOOKD_PAYLOAD_BYTES; the first run then waits on a
// background child for 5 minutes, a run after a crash ends at once.
function hookScript(out: string): string {
  return `out=${out}
alive() { s=$(sed -n 's/^.*) \\(.\\).*$/\\1/p' /proc/$1/stat 2>/dev/null); [ -n "$s" ] && [ "$s" != Z ]; }
if [ -f "$out/pids.1" ]; then
  for p in $(cat "$out/pids.1"); do alive "$p" && echo "run $HOOKD_ATTEMPT saw $p of run 1 alive" >> "$out/overlap"; done
fi
cat > "$out/payload.$HOOKD_ATTEMPT"
echo "$HOOKD_PAYLOAD_BYTES" > "$out/bytes.$HOOKD_ATTEMPT"
if [ "$HOOKD_ATTEMPT" = 1 ]; then sleep 300 & echo "$$ $!" > "$out/pids.1"; wait; fi
echo done > "$out/done.$HOOKD_ATTEMPT"
`;
}

describe('hooks orphaned by a crash', () => {
  it.runIf(process.platform === 'linux')(
    'kill -9 while a long hook runs: the restarted daemon ends its group before the replay, and no two copies of the event run at once',
    async () => {
      const out = tempDir();
      const script = path.join(out, 'hook.sh');
      writeFileSync(script, hookScript(out));
      const command = `sh ${script}`;
      const daemon = testDaemon(bridgeOnStop(command, 600));
      await daemon.start();
      const payload = stopPayload({ marker: 'orphan' });
      expect((await daemon.emit(command, payload)).exitCode).toBe(0);
      const pids = path.join(out, 'pids.1');
      const [shPid, childPid] = (
        await waitFor('the first run to start its child', () =>
          existsSync(pids) ? readFileSync(pids, 'utf8').trim() : '',
        )
      )
        .split(' ')
        .map(Number) as [number, number];
      // The hook's group, led by the `sh -c` that runs the script.
      const stat = readFileSync(`/proc/${shPid}/stat`, 'utf8');
      strays.push(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]));

      await daemon.kill9();
      // The premise: killing the daemon does not kill its hooks.
      expect([processAlive(shPid), processAlive(childPid)]).toEqual([true, true]);

      await daemon.start();
      await waitFor('the replay to finish', () => existsSync(path.join(out, 'done.2')), 20_000);
      const overlap = existsSync(path.join(out, 'overlap')) ? readFileSync(path.join(out, 'overlap'), 'utf8') : '';
      expect(overlap).toBe('');
      expect([await waitGone(shPid, 100), await waitGone(childPid, 100)]).toEqual([true, true]);
      // Each run got the whole payload, and was told its length.
      for (const attempt of [1, 2]) {
        expect(readFileSync(path.join(out, `payload.${attempt}`), 'utf8')).toBe(payload);
        expect(readFileSync(path.join(out, `bytes.${attempt}`), 'utf8').trim()).toBe(
          String(Buffer.byteLength(payload)),
        );
      }
      expect(daemon.logs()).toMatch(/ended hooks a previous daemon left running/);
      await waitFor('the replay in the history', () =>
        daemon.history().some((entry) => entry.outcome === 'ok' && entry.attempt === 2),
      );
      console.log(
        `orphaned hooks: the crashed daemon's hook (pid ${shPid}) and its child were ended before the replay; no overlap`,
      );
    },
    120_000,
  );
});
