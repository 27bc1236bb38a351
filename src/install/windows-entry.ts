// A bridge entry in the form the shell that runs it on Windows reads, each one stepping aside where
// that shell finds no hookd (settings/fallback-entry.ts says why: a guard must never fail open):
//
//   Git Bash    the POSIX form (fallback-entry.ts), `hookd` by name: Git Bash runs the `hookd` sh
//               script npm puts on PATH beside hookd.cmd. Its paths are written with forward slashes:
//               Git Bash reads a backslash as an escape (`C:\Users` becomes `C:Users`).
//   PowerShell  `if (Test-Path -LiteralPath 'SCRIPT') { $env:HOOKD_SHELL = 'powershell'; & 'NODE'
//               'SCRIPT' sync … -- 'CMD'; exit $LASTEXITCODE } else { CMD }`: Windows PowerShell 5.1
//               has no `&&` or `||`, a quoted program needs the `&` call operator, and a script's exit
//               code is its last native command's only when it says so. CMD is a single-quoted word
//               (`'` doubled), where PowerShell expands nothing.
//   cmd         `if exist "SCRIPT" (set "HOOKD_SHELL=cmd" & "NODE" "SCRIPT" sync … -- "CMD") else CMD`:
//               the exit code is the bridge's, or CMD's own where hookd is gone. CMD is a double-quoted
//               word (`"` doubled); cmd still expands %VAR% in it once, as it would in the bare entry.
// PowerShell and cmd call hookd as the Node that installed it and the package's dist/bin.js, by their
// absolute paths: npm's hookd.cmd and hookd.ps1 run bin/hookd, an sh script, with /bin/sh, which
// Windows has not (and a .ps1 is refused under PowerShell's default execution policy). The guard is
// then that the package is still there, the Windows form of "hookd is on PATH".
// HOOKD_SHELL tells the bridge which shell runs CMD (windows-shell.ts); Git Bash is its default.
import path from 'node:path';
import { withFallback } from '../settings/fallback-entry.js';
import { shellQuote } from '../common/shell-word.js';
import { packageRoot } from '../common/package-root.js';

export type EntryShell = 'bash' | 'powershell' | 'cmd';

/** What a PowerShell or cmd entry runs for `hookd`: the installed Node and the package's bundle. */
export interface WindowsProgram {
  node: string;
  script: string;
}

/** This installation as a Windows entry calls it: the Node running install, and dist/bin.js beside it. */
export function windowsProgram(root: string = packageRoot(), node: string = process.execPath): WindowsProgram {
  return { node, script: path.join(root, 'dist', 'bin.js') };
}

/** A word PowerShell reads as it is: single-quoted, each `'` doubled. */
export const powershellWord = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** A word cmd and the program's argument parser both read as it is: double-quoted, each `"` doubled. */
export const cmdWord = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** A Windows path as Git Bash reads it: forward slashes. */
export const gitBashPath = (file: string) => file.replaceAll('\\', '/');

const quoteFor = { bash: shellQuote, powershell: powershellWord, cmd: cmdWord } as const;
const PLAIN = /^[A-Za-z0-9_./:=+-]+$/;

const PS_TEST = 'if (Test-Path -LiteralPath ';
const PS_RUN = ") { $env:HOOKD_SHELL = 'powershell'; & ";
const PS_MIDDLE = '; exit $LASTEXITCODE } else { ';
const PS_END = ' }';
const CMD_TEST = 'if exist ';
const CMD_RUN = ' (set "HOOKD_SHELL=cmd" & ';
const CMD_MIDDLE = ') else ';

/**
 * The entry for `shell` that runs `hookd BRIDGE OPTIONS -- CMD` (`bridge`: `emit` or `sync`) where
 * hookd is found, else `command` itself. PowerShell and cmd call `program` (windowsProgram).
 */
export function windowsEntry(
  shell: EntryShell,
  bridge: string,
  options: readonly string[],
  command: string,
  program: WindowsProgram,
): string {
  const quote = quoteFor[shell];
  const words = [bridge, ...options.map((word) => (PLAIN.test(word) ? word : quote(word))), '--', quote(command)];
  if (shell === 'bash') return withFallback(['hookd', ...words].join(' '), command);
  const [node, script] = [quote(program.node), quote(program.script)];
  const line = [node, script, ...words].join(' ');
  if (shell === 'powershell') return `${PS_TEST}${script}${PS_RUN}${line}${PS_MIDDLE}${command}${PS_END}`;
  return `${CMD_TEST}${script}${CMD_RUN}${line}${CMD_MIDDLE}${command}`;
}

/** A PowerShell or cmd entry of windowsEntry's, read back: what it runs where hookd is found, and where it is not. */
export interface WindowsEntry {
  shell: 'powershell' | 'cmd';
  /** The command it runs where hookd is missing: the one the bridge runs, and what uninstall writes back. */
  command: string;
  bridge: 'emit' | 'sync';
  /** The bridge's options, unquoted. */
  options: string[];
  program: WindowsProgram;
}

// One quoted word of each shell, or a bare one.
const PS_WORD = "'(?:[^']|'')*'";
const CMD_WORD = '"(?:[^"]|"")*"';
const unquote = (word: string, mark: string) =>
  word.startsWith(mark) ? word.slice(1, -1).replaceAll(mark + mark, mark) : word;

// `test script; run node script verb options -- ` as a pattern, for PowerShell or cmd.
function headPattern(test: string, run: string, word: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `^${escape(test)}(${word})${escape(run)}(${word}) (${word}) (emit|sync)((?: (?:${word}|[^ '"]+))*) -- $`,
    's',
  );
}
const HEADS = {
  powershell: { pattern: headPattern(PS_TEST, PS_RUN, PS_WORD), word: PS_WORD, mark: "'" },
  cmd: { pattern: headPattern(CMD_TEST, CMD_RUN, CMD_WORD), word: CMD_WORD, mark: '"' },
} as const;

function readHead(shell: 'powershell' | 'cmd', head: string, command: string): WindowsEntry | undefined {
  const { pattern, word, mark } = HEADS[shell];
  const match = pattern.exec(head);
  if (!match || match[1] !== match[3]) return undefined;
  const options = [...match[5]!.matchAll(new RegExp(`${word}|[^ '"]+`, 'gs'))].map((one) => unquote(one[0], mark));
  return {
    shell,
    command,
    bridge: match[4] as 'emit' | 'sync',
    options,
    program: { node: unquote(match[2]!, mark), script: unquote(match[1]!, mark) },
  };
}

/** A PowerShell or cmd entry of windowsEntry's, read back, or undefined for any other command. */
export function windowsFallback(entry: string): WindowsEntry | undefined {
  // CMD may hold the joining words itself: the split whose bridge line quotes exactly the fallback.
  if (entry.startsWith(PS_TEST) && entry.endsWith(PS_END))
    for (let at = entry.indexOf(PS_MIDDLE); at >= 0; at = entry.indexOf(PS_MIDDLE, at + 1)) {
      const command = entry.slice(at + PS_MIDDLE.length, -PS_END.length);
      const quoted = powershellWord(command);
      const head = entry.slice(0, at);
      if (!head.endsWith(` -- ${quoted}`)) continue;
      const read = readHead('powershell', head.slice(0, -quoted.length), command);
      if (read) return read;
    }
  if (entry.startsWith(CMD_TEST))
    for (let at = entry.indexOf(CMD_MIDDLE); at >= 0; at = entry.indexOf(CMD_MIDDLE, at + 1)) {
      const command = entry.slice(at + CMD_MIDDLE.length);
      const quoted = cmdWord(command);
      const head = entry.slice(0, at);
      if (!head.endsWith(` -- ${quoted}`)) continue;
      const read = readHead('cmd', head.slice(0, -quoted.length), command);
      if (read) return read;
    }
  return undefined;
}
