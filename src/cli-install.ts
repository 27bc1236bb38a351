// The install commands' part of the command table: install, uninstall, service, doctor. Each
// action imports its command on demand, like the rest of src/cli.ts.
import type { Command } from 'commander';
import { clientOption, dryRunOption, jsonOption, settingsOption, socketOption, stateOption } from './cli-options.js';

/** Register `install`, `uninstall`, `service` and `doctor` on `program`. */
export function registerInstallCommands(program: Command): void {
  program
    .command('install')
    .description("wire the bridge into the clients' settings: wrap the plain hooks of events whose result the client ignores, add example hooks")
    .addOption(settingsOption())
    .addOption(clientOption())
    .addOption(stateOption())
    .option('--events <list>', "events to wrap, comma-separated (default: the events whose result the client ignores; naming a deciding event such as Stop wraps it, and its hooks lose their say)")
    .option('--add <name...>', 'add an example hook: notify, log, webhook, followup')
    .addOption(dryRunOption())
    .action(async (options) => (await import('./commands/install.js')).installCommand(options));

  program
    .command('uninstall')
    .description('undo hookd install: restore the wrapped commands, remove the added hooks')
    .addOption(settingsOption())
    .addOption(clientOption())
    .addOption(stateOption())
    .addOption(dryRunOption())
    .action(async (options) => (await import('./commands/uninstall.js')).uninstallCommand(options));

  const service = program.command('service').description('the user service that runs the daemon (systemd user unit / LaunchAgent)');
  for (const [action, description] of [
    ['install', 'write the service file, then enable and start the service'],
    ['uninstall', 'stop and disable the service, then remove its file'],
    ['status', 'whether the service is installed, current and running'],
  ] as const) {
    service
      .command(action)
      .description(description)
      .addOption(dryRunOption())
      .action(async (options) => (await import('./commands/service.js')).serviceCommand(action, options));
  }

  program
    .command('doctor')
    .description('check the whole chain: settings, the hookd on PATH, the daemon, a probe event through the inbox')
    .addOption(settingsOption())
    .addOption(clientOption())
    .addOption(stateOption())
    .addOption(socketOption())
    .option('--path <PATH>', "the PATH the client runs hooks with, to check the hookd it finds (default: this shell's PATH)")
    .option('--timeout <seconds>', 'how long to wait for the probe hook', '10')
    .addOption(jsonOption())
    .action(async (options) => (await import('./commands/doctor.js')).doctorCommand(options));
}
