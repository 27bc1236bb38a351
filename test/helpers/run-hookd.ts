// The one way tests run the built `hookd`: a real process, its exit code and output, with the
// test's environment added to this one (runHookd) or as the whole environment (runHookdWithEnv).
import { execa } from 'execa';
import { HOOKD } from './paths.js';

export interface HookdResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Run `hookd ...args` with `env` added; `input` goes to stdin. Hard timeout: 60 s. */
export async function runHookd(
  args: string[],
  options: { env?: Record<string, string>; input?: string | Buffer; cwd?: string } = {},
): Promise<HookdResult> {
  const result = await execa(HOOKD, args, {
    env: options.env,
    input: options.input ?? '',
    cwd: options.cwd,
    reject: false,
    timeout: 60_000,
  });
  if (result.timedOut) throw new Error(`hookd ${args.join(' ')} did not finish within 30 s`);
  return { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) };
}

/** Run the built `hookd ARGS` as a process with exactly `env` (its PATH must hold node: see toolbox). */
export async function runHookdWithEnv(args: string[], env: Record<string, string>, input = '') {
  const result = await execa(HOOKD, args, { env, extendEnv: false, input, reject: false, timeout: 60_000 });
  return { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) };
}
