// Runs one hook on Windows: its command in the client's shell (windows-shell.ts), no console window,
// the payload on stdin and its output read byte for byte, under a deadline that ends the whole
// tree at once: its Job Object (windows-job.ts) where the native bridge is here, else the tree walked
// (windows-tree.ts). Windows has no SIGTERM to ask first, so the grace is not used.
// The gate differs from POSIX's: no shell reads a line first, so `onStart` is told once the hook has
// started, and the payload waits for it; a note that fails ends the tree at once.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { captureOutput } from './capture-output.js';
import { DRAIN_MS, whenOver } from './when-over.js';
import { shellLaunch, shellNamed } from './windows-shell.js';
import { endTree } from './windows-tree.js';
import { spawnable } from './windows-job.js';
import { DEFAULT_OUTPUT_CAP, type RunRequest } from './executor.js';
import { exitOutcome, notRun, type Outcome } from '../common/run-result.js';

// cmd's exit code for a command it could not find ("is not recognized..."): the hook never ran.
const CMD_NOT_FOUND = 9009;
const HANDLE_PREFIX = 'win32:';

/** The handle of a hook whose shell is `pid`. */
export const windowsHandle = (pid: number) => `${HANDLE_PREFIX}${pid}`;

type Started = { child: ChildProcessWithoutNullStreams; job: boolean };

function start(request: RunRequest, started: number): Started | Outcome {
  const launch = shellLaunch(request.command, request.env, request.shell ?? shellNamed(request.env.HOOKD_SHELL));
  const how = spawnable(launch, request.env);
  try {
    const child = spawn(how.file, how.args, {
      cwd: request.cwd,
      env: request.env,
      stdio: 'pipe',
      windowsHide: true,
      windowsVerbatimArguments: how.verbatim,
      ...(how.argv0 !== undefined && { argv0: how.argv0 }),
    });
    child.stdin.on('error', () => undefined);
    return { child, job: how.job };
  } catch (error) {
    return notRun('spawn_error', (error as Error).message, Math.round(performance.now() - started));
  }
}

/** Run one hook and say how it ended. Rejects only when `onStart` fails. */
export function runWindowsHook(request: RunRequest): Promise<Outcome> {
  const started = performance.now();
  const cap = request.outputCap ?? DEFAULT_OUTPUT_CAP;
  const begun = start(request, started);
  if ('status' in begun) return Promise.resolve(begun);
  const { child, job } = begun;
  // Killing the bridge closes its Job Object, which ends the tree; without one, the tree is walked.
  const endAll = (pid: number) => (job ? void child.kill('SIGKILL') : void endTree(pid));
  return new Promise((resolve, reject) => {
    let ended: 'timed_out' | 'interrupted' | 'past_cap' | undefined;
    let spawnError: Error | undefined;
    let settled = false;
    const stop = (why: NonNullable<typeof ended>) => {
      if (ended || child.pid === undefined || child.exitCode !== null) return;
      ended = why;
      endAll(child.pid);
    };
    const stdout = captureOutput(child.stdout, cap, {
      raw: request.raw,
      onPastCap: request.endPastCap === undefined ? undefined : () => stop('past_cap'),
    });
    const stderr = captureOutput(child.stderr, request.stderrCap ?? cap, {
      raw: request.raw,
      onData: request.onStderr,
    });
    const deadline = setTimeout(() => stop('timed_out'), Math.max(0, request.timeoutMs));
    const onAbort = () => stop(performance.now() - started >= request.timeoutMs ? 'timed_out' : 'interrupted');
    if (request.signal?.aborted) onAbort();
    request.signal?.addEventListener('abort', onAbort);
    child.on('error', (error) => (spawnError = error));
    child.on('exit', () => clearTimeout(deadline));
    const finish = (exitCode: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      request.signal?.removeEventListener('abort', onAbort);
      const common = {
        exitCode,
        signal: null,
        durationMs: Math.round(performance.now() - started),
        stdout: stdout(),
        stderr: stderr(),
      };
      if (spawnError && child.pid === undefined)
        return resolve({ status: 'spawn_error', ...common, exitCode: null, error: spawnError.message });
      if (ended === 'past_cap')
        return resolve({ status: 'spawn_error', ...common, exitCode: null, error: request.endPastCap });
      if (ended) return resolve({ status: ended, ...common });
      const { status, detail } = exitOutcome(exitCode === CMD_NOT_FOUND ? 127 : exitCode, common.stderr.text);
      resolve({ status, ...common, ...(detail !== undefined && { error: detail }) });
    };
    const pid = child.pid;
    new Promise<void>((noted) => noted(pid === undefined ? undefined : request.onStart?.(windowsHandle(pid)))).then(
      () => void child.stdin.end(request.payload),
      (error: Error) => {
        settled = true;
        clearTimeout(deadline);
        request.signal?.removeEventListener('abort', onAbort);
        if (pid !== undefined) endAll(pid);
        reject(error);
      },
    );
    whenOver(child, request.drainMs ?? DRAIN_MS, (code) => finish(code));
  });
}
