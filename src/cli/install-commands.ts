// The set-up commands' rows of the command table (program.ts): install, uninstall, export, the user
// service and doctor; each action imports its command on demand.
import type { Command } from 'commander';
import {
  clientOption,
  clientsOption,
  dryRunOption,
  jsonOption,
  probeTimeoutOption,
  settingsOption,
  socketOption,
  stateOption,
  tcpPortOption,
  transportOption,
} from './options.js';
import { addExportCommand } from './hif-commands.js';

/** Install, uninstall, the user service and doctor. */
export function addInstallCommands(program: Command): void {
  program
    .command('install')
    .description(
      "put every command hook of the clients' settings through hookd: those whose result the client ignores behind hookd emit, those it reads the answer of behind hookd sync; add example hooks",
    )
    .addOption(settingsOption())
    .addOption(clientsOption())
    .addOption(stateOption())
    .option('--events <list>', 'events to wrap, comma-separated (default: every event of the file)')
    .option(
      '--async-only',
      'wrap only the hooks whose result the client ignores (behind hookd emit); leave the deciding ones to the client',
    )
    .option(
      '--async <command...>',
      'move this deciding hook (its command, as written) behind hookd emit: the agent no longer waits, and the client no longer reads its answer',
    )
    .option(
      '--sync <command...>',
      'keep this hook (its command, as written) behind hookd sync although install reads it as one that cannot decide (a notifier, a sound, a log line): the agent waits for it, as before',
    )
    .option('--add <name...>', 'add an example hook: notify, log, webhook, followup')
    .option(
      '--hooks <file>',
      "install a HIF manifest's hooks (JSON or YAML, docs/hooks-manifest.md) into every client, each in its own dialect",
    )
    .addOption(transportOption())
    .addOption(tcpPortOption())
    .addOption(dryRunOption())
    .action(async (options) => (await import('../commands/install.js')).installCommand(options));

  program
    .command('uninstall')
    .description('undo hookd install: restore the wrapped commands, remove the added hooks')
    .addOption(settingsOption())
    .addOption(clientOption())
    .addOption(stateOption())
    .addOption(dryRunOption())
    .action(async (options) => (await import('../commands/uninstall.js')).uninstallCommand(options));

  addExportCommand(program);

  const service = program
    .command('service')
    .description('the user service that runs the daemon (systemd user unit / LaunchAgent)');
  for (const [action, description] of [
    ['install', 'write the service file, then enable and start the service'],
    ['uninstall', 'stop and disable the service, then remove its file'],
    ['status', 'whether the service is installed, current and running'],
  ] as const) {
    service
      .command(action)
      .description(description)
      .addOption(dryRunOption())
      .action(async (options) => (await import('../commands/service.js')).serviceCommand(action, options));
  }

  program
    .command('doctor')
    .description('check the whole chain: settings, the hookd on PATH, the daemon, a probe event through the inbox')
    .addOption(settingsOption())
    .addOption(clientOption())
    .addOption(stateOption())
    .addOption(socketOption())
    .option(
      '--path <PATH>',
      "the PATH the client runs hooks with, to check the hookd it finds (default: this shell's PATH)",
    )
    .addOption(probeTimeoutOption())
    .addOption(jsonOption())
    .action(async (options) => (await import('../commands/doctor.js')).doctorCommand(options));
}
