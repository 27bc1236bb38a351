// The command line: parse it, run the command, and turn an error into output and an exit code in
// one place (the exit code of a HookdError is its code's, from common/error-catalogue.ts). It runs
// as dist/bin.js, bundled by scripts/bundle-cli.mjs (tsc's dist/cli/main.js runs the same, unbundled).
import { HookdError, describeError } from '../common/errors.js';
import { packageVersion } from '../common/package-root.js';

async function main(argv: string[]): Promise<void> {
  // The bridges must not load commander, zod or pino: take them before the command table. Their
  // help is the command table's, like every command's (only help pays for loading it).
  if (argv[2] === 'emit' || argv[2] === 'sync') {
    const asked =
      argv[2] === 'emit'
        ? await (await import('../commands/emit.js')).emitFromArgv(argv.slice(3))
        : await (await import('../bridge/sync.js')).syncFromArgv(argv.slice(3));
    if (asked !== 'help') return;
    const { buildProgram } = await import('./program.js');
    process.stdout.on('error', () => undefined); // a reader that stops early (`| head`) is not an error
    return void buildProgram(packageVersion())
      .commands.find((command) => command.name() === argv[2])
      ?.outputHelp();
  }
  // A guard the agent waits on (hooks-examples/guards/), taken before the command table too.
  if (argv[2] === 'guard') {
    if ((await (await import('../commands/guard.js')).guardFromArgv(argv.slice(3))) !== 'help') return;
    process.stdout.on('error', () => undefined);
    const { buildProgram } = await import('./program.js');
    return void buildProgram(packageVersion())
      .commands.find((command) => command.name() === 'guard')
      ?.outputHelp();
  }
  const { buildProgram } = await import('./program.js');
  await buildProgram(packageVersion()).parseAsync(argv);
}

main(process.argv).catch(async (error: unknown) => {
  if (error instanceof HookdError) {
    // Every line in one voice: a message listing several problems has one per line. A message may
    // quote a hook file or a daemon's answer: printed cleaned of terminal control sequences.
    const { cleanLine } = await import('../common/terminal/clean-text.js');
    process.stderr.write(
      `${error.message
        .split('\n')
        .map((line) => `hookd: ${cleanLine(line)}`)
        .join('\n')}\n`,
    );
    process.exitCode = error.exitCode;
    return;
  }
  process.stderr.write(`hookd: unexpected error: ${describeError(error)}\n`);
  if (process.env.HOOKD_DEBUG) process.stderr.write(`${(error as Error)?.stack ?? ''}\n`);
  process.exitCode = 1;
});
