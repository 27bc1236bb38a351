// The options several commands share, written once: each default and each environment variable
// in one place.
import { Option } from 'commander';
import { CLIENT_IDS } from './clients/registry.js';

export const settingsOption = () => new Option('--settings <path>', "one hook file to use instead of the clients' own (env HOOKD_SETTINGS)");
export const clientOption = () => new Option('--client <name>', "the client whose files to use (default: every client found here)").choices(CLIENT_IDS);
export const stateOption = () => new Option('--state-dir <dir>', 'hookd state directory (env HOOKD_STATE_DIR)');
export const socketOption = () => new Option('--socket <path>', 'daemon socket (env HOOKD_SOCKET)');
export const jsonOption = () => new Option('--json', 'print JSON');
export const dryRunOption = () => new Option('--dry-run', 'show what would change and write nothing');
