// The install commands' part of the command table: install, uninstall, service, doctor. Each
// action imports its command on demand, like the rest of src/cli.ts.
import { Option, type Command } from 'commander';

const settingsOption = () => new Option('--settings <path>', 'client settings file (env HOOKD_SETTINGS)');
const stateOption = () => new Option('--state-dir <dir>', 'hookd state directory (env HOOKD_STATE_DIR)');
const dryRunOption = () => new Option('--dry-run', 'show what would change and write nothing');

/** Register `install`, `uninstall`, `service` and `doctor` on `program`. */
export function registerInstallCommands(program: Command): void {
  program
    .command('install')
    .description('wire the bridge into the client settings: wrap the plain hooks of fire-and-forget events, add example hooks')
    .addOption(settingsOption())
    .addOption(stateOption())
    .option('--events <list>', 'events to wrap, comma-separated (default: Notification,Stop,SubagentStop,SessionEnd)')
    .option('--add <name...>', 'add an example hook: notify, log, webhook, followup')
    .addOption(dryRunOption())
    .action(async (options) => (await import('./commands/install.js')).installCommand(options));

  program
    .command('uninstall')
    .description('undo hookd install: restore the wrapped commands, remove the added hooks')
    .addOption(settingsOption())
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
    .addOption(stateOption())
    .addOption(new Option('--socket <path>', 'daemon socket (env HOOKD_SOCKET)'))
    .option('--path <PATH>', "the PATH the client runs hooks with, to check the hookd it finds (default: this shell's PATH)")
    .option('--timeout <seconds>', 'how long to wait for the probe hook', '10')
    .addOption(new Option('--json', 'print JSON'))
    .action(async (options) => (await import('./commands/doctor.js')).doctorCommand(options));
}
