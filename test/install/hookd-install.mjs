#!/usr/bin/env node
// A stand-in for bin/hookd with the install commands registered, for the end-to-end tests until
// src/cli.ts calls registerInstallCommands itself. Runs the built dist/, with bin.ts's error mapping.
import { Command } from 'commander';
import { registerInstallCommands } from '../../dist/cli-install.js';
import { HookdError, describeError } from '../../dist/common/errors.js';

const program = new Command('hookd').configureOutput({ outputError: (text, write) => write(text) });
registerInstallCommands(program);
program.parseAsync(process.argv).catch((error) => {
  process.stderr.write(error instanceof HookdError ? `hookd: ${error.message}\n` : `hookd: unexpected error: ${describeError(error)}\n`);
  process.exitCode = error instanceof HookdError ? error.exitCode : 1;
});
