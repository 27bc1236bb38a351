// A client setting that turns hooks off, or lets only the administrator's run:
// - Claude Code: `disableAllHooks: true` in the managed, user or the hook's own settings file;
//   `allowManagedHooksOnly: true` in managed settings (then no user, project or plugin hook runs).
//   Both are named in the 2.1.330 binary's own messages ("hooks are restricted (disableAllHooks or
//   allowManagedHooksOnly is set in settings or by policy)").
// - Gemini CLI 0.61: `hooksConfig.enabled: false` ("When disabled, no hooks will be executed") and
//   `hooksConfig.disabled`, a list of hook names or commands it skips (its settings schema).
// - Codex (0.171; its config docs): `allow_managed_hooks_only = true` at the top of the admin's
//   requirements.toml (/etc/codex/requirements.toml; MDM and cloud requirements are not read here)
//   skips user, project and session hooks; `[features] hooks = false` there or in ~/.codex/config.toml
//   runs none (`codex_hooks` is its older name).
// - Droid (0.225's bundle): `allowManagedHooksOnly: true` in the org's settings (the system-managed
//   /etc/factory/settings.json here; a policy from Factory's Enterprise Controls is not on this
//   machine to read) drops every hook of a level below the org's.
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

/** Where Codex reads the admin's requirements on Unix (its managed-configuration docs). */
export const CODEX_REQUIREMENTS = '/etc/codex/requirements.toml';
/** Where Droid reads the org's system-managed settings on Linux (its bundle's /etc/factory + settings.json). */
export const DROID_MANAGED_SETTINGS = '/etc/factory/settings.json';

async function codexOff(
  entry: HookEntry,
  files: ClientFiles,
  context: CannotRunContext,
): Promise<CannotRun | undefined> {
  const requirements = context.codexRequirements ?? CODEX_REQUIREMENTS;
  const user = path.join(context.home, '.codex', 'config.toml');
  for (const file of [requirements, user]) {
    const features = objectAt(await files.read(file), 'features');
    const key = ['hooks', 'codex_hooks'].find((name) => features[name] === false);
    if (key)
      return cannotRunRow(
        entry,
        'hooks-turned-off',
        `Codex runs no hooks: [features] ${key} is false in ${file}`,
        file === requirements
          ? `ask whoever manages ${file} to turn hooks back on`
          : `remove "${key} = false" from [features] in ${file} (hooks are on by default)`,
      );
  }
  // A hook of a managed layer (/etc/codex/…) is one the admin gave: it runs.
  const managedLayer = entry.file.startsWith(`${path.dirname(requirements)}${path.sep}`);
  if (!managedLayer && (await files.read(requirements)).allow_managed_hooks_only === true)
    return cannotRunRow(
      entry,
      'managed-only',
      `Codex runs only managed hooks: allow_managed_hooks_only is true in ${requirements}`,
      `ask whoever manages ${requirements} to add this hook to the managed hooks, or to turn allow_managed_hooks_only off`,
    );
  return undefined;
}

async function droidOff(
  entry: HookEntry,
  files: ClientFiles,
  context: CannotRunContext,
): Promise<CannotRun | undefined> {
  const managed = context.droidManagedSettings ?? DROID_MANAGED_SETTINGS;
  if (entry.file === managed || (await files.read(managed)).allowManagedHooksOnly !== true) return undefined;
  return cannotRunRow(
    entry,
    'managed-only',
    `Droid runs only the organization's hooks: allowManagedHooksOnly is true in ${managed}`,
    `ask whoever manages ${managed} (Factory's Enterprise Controls, Hooks Policy) to add this hook, or to turn allowManagedHooksOnly off`,
  );
}

const BY_CLIENT: Record<
  string,
  (entry: HookEntry, files: ClientFiles, context: CannotRunContext) => Promise<CannotRun | undefined>
> = { claude: claudeOff, gemini: geminiOff, codex: codexOff, droid: droidOff };

/** Hooks of a client whose settings turn hooks off, or leave only managed ones. */
export const turnedOff: ReasonCheck = async (entries, files, context) => {
  const found = await Promise.all(entries.map((entry) => BY_CLIENT[entry.client.id]?.(entry, files, context)));
  return found.filter((row): row is CannotRun => row !== undefined);
};
