// The Windows forms of a bridge entry (src/settings/windows-entry.ts): each written as its shell reads
// it, and each read back to the very command it wraps, whatever that command holds (uninstall writes
// it back byte for byte). wine has no PowerShell (a stub) and no Git Bash to run them: these forms
// are checked here as text, against the rules of each shell (test/windows/install.test.ts runs cmd's).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gitBashPath, windowsEntry, windowsFallback } from '../../src/settings/windows-entry.js';

const SYNC = ['--client', 'codex', '--event', 'PreToolUse', '--timeout', '30'];
// An install under a user name with a space, a non-ASCII letter and a quote of each shell.
const PROGRAM = {
  node: 'C:\\Program Files\\nodejs\\node.exe',
  script: 'C:\\Users\\Jürgen O\'Neil "x"\\AppData\\Roaming\\npm\\node_modules\\@hookd-dev\\hookd\\dist\\bin.js',
};
const PS_SCRIPT =
  "'C:\\Users\\Jürgen O''Neil \"x\"\\AppData\\Roaming\\npm\\node_modules\\@hookd-dev\\hookd\\dist\\bin.js'";
const CMD_SCRIPT =
  '"C:\\Users\\Jürgen O\'Neil ""x""\\AppData\\Roaming\\npm\\node_modules\\@hookd-dev\\hookd\\dist\\bin.js"';

describe('the Windows forms of an entry', () => {
  it('writes PowerShell 5.1: the & call operator, no || or &&, the hook exit code passed on, CMD single-quoted', () => {
    const command = `& "C:\\Program Files\\guard\\guard.exe" --user $env:USERNAME 'it''s'`;
    const entry = windowsEntry('powershell', 'sync', SYNC, command, PROGRAM);
    expect(entry).toBe(
      `if ((Test-Path -LiteralPath ${PS_SCRIPT}) -and (Test-Path -LiteralPath 'C:\\Program Files\\nodejs\\node.exe')) { $env:HOOKD_SHELL = 'powershell'; & 'C:\\Program Files\\nodejs\\node.exe' ${PS_SCRIPT} sync --client codex --event PreToolUse --timeout 30 -- ` +
        `'& "C:\\Program Files\\guard\\guard.exe" --user $env:USERNAME ''it''''s'''; exit $LASTEXITCODE } else { ${command} }`,
    );
    expect(entry).not.toMatch(/\|\||&&/);
  });

  it('writes cmd: the fallback keeps its own exit code, a blocking hookd never runs CMD twice, CMD double-quoted', () => {
    const command = 'python "C:\\hooks\\check.py" %USERPROFILE%';
    expect(windowsEntry('cmd', 'emit', [], command, PROGRAM)).toBe(
      `if exist ${CMD_SCRIPT} (set "HOOKD_SHELL=cmd" & "C:\\Program Files\\nodejs\\node.exe" ${CMD_SCRIPT} emit -- ` +
        '"python ""C:\\hooks\\check.py"" %USERPROFILE%") else python "C:\\hooks\\check.py" %USERPROFILE%',
    );
  });

  it("writes Git Bash the POSIX form's shape, its paths with forward slashes", () => {
    expect(gitBashPath('C:\\Users\\Jürgen Ñ\\.claude\\hooks\\guard.sh')).toBe(
      'C:/Users/Jürgen Ñ/.claude/hooks/guard.sh',
    );
    const script = `'C:/Users/Jürgen O'\\''Neil "x"/AppData/Roaming/npm/node_modules/@hookd-dev/hookd/dist/bin.js'`;
    expect(windowsEntry('bash', 'sync', [...SYNC, '--state-dir', 'C:\\a b'], 'C:/hooks/guard.sh', PROGRAM)).toBe(
      `[ -f ${script} ] && [ -f 'C:/Program Files/nodejs/node.exe' ] && exec 'C:/Program Files/nodejs/node.exe' ${script} ` +
        "sync --client codex --event PreToolUse --timeout 30 --state-dir 'C:\\a b' -- 'C:/hooks/guard.sh'; C:/hooks/guard.sh",
    );
  });

  it('reads back the command each entry wraps, whatever it holds', () => {
    const tricky = fc.oneof(
      fc.string(),
      fc.constantFrom(
        "; exit $LASTEXITCODE } else { '",
        ') else x',
        ' -- "x") else ',
        '"""',
        "''",
        '\r\n',
        "; '\\''",
        " -- 'x'; ",
      ),
    );
    fc.assert(
      fc.property(
        fc.array(tricky, { maxLength: 4 }).map((parts) => parts.join('')),
        fc.constantFrom('bash', 'powershell', 'cmd'),
        (command, shell) => {
          const entry = windowsEntry(
            shell as 'bash' | 'powershell' | 'cmd',
            'sync',
            [...SYNC, '--state-dir', 'C:\\a b'],
            command,
            PROGRAM,
          );
          expect(windowsFallback(entry)).toEqual({
            shell,
            command,
            bridge: 'sync',
            options: [...SYNC, '--state-dir', 'C:\\a b'],
            program:
              shell === 'bash' ? { node: gitBashPath(PROGRAM.node), script: gitBashPath(PROGRAM.script) } : PROGRAM,
          });
        },
      ),
    );
  });

  it('reads nothing back from an entry it did not write', () => {
    expect(windowsFallback('hookd sync -- "x"')).toBeUndefined();
    // The test names another file than the one run: not hookd's.
    const entry = windowsEntry('powershell', 'sync', SYNC, 'x', PROGRAM);
    expect(
      windowsFallback(
        entry.replace(
          `& 'C:\\Program Files\\nodejs\\node.exe' ${PS_SCRIPT}`,
          "& 'C:\\Program Files\\nodejs\\node.exe' 'C:\\evil.js'",
        ),
      ),
    ).toBeUndefined();
    // Nor where the guard tests another Node than the one it runs.
    const otherNode = entry.replace("-LiteralPath 'C:\\Program Files\\nodejs\\node.exe'", "-LiteralPath 'C:\\x.exe'");
    expect(otherNode).not.toBe(entry);
    expect(windowsFallback(otherNode)).toBeUndefined();
    expect(windowsFallback("command -v hookd >/dev/null 2>&1 && exec hookd sync -- 'x'; x")).toBeUndefined();
  });
});
