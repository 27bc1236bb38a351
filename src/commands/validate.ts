// `hookd validate`: check the settings file; exit 1 with every located error, warn on the suspicious.
import { loadSettings } from '../settings/load.js';
import { lintConfig } from '../settings/lint.js';
import { settingsPath } from '../common/paths.js';

export interface ValidateOptions {
  settings?: string;
  json?: boolean;
}

/** Validate the settings file and print errors and warnings. */
export async function validateCommand(options: ValidateOptions): Promise<void> {
  const file = settingsPath(options.settings);
  const result = await loadSettings(file);
  const errors = result.ok ? [] : result.errors;
  const warnings = result.ok ? lintConfig(result.config, file) : [];
  const entries = result.ok ? result.config.entries : [];
  if (options.json) {
    const hooks = entries.map(({ event, location, kind, run, timeoutMs, matcher }) => ({ event, location, kind, run, timeoutMs, matcher }));
    process.stdout.write(`${JSON.stringify({ ok: result.ok, settings: file, errors, warnings, hooks }, null, 2)}\n`);
  } else {
    for (const line of errors) process.stderr.write(`error: ${line}\n`);
    for (const line of warnings) process.stderr.write(`warning: ${line}\n`);
    if (result.ok) {
      const daemon = entries.filter((entry) => entry.kind === 'bridge').length;
      process.stdout.write(`${file}: valid, ${entries.length} hook(s), ${daemon} run by the daemon, ${warnings.length} warning(s)\n`);
    }
  }
  if (!result.ok) process.exitCode = 1;
}
