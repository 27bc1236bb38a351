// `hookd guard NAME`: runs one of the guards shipped in hooks-examples/guards/ (no-rm-rf,
// no-force-push, no-secrets-read, no-pipe-to-shell) on the event on stdin, from the installed
// package, so that the shell parser it imports (tree-sitter-bash) is this package's and a reinstall
// moves nothing. A guard answers in the canonical form; `hookd install --add NAME` puts it behind
// `hookd sync --canonical`, which hands the answer to each client in its terms (docs/guards.md).
// Taken before the command table (src/cli/main.ts), as the bridges are: the agent waits on it.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { packageRoot } from '../common/package-root.js';

/** The folder of the shipped guards. */
export const guardsDir = (): string => path.join(packageRoot(), 'hooks-examples', 'guards');

/** The names of the shipped guards: every `<name>.mjs` of the folder but the kit and guards.mjs (which runs several; shippedGuards there reads the folder alike). */
export function guardNames(): string[] {
  return readdirSync(guardsDir())
    .filter((file) => /^[a-z0-9-]+\.mjs$/.test(file) && file !== 'guard-kit.mjs' && file !== 'guards.mjs')
    .map((file) => file.slice(0, -4))
    .sort();
}

/** `hookd guard NAME`: run the guard on this process's stdin; 'help' when help is asked. */
export async function guardFromArgv(args: string[]): Promise<'help' | void> {
  const name = args[0];
  if (name === undefined || name === '-h' || name === '--help') return 'help';
  const file = path.join(guardsDir(), `${name}.mjs`);
  if (!guardNames().includes(name) || !existsSync(file)) {
    // A hook error (exit 1): the spec lets the action go on, and says why on stderr.
    process.stderr.write(`hookd guard: no guard "${name}"; choose from ${guardNames().join(', ')}\n`);
    process.exitCode = 1;
    return;
  }
  const guard = (await import(pathToFileURL(file).href)) as { check: (input: unknown) => string | undefined };
  const kit = (await import(pathToFileURL(path.join(guardsDir(), 'guard-kit.mjs')).href)) as {
    runGuard: (check: (input: unknown) => string | undefined) => Promise<void>;
  };
  await kit.runGuard(guard.check);
}
