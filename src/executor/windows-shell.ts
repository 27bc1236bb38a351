// The shell a hook's command runs in on Windows, as the client that wrote the entry runs it: Git
// Bash (`bash.exe -c`, Claude Code's shell and the one a POSIX-style hook is written for), Windows
// PowerShell (`powershell -NoProfile -Command`, Codex's `commandWindows`, Copilot CLI's `powershell`,
// Claude Code's `shell: powershell`), or cmd (`cmd /d /s /c`, where neither is asked for or found).
// PowerShell gets its command encoded (-EncodedCommand, UTF-16LE base64): its own command-line
// parsing differs from every other program's, and an encoded command reaches it byte for byte.
import { existsSync } from 'node:fs';
import path from 'node:path';

export type WindowsShell = 'bash' | 'powershell' | 'cmd';

/** The shell HOOKD_SHELL names (an entry install wrote sets it: settings/windows-entry.ts), or undefined. */
export function shellNamed(name: string | undefined): WindowsShell | undefined {
  return name === 'bash' || name === 'powershell' || name === 'cmd' ? name : undefined;
}

/** How to start one command: the program, its arguments, and whether Node must pass them unquoted. */
export interface ShellLaunch {
  shell: WindowsShell;
  file: string;
  args: string[];
  verbatim: boolean;
}

/**
 * Git Bash's bash.exe: CLAUDE_CODE_GIT_BASH_PATH (where Claude Code is told it is), else beside git
 * on PATH (`Git\cmd\git.exe` → `Git\bin\bash.exe`), else under Program Files; undefined when none.
 */
export function findGitBash(env: NodeJS.ProcessEnv): string | undefined {
  const named = env.CLAUDE_CODE_GIT_BASH_PATH;
  if (named && existsSync(named)) return named;
  const candidates: string[] = [];
  for (const dir of (env.Path ?? env.PATH ?? '').split(';').filter(Boolean))
    if (existsSync(path.win32.join(dir, 'git.exe'))) candidates.push(path.win32.join(dir, '..', 'bin', 'bash.exe'));
  for (const root of [env.ProgramFiles, env['ProgramFiles(x86)'], env.LOCALAPPDATA && `${env.LOCALAPPDATA}\\Programs`])
    if (root) candidates.push(path.win32.join(root, 'Git', 'bin', 'bash.exe'));
  return candidates.find((file) => existsSync(file));
}

/**
 * How to run `command` in `shell` (when undefined: Git Bash where it is found, else cmd). A shell
 * asked for but missing (no Git Bash) is cmd's turn only for cmd: bash's absence is the caller's
 * spawn error, never the same command read by another shell's rules.
 */
export function shellLaunch(command: string, env: NodeJS.ProcessEnv, shell?: WindowsShell): ShellLaunch {
  const bash = shell === undefined || shell === 'bash' ? findGitBash(env) : undefined;
  const chosen: WindowsShell = shell ?? (bash ? 'bash' : 'cmd');
  if (chosen === 'bash') return { shell: chosen, file: bash ?? 'bash.exe', args: ['-c', command], verbatim: false };
  if (chosen === 'powershell') {
    const encoded = Buffer.from(command, 'utf16le').toString('base64');
    const args = ['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-EncodedCommand', encoded];
    return { shell: chosen, file: 'powershell.exe', args, verbatim: false };
  }
  // As Node quotes for `shell: true`: /s keeps the outer quotes' content as it is, %VAR% included.
  return { shell: chosen, file: env.ComSpec ?? 'cmd.exe', args: ['/d', '/s', '/c', `"${command}"`], verbatim: true };
}
