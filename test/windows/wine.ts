// Windows programs under wine, for the Windows tier: node.exe (scripts/setup-wine-node.mjs sets it
// up, as the tier's globalSetup) and what it starts. A Linux pipe cannot be node.exe's stdin or
// stdout, so a run goes through stdio-files.cjs: its stdin from a file, its output to files, read
// back here byte for byte. Reusable as it is by any test that runs a Windows program.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_EXE, WINE, wineEnv, windowsPath } from '../../scripts/setup-wine-node.mjs';

export { NODE_EXE, WINE, wineEnv, windowsPath };
const STDIO_FILES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'stdio-files.cjs');

export interface WindowsRun {
  code: number | null;
  stdout: Buffer;
  stderr: Buffer;
  /** What wine itself said (its own errors, a program's crash). */
  wine: string;
}

export interface WindowsRunOptions {
  input?: string | Buffer;
  /** Variables added to the run's environment (wine passes the Linux environment on). */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  timeoutMs?: number;
}

/**
 * Run `program args` under wine (`node.exe` for Node for Windows, `cmd` for cmd.exe...) with `input`
 * as its stdin; resolves with its exit code and output once it has ended (or `timeoutMs` passed: the
 * run is killed and its code null).
 */
export async function runWindows(
  program: string,
  args: string[],
  options: WindowsRunOptions = {},
): Promise<WindowsRun> {
  const dir = mkdtempSync(path.join(tmpdir(), 'hookd-wine-'));
  try {
    const input = path.join(dir, 'in');
    writeFileSync(input, options.input ?? '');
    const [out, err] = [path.join(dir, 'out'), path.join(dir, 'err')];
    // wine's own output to a file too: node.exe fails on a Linux pipe even as its stderr (EBADF).
    const wineLog = openSync(path.join(dir, 'wine'), 'w');
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(
        WINE,
        [NODE_EXE, STDIO_FILES, input, out, err, '--', program === 'node.exe' ? NODE_EXE : program, ...args],
        { env: wineEnv({ ...process.env, ...options.env }), cwd: options.cwd, stdio: ['ignore', wineLog, wineLog] },
      );
      const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
      child.on('close', (exit) => {
        clearTimeout(timer);
        resolve(exit);
      });
    });
    closeSync(wineLog);
    const read = (file: string) => {
      try {
        return readFileSync(file);
      } catch {
        return Buffer.alloc(0);
      }
    };
    return { code, stdout: read(out), stderr: read(err), wine: String(read(path.join(dir, 'wine'))) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Start a long-running Windows program (a daemon) under wine, its output ignored (it has files of its
 * own). Killing the returned process ends the Windows program at once, as a crash would.
 */
export function startWindows(program: string, args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(WINE, [program === 'node.exe' ? NODE_EXE : program, ...args], {
    env: wineEnv({ ...process.env, ...env }),
    stdio: 'ignore',
  });
}
