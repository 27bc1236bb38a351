// Starting a hook's command: `/bin/sh -c CMD` in a session (and process group) of its own, its
// stdio on pipes. argv[0] is `sh`, as a client and the C bridge name it, so sh's own messages
// ("sh: 1: guard: not found") read the same on every path. A session of its own (Node's `detached`
// is setsid) lets a timeout reach every process the hook started (posix-end-session.ts).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

/** Start `sh -c script`; throws what spawn throws (E2BIG), emits 'error' for the rest (ENOENT, EMFILE). */
export function spawnShell(
  script: string,
  options: { cwd?: string; env: NodeJS.ProcessEnv },
): ChildProcessWithoutNullStreams {
  return spawn('/bin/sh', ['-c', script], {
    argv0: 'sh',
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: 'pipe',
  });
}
