// Shared by the foreground commands: load the settings file or stop with its located errors.
import { loadSettings } from '../settings/load.js';
import { HookdError } from '../common/errors.js';
import type { HookConfig } from '../settings/config.js';

/** The config of `file`, or a HookdError listing every error, with `exitCode`. */
export async function loadSettingsOrFail(file: string, exitCode: number): Promise<HookConfig> {
  const result = await loadSettings(file);
  if (result.ok) return result.config;
  throw new HookdError('ESETTINGS', result.errors.join('\n'), { exitCode });
}
