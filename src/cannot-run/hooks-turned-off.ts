// A client setting that turns hooks off, or lets only the administrator's run:
// - Claude Code: `disableAllHooks: true` in the managed, user or the hook's own settings file;
//   `allowManagedHooksOnly: true` in managed settings (then no user, project or plugin hook runs).
//   Both are named in the 2.1.330 binary's own messages ("hooks are restricted (disableAllHooks or
//   allowManagedHooksOnly is set in settings or by policy)").
// - Gemini CLI 0.61: `hooksConfig.enabled: false` ("When disabled, no hooks will be executed") and
//   `hooksConfig.disabled`, a list of hook names or commands it skips (its settings schema).
import path from 'node:path';
import type { HookEntry } from '../settings/config.js';
import { objectAt, type ClientFiles } from './client-files.js';
import { cannotRunRow } from './cannot-run-row.js';
import type { CannotRun, CannotRunContext, ReasonCheck } from './cannot-run.js';

async function claudeOff(
  entry: HookEntry,
  files: ClientFiles,
  context: CannotRunContext,
): Promise<CannotRun | undefined> {
  const managed = await files.read(context.claudeManagedSettings);
  if (managed.allowManagedHooksOnly === true) {
    return cannotRunRow(
      entry,
      'managed-only',
      `Claude Code runs only managed hooks: allowManagedHooksOnly is true in ${context.claudeManagedSettings}`,
      `ask whoever manages ${context.claudeManagedSettings} to add this hook to the managed settings, or to turn allowManagedHooksOnly off`,
    );
  }
  const user = path.join(context.home, '.claude', 'settings.json');
  for (const file of [context.claudeManagedSettings, user, entry.file]) {
    if ((await files.read(file)).disableAllHooks === true) {
      const fix =
        file === context.claudeManagedSettings
          ? `ask whoever manages ${file} to remove disableAllHooks`
          : `remove "disableAllHooks": true from ${file}`;
      return cannotRunRow(
        entry,
        'hooks-turned-off',
        `Claude Code runs no hooks: disableAllHooks is true in ${file}`,
        fix,
      );
    }
  }
  return undefined;
}

async function geminiOff(
  entry: HookEntry,
  files: ClientFiles,
  context: CannotRunContext,
): Promise<CannotRun | undefined> {
  const user = path.join(context.home, '.gemini', 'settings.json');
  for (const file of [...new Set([user, entry.file])]) {
    const hooksConfig = objectAt(await files.read(file), 'hooksConfig');
    if (hooksConfig.enabled === false) {
      return cannotRunRow(
        entry,
        'hooks-turned-off',
        `Gemini CLI runs no hooks: hooksConfig.enabled is false in ${file}`,
        `set "hooksConfig": {"enabled": true} in ${file} (or remove the key: it is on by default)`,
      );
    }
    const disabled = Array.isArray(hooksConfig.disabled) ? hooksConfig.disabled : [];
    if (disabled.includes(entry.command)) {
      return cannotRunRow(
        entry,
        'hooks-turned-off',
        `Gemini CLI skips this hook: its command is listed in hooksConfig.disabled of ${file}`,
        `remove it from hooksConfig.disabled in ${file} (or /hooks enable in Gemini CLI)`,
      );
    }
  }
  return undefined;
}

const BY_CLIENT: Record<
  string,
  (entry: HookEntry, files: ClientFiles, context: CannotRunContext) => Promise<CannotRun | undefined>
> = { claude: claudeOff, gemini: geminiOff };

/** Hooks of a client whose settings turn hooks off, or leave only managed ones. */
export const turnedOff: ReasonCheck = async (entries, files, context) => {
  const found = await Promise.all(entries.map((entry) => BY_CLIENT[entry.client.id]?.(entry, files, context)));
  return found.filter((row): row is CannotRun => row !== undefined);
};
