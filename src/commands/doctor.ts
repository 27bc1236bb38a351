// `hookd doctor`: is the whole chain in place? Settings, the hookd the client will run, the
// daemon, and an event through the inbox to a probe hook. Exit 0 when every check passes.
import { resolvePaths } from '../common/paths.js';
import { UsageError } from '../common/errors.js';
import { renderChecks, runDoctor } from '../doctor/run-doctor.js';
import { hookFilesOthersCanWrite, readHookFiles } from './hook-files.js';
import { silentHooksOf } from './silent-hooks.js';

export interface DoctorOptions {
  settings?: string;
  client?: string;
  stateDir?: string;
  socket?: string;
  path?: string;
  /** Seconds, parsed once in src/cli/options.ts. */
  timeout: number;
  json?: boolean;
}

/** Run every check and print it; exit 1 when any failed. */
export async function doctorCommand(options: DoctorOptions): Promise<void> {
  const paths = resolvePaths(options);
  // No client found is a failed check like any other, not a reason to skip the rest.
  const loaded = await readHookFiles(options).catch((error: unknown) => {
    if (error instanceof UsageError) return error.message;
    throw error;
  });
  const checks = await runDoctor(paths, loaded, {
    pathVar: options.path ?? process.env.PATH,
    timeoutMs: options.timeout * 1000,
    othersCanWrite: typeof loaded === 'string' ? [] : hookFilesOthersCanWrite(loaded),
  });
  const ok = checks.every((check) => check.ok);
  // Advice, not a failed check: a deciding hook that never decides (issue 19).
  const silent = silentHooksOf(paths.stateDir);
  const advice = silent.lines.map((line) => `note: ${line}\n`).join('');
  process.stdout.write(
    options.json
      ? `${JSON.stringify({ ok, checks, neverDecides: silent.hooks }, null, 2)}\n`
      : renderChecks(checks) + advice,
  );
  if (!ok) process.exitCode = 1;
}
