// A bridge entry in the form the shell that runs it on Windows reads, each one stepping aside where
// that shell finds no hookd (settings/fallback-entry.ts says why: a guard must never fail open):
//
//   Git Bash    `[ -f 'SCRIPT' ] && [ -f 'NODE' ] && exec 'NODE' 'SCRIPT' sync … -- 'CMD'; CMD`: the
//               POSIX form's shape, its paths written with forward slashes: Git Bash reads a backslash
//               as an escape (`C:\Users` becomes `C:Users`).
//   PowerShell  `if ((Test-Path -LiteralPath 'SCRIPT') -and (Test-Path -LiteralPath 'NODE')) {
//               $env:HOOKD_SHELL = 'powershell'; & 'NODE' 'SCRIPT' sync … -- 'CMD'; exit $LASTEXITCODE }
//               else { CMD }`: Windows PowerShell 5.1 has no `&&` or `||`, a quoted program needs the
//               `&` call operator, and a script's exit code is its last native command's only when it
//               says so. CMD is a single-quoted word (`'` doubled), where PowerShell expands nothing.
//   cmd         `if exist "SCRIPT" (set "HOOKD_SHELL=cmd" & "NODE" "SCRIPT" sync … -- "CMD") else CMD`:
//               the exit code is the bridge's, or CMD's own where hookd is gone. CMD is a double-quoted
//               word (`"` doubled); cmd still expands %VAR% in it once, as it would in the bare entry.
// Each calls hookd as the Node that installed it and the package's dist/bin.js, by their absolute
// paths: npm's hookd.cmd and hookd.ps1 run bin/hookd, an sh script, with /bin/sh, which Windows has
// not (and a .ps1 is refused under PowerShell's default execution policy); in Git Bash, bin/hookd
// would run, but its sh fast path for `hookd emit` stores events where the POSIX state folder is, not
// in %LOCALAPPDATA%\hookd where the daemon reads them. The guard is then that both files are still
// there, the Windows form of "hookd is on PATH" (cmd's tests the package alone: its `if` has no `and`
// that keeps an `else`, and no client runs its entries in cmd today).
// HOOKD_SHELL tells the bridge which shell runs CMD (windows-shell.ts); Git Bash is its default.
import path from 'node:path';
import { shellQuote } from '../common/shell-word.js';
import { packageRoot } from '../common/package-root.js';

export type EntryShell = 'bash' | 'powershell' | 'cmd';

/** What a Windows entry runs for `hookd`: the installed Node and the package's bundle. */
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

const BASH_TEST = '[ -f ';
const BASH_AND = ' ] && [ -f ';
const BASH_RUN = ' ] && exec ';
const BASH_MIDDLE = '; ';
const PS_TEST = 'if ((Test-Path -LiteralPath ';
const PS_AND = ') -and (Test-Path -LiteralPath ';
const PS_RUN = ")) { $env:HOOKD_SHELL = 'powershell'; & ";
const PS_MIDDLE = '; exit $LASTEXITCODE } else { ';
const PS_END = ' }';
const CMD_TEST = 'if exist ';
const CMD_RUN = ' (set "HOOKD_SHELL=cmd" & ';
const CMD_MIDDLE = ') else ';

/**
 * The entry for `shell` that runs `hookd BRIDGE OPTIONS -- CMD` (`bridge`: `emit` or `sync`) where
 * hookd is found, else `command` itself, calling `program` (windowsProgram) for hookd.
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
  const written = shell === 'bash' ? gitBashPath : (file: string) => file;
  const [node, script] = [quote(written(program.node)), quote(written(program.script))];
  const line = [node, script, ...words].join(' ');
  if (shell === 'bash') return `${BASH_TEST}${script}${BASH_AND}${node}${BASH_RUN}${line}${BASH_MIDDLE}${command}`;
  if (shell === 'powershell')
    return `${PS_TEST}${script}${PS_AND}${node}${PS_RUN}${line}${PS_MIDDLE}${command}${PS_END}`;
  return `${CMD_TEST}${script}${CMD_RUN}${line}${CMD_MIDDLE}${command}`;
}

/** An entry of windowsEntry's, read back: what it runs where hookd is found, and where it is not. */
export interface WindowsEntry {
  shell: EntryShell;
  /** The command it runs where hookd is missing: the one the bridge runs, and what uninstall writes back. */
  command: string;
  bridge: 'emit' | 'sync';
  /** The bridge's options, unquoted. */
  options: string[];
  /** As written (Git Bash's with forward slashes). */
  program: WindowsProgram;
}

// One quoted word of each shell, or a bare one.
const SH_WORD = "'(?:[^']|'\\\\'')*'";
const PS_WORD = "'(?:[^']|'')*'";
const CMD_WORD = '"(?:[^"]|"")*"';
const unquote = (word: string, mark: string, escaped = mark + mark) =>
  word.startsWith(mark) ? word.slice(1, -1).replaceAll(escaped, mark) : word;

// `test script [and node] run node script verb options -- ` as a pattern, for one shell.
function headPattern(test: string, and: string | undefined, run: string, word: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const node = and === undefined ? '()' : `${escape(and)}(${word})`;
  return new RegExp(
    `^${escape(test)}(${word})${node}${escape(run)}(${word}) (${word}) (emit|sync)((?: (?:${word}|[^ '"]+))*) -- $`,
    's',
  );
}
const HEADS = {
  bash: { pattern: headPattern(BASH_TEST, BASH_AND, BASH_RUN, SH_WORD), word: SH_WORD, mark: "'", escaped: "'\\''" },
  powershell: { pattern: headPattern(PS_TEST, PS_AND, PS_RUN, PS_WORD), word: PS_WORD, mark: "'", escaped: "''" },
  cmd: { pattern: headPattern(CMD_TEST, undefined, CMD_RUN, CMD_WORD), word: CMD_WORD, mark: '"', escaped: '""' },
} as const;

function readHead(shell: EntryShell, head: string, command: string): WindowsEntry | undefined {
  const { pattern, word, mark, escaped } = HEADS[shell];
  const match = pattern.exec(head);
  // The guard tests the very files the entry runs.
  if (!match || match[1] !== match[4] || (match[2] !== '' && match[2] !== match[3])) return undefined;
  const read = (one: string) => unquote(one, mark, escaped);
  const options = [...match[6]!.matchAll(new RegExp(`${word}|[^ '"]+`, 'gs'))].map((one) => read(one[0]));
  return {
    shell,
    command,
    bridge: match[5] as 'emit' | 'sync',
    options,
    program: { node: read(match[3]!), script: read(match[1]!) },
  };
}

// The entry split at each place `middle` stands, the first whose head runs exactly the rest (CMD may hold `middle` itself).
function readSplits(shell: EntryShell, entry: string, middle: string, end = ''): WindowsEntry | undefined {
  for (let at = entry.indexOf(middle); at >= 0; at = entry.indexOf(middle, at + 1)) {
    const command = entry.slice(at + middle.length, entry.length - end.length);
    const quoted = quoteFor[shell](command);
    const head = entry.slice(0, at);
    if (!head.endsWith(` -- ${quoted}`)) continue;
    const read = readHead(shell, head.slice(0, -quoted.length), command);
    if (read) return read;
  }
  return undefined;
}

/** An entry of windowsEntry's, read back, or undefined for any other command. */
export function windowsFallback(entry: string): WindowsEntry | undefined {
  if (entry.startsWith(BASH_TEST)) return readSplits('bash', entry, BASH_MIDDLE);
  if (entry.startsWith(PS_TEST) && entry.endsWith(PS_END)) return readSplits('powershell', entry, PS_MIDDLE, PS_END);
  if (entry.startsWith(CMD_TEST)) return readSplits('cmd', entry, CMD_MIDDLE);
  return undefined;
}
