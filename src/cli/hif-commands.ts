// The commands of the canonical form (HIF, issue 31), registered where the table lists them:
// `hookd guard` beside the bridges, `hookd export` beside install.
import type { Command } from 'commander';
import { clientOption, settingsOption } from './options.js';

/** Add `guard` to `program`: listed for --help only, like the bridges (src/cli/main.ts runs it before this table is built). */
export function addGuardCommand(program: Command): void {
  program
    .command('guard')
    .description(
      'run a guard shipped with hookd (no-rm-rf, no-force-push, no-secrets-read, no-pipe-to-shell) on the event on stdin, in the canonical form; hookd install --add NAME wires one into every client',
    )
    .argument('<name>', 'the guard')
    .allowUnknownOption()
    .helpOption(false);
}

/** Add `export` to `program`. */
export function addExportCommand(program: Command): void {
  program
    .command('export')
    .description(
      "print the hooks of a client's files (default: every client's) as a HIF manifest, for hookd install --hooks",
    )
    .addOption(settingsOption())
    .addOption(clientOption())
    .action(async (options) => (await import('../commands/export.js')).exportCommand(options));
}
