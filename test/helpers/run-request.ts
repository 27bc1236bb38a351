// A hook run as the executor is asked for one (executor.ts, RunRequest): a Stop event's first attempt
// in a folder of its own, ten seconds, a 300 ms grace; the tests of the runners change what they try.
import type { RunRequest } from '../../src/executor/executor.js';
import { hookEnv } from '../../src/runner/hook-env.js';
import { tempDir } from './temp-dir.js';

/** A request to run `command` with `payload` on stdin; `overrides` replace any field. */
export function runRequest(command: string, payload: Buffer, overrides: Partial<RunRequest> = {}): RunRequest {
  return {
    command,
    payload,
    cwd: tempDir(),
    env: hookEnv({ eventId: 'e1', event: 'Stop', attempt: 1 }),
    timeoutMs: 10_000,
    graceMs: 300,
    ...overrides,
  };
}
