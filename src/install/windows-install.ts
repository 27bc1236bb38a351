// Install on Windows: the one place install asks which system it writes for, and, for each entry,
// which of its commands the client runs there and in which shell (the profile's `windows`, from
// docs/clients.md, "Windows"). The entries themselves are windows-entry.ts's.
import type { ClientProfile } from '../clients/profile.js';
import type { JsonObject } from '../settings/hook-map.js';
import { windowsProgram, type EntryShell, type WindowsProgram } from '../settings/windows-entry.js';

/** The program Windows entries call when install runs on Windows (`platform`); undefined elsewhere, where entries are POSIX. */
export function windowsInstall(platform: NodeJS.Platform = process.platform): WindowsProgram | undefined {
  return platform === 'win32' ? windowsProgram() : undefined;
}

/** VS Code's Windows override of an entry's command, which it runs there in place of the command. */
const VSCODE_WINDOWS = 'windows';

/**
 * The keys of `hook` install wraps on Windows, each with the shell that runs it there: the client's
 * Windows key where the entry has one, else its command (`commandKey`) unless only the Windows key
 * runs there; and VS Code's `windows` override, which VS Code runs in PowerShell. None for a client
 * whose way on Windows is not known.
 */
export function windowsKeys(
  client: ClientProfile,
  hook: JsonObject,
  commandKey: string,
): { key: string; shell: EntryShell }[] {
  const rule = client.windows;
  const keys: { key: string; shell: EntryShell }[] = [];
  if (rule) {
    const shell = typeof rule.shell === 'function' ? rule.shell(hook) : rule.shell;
    if (rule.key && typeof hook[rule.key] === 'string') keys.push({ key: rule.key, shell });
    else if (!rule.keyOnly) keys.push({ key: commandKey, shell });
  }
  if (typeof hook[VSCODE_WINDOWS] === 'string' && !keys.some(({ key }) => key === VSCODE_WINDOWS))
    keys.push({ key: VSCODE_WINDOWS, shell: 'powershell' });
  return keys;
}

/**
 * `hook` as install routes it on Windows, where hookd runs a PowerShell entry as the client would:
 * Claude Code's `"shell": "powershell"` is no reason to leave it, and an entry whose command the
 * client runs there only under its Windows key (Copilot CLI's `powershell`) is read by that.
 */
export function asRunOnWindows(client: ClientProfile, hook: JsonObject, commandKey: string): JsonObject {
  const { shell: _shell, ...rest } = hook;
  const key = client.windows?.key;
  return key && typeof rest[commandKey] !== 'string' && typeof rest[key] === 'string'
    ? { ...rest, [commandKey]: rest[key] }
    : rest;
}
