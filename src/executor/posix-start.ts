// Starting a hook for runHook (posix-run.ts): `sh -c CMD` behind the gate, the gate opened once
// onStart noted the hook's handle, and the moment the run is over.
//
// The gate: `sh` first reads one newline from stdin, which is written only after `onStart` has
// noted the hook's handle (the daemon notes it in the attempts journal), and only then runs
// CMD. A daemon killed before the note closes the pipe: `read` sees EOF and the hook never runs, so
// no hook runs that a restarted daemon cannot find and end. The payload follows the newline in the
// same write; HOOKD_PAYLOAD_BYTES says its length, so a hook can tell a payload cut short (the
// daemon killed mid-write) from a whole one (a cut JSON object also never parses). A run without
// a gate (the synchronous bridge: nothing to note, the client is the one who waits) gets the
// payload at once and no HOOKD_PAYLOAD_BYTES, as the C bridge gives it.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawnShell } from './posix-shell.js';
import { groupOf, handleOf } from './posix-groups.js';
import { MARK_VARIABLE } from './posix-mark.js';
import { notRun, type Outcome } from '../common/run-result.js';
import type { RunRequest } from './executor.js';

// The moment a run is over, the same on every system.
export { DRAIN_MS, whenOver } from './when-over.js';

// Read by `sh` before CMD, on the same line so that CMD's line numbers stay as they were.
const GATE = 'read -r _ || exit 0; ';
const NEWLINE = Buffer.from('\n');

/** Start `sh` (behind the gate unless `gate: false`), its run marked `mark`; an outcome instead when it cannot start at all. */
export function spawnHook(
  request: RunRequest,
  started: number,
  mark: string,
): ChildProcessWithoutNullStreams | Promise<Outcome> {
  const gated = request.gate !== false;
  const env = {
    ...request.env,
    [MARK_VARIABLE]: mark,
    ...(gated && { HOOKD_PAYLOAD_BYTES: String(request.payload.length) }),
  };
  let child: ChildProcessWithoutNullStreams;
  try {
    child = spawnShell(gated ? GATE + request.command : request.command, { cwd: request.cwd, env });
  } catch (error) {
    // Some start failures (E2BIG: a command over the argument limit) throw rather than emit 'error'.
    return Promise.resolve(notRun('spawn_error', (error as Error).message, Math.round(performance.now() - started)));
  }
  // EMFILE, ENFILE: no pipes could be made; the 'error' event that follows says which.
  if (!child.stdin || !child.stdout || !child.stderr)
    return new Promise((resolve) =>
      child.once('error', (error) =>
        resolve(notRun('spawn_error', error.message, Math.round(performance.now() - started))),
      ),
    );
  return child;
}

/**
 * Let the hook's command run: note its handle (at once, or once `onStart`'s promise resolves: a
 * launcher asks the daemon), then write the newline and the payload. When the note fails, the gate
 * stays shut (`sh` reads EOF and exits) and `refused` hears why. Without a gate the payload goes at once.
 */
export function openGate(
  child: ChildProcessWithoutNullStreams,
  request: RunRequest,
  mark: string,
  refused: (error: Error) => void,
): void {
  // A hook may exit without reading its stdin: the broken pipe is its business, not an error.
  child.stdin.on('error', () => undefined);
  const pid = child.pid;
  const handle = () => handleOf(groupOf(pid!, mark));
  if (request.gate === false) {
    if (pid !== undefined) void request.onStart?.(handle());
    return void child.stdin.end(request.payload);
  }
  // One path for a note made at once, one that resolves later, and one that throws or rejects.
  new Promise<void>((noted) => noted(pid === undefined ? undefined : request.onStart?.(handle()))).then(
    () => void child.stdin.end(Buffer.concat([NEWLINE, request.payload])),
    (error: Error) => {
      child.stdin.end();
      refused(error);
    },
  );
}
