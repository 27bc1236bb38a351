// One checked record's run, in its turn: find its entry's timeout and variables, start the hook
// (the daemon's executor), note its attempt and the hook's handle in the inbox before it may go on, publish `started`, and say
// how it ended. Dispatch (dispatch.ts) concludes with what this returns.
import { daemonExecutor } from '../../executor/platform.js';
import type { HookHandle } from '../../executor/executor.js';
import { clip } from '../../common/clip-text.js';
import { hookCwd, hookEnv } from '../../runner/hook-env.js';
import { DEFAULT_TIMEOUT_SEC } from '../../settings/config.js';
import type { RecordContent } from '../../inbox/record-format.js';
import type { RunFinished, RunInfo } from '../../runs/run-bus.js';
import type { DispatchOptions } from './dispatch.js';

type LaunchOptions = Pick<DispatchOptions, 'inbox' | 'config' | 'runs' | 'logger' | 'socket' | 'interrupt' | 'graceMs'>;

/** Run `record`'s hook for the run `info` and return how it finished (its outcome and result). */
export async function launchRecord(
  options: LaunchOptions,
  info: RunInfo,
  record: RecordContent,
  cwd: string | undefined,
): Promise<RunFinished> {
  const { inbox, runs, logger } = options;
  // The entry that runs the record's command: its timeout, else the default, and the variables it
  // sets (Copilot CLI's and Qwen Code's `env`). Found here, in its turn, as a project's files are
  // read off the event loop (settings/project-hooks.ts).
  const { command, clientEnv } = record;
  const entry = await options.config.entryFor(info.event, command, { clientEnv, cwd });
  if (!entry)
    logger.warn(
      { event: info.event, command: clip(command) },
      `command not in the settings files the daemon follows, nor in its project's; running it with the default ${DEFAULT_TIMEOUT_SEC} s timeout`,
    );
  const startedAt = Date.now();
  let started: HookHandle | undefined;
  const result = await daemonExecutor.run({
    command,
    payload: record.payload,
    cwd: hookCwd(cwd),
    env: hookEnv({
      eventId: info.eventId,
      event: info.event,
      attempt: info.attempt,
      socket: options.socket,
      clientEnv,
      command,
      retryOf: info.retryOf,
      payload: record.payload,
      entryEnv: entry?.env,
    }),
    timeoutMs: entry?.timeoutMs ?? DEFAULT_TIMEOUT_SEC * 1000,
    graceMs: options.graceMs,
    signal: options.interrupt,
    onStart: (handle) => {
      inbox.beginAttempt(info.eventId, info.attempt, handle);
      started = handle;
      void runs.publish('started', { ...info, startedAt });
    },
  });
  if (started !== undefined) inbox.handleEnded(info.eventId, started);
  return {
    ...info,
    startedAt,
    endedAt: Date.now(),
    outcome: result.status,
    result,
    ...(result.error ? { detail: result.error } : {}),
  };
}
