// A bridge entry in the form the shell that runs it on Windows reads, each one stepping aside where
// that shell finds no hookd (settings/fallback-entry.ts says why: a guard must never fail open):
//
//   Git Bash    the POSIX form (fallback-entry.ts), its paths written with forward slashes: Git Bash
//               reads a backslash as an escape (`C:\Users` becomes `C:Users`).
//   PowerShell  `if (Get-Command hookd -ErrorAction SilentlyContinue) { $env:HOOKD_SHELL = 'powershell';
//               & hookd sync … -- 'CMD'; exit $LASTEXITCODE } else { CMD }`: Windows PowerShell 5.1
//               has no `&&` or `||`, a quoted program needs the `&` call operator, and a script's exit
//               code is its last native command's only when it says so. CMD is a single-quoted word
//               (`'` doubled), where PowerShell expands nothing.
//   cmd         `(where /q hookd || (CMD & exit /b)) && hookd sync … -- "CMD"`: `exit /b` keeps CMD's
//               own exit code, and a blocking exit of hookd (2) never runs CMD a second time. CMD is a
//               double-quoted word (`"` doubled); cmd still expands %VAR% in it once, as it would in
//               the bare entry.
// HOOKD_SHELL tells the bridge which shell runs CMD (windows-shell.ts); Git Bash is its default.
import { withFallback } from '../settings/fallback-entry.js';
import { shellQuote } from '../common/shell-word.js';

export type EntryShell = 'bash' | 'powershell' | 'cmd';

const PS_GUARD = "if (Get-Command hookd -ErrorAction SilentlyContinue) { $env:HOOKD_SHELL = 'powershell'; & ";
const PS_MIDDLE = '; exit $LASTEXITCODE } else { ';
const PS_END = ' }';
const CMD_GUARD = '(where /q hookd || (';
const CMD_MIDDLE = ' & exit /b)) && set "HOOKD_SHELL=cmd" && ';

/** A word PowerShell reads as it is: single-quoted, each `'` doubled. */
export const powershellWord = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** A word cmd and the program's argument parser both read as it is: double-quoted, each `"` doubled. */
export const cmdWord = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** A Windows path as Git Bash reads it: forward slashes. */
export const gitBashPath = (file: string) => file.replaceAll('\\', '/');

const quoteFor = { bash: shellQuote, powershell: powershellWord, cmd: cmdWord } as const;

/**
 * The entry for `shell` that runs `hookd BRIDGE OPTIONS -- CMD` (`bridge`: `emit` or `sync`, the
 * options as words that need no quoting) where hookd is found, else `command` itself.
 */
export function windowsEntry(shell: EntryShell, bridge: string, options: readonly string[], command: string): string {
  const line = ['hookd', bridge, ...options, '--', quoteFor[shell](command)].join(' ');
  if (shell === 'bash') return withFallback(line, command);
  if (shell === 'powershell') return `${PS_GUARD}${line}${PS_MIDDLE}${command}${PS_END}`;
  return `${CMD_GUARD}${command}${CMD_MIDDLE}${line}`;
}

/** The command a PowerShell or cmd entry of windowsEntry's runs where hookd is missing (what uninstall writes back), or undefined. */
export function windowsFallback(entry: string): { shell: 'powershell' | 'cmd'; command: string } | undefined {
  // CMD may hold the joining words itself: the split whose bridge line quotes exactly the fallback.
  if (entry.startsWith(PS_GUARD) && entry.endsWith(PS_END))
    for (let at = entry.indexOf(PS_MIDDLE); at >= 0; at = entry.indexOf(PS_MIDDLE, at + 1)) {
      const command = entry.slice(at + PS_MIDDLE.length, -PS_END.length);
      if (entry.slice(0, at).endsWith(` -- ${powershellWord(command)}`)) return { shell: 'powershell', command };
    }
  if (entry.startsWith(CMD_GUARD)) {
    const rest = entry.slice(CMD_GUARD.length);
    for (let at = rest.indexOf(CMD_MIDDLE); at >= 0; at = rest.indexOf(CMD_MIDDLE, at + 1)) {
      const command = rest.slice(0, at);
      if (rest.endsWith(` -- ${cmdWord(command)}`)) return { shell: 'cmd', command };
    }
  }
  return undefined;
}
