#!/usr/bin/env node
// Entry point: parse the command line, run the command, and map errors to exit codes in one place.
import { readFileSync } from 'node:fs';
import { HookdError, describeError } from './common/errors.js';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

async function main(argv: string[]): Promise<void> {
  // The bridge must not load commander, zod or pino: take it before the command table.
  if (argv[2] === 'emit') {
    const { emitFromArgv } = await import('./commands/emit.js');
    await emitFromArgv(argv.slice(3));
    return;
  }
  if (argv[2] === 'sync') {
    const { syncFromArgv } = await import('./bridge/sync.js');
    await syncFromArgv(argv.slice(3));
    return;
  }
  const { buildProgram } = await import('./cli/program.js');
  await buildProgram(version).parseAsync(argv);
}

main(process.argv).catch(async (error: unknown) => {
  if (error instanceof HookdError) {
    // Every line in one voice: a message listing several problems has one per line. A message may
    // quote a hook file or a daemon's answer: printed cleaned of terminal control sequences.
    const { cleanLine } = await import('./common/terminal/clean-text.js');
    process.stderr.write(`${error.message.split('\n').map((line) => `hookd: ${cleanLine(line)}`).join('\n')}\n`);
    process.exitCode = error.exitCode;
    return;
  }
  process.stderr.write(`hookd: unexpected error: ${describeError(error)}\n`);
  if (process.env.HOOKD_DEBUG) process.stderr.write(`${(error as Error)?.stack ?? ''}\n`);
  process.exitCode = 1;
});
