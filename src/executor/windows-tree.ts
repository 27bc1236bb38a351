// Ending a hook's whole process tree on Windows, from Node, where no native bridge lends its Job
// Object (windows-job.ts: every process a hook starts, ended together, even one whose parent has
// exited; Node has no API for one). So Node walks the tree: wmic's list of
// processes with their parents (Windows 10 and 11 up to 23H2, and wine), each process ended with
// TerminateProcess (process.kill); where wmic is gone (Windows 11 24H2), `taskkill /T /F`, which
// walks the same links. Neither reaches a grandchild whose parent has already exited (Windows keeps
// no link past it): only a Job Object does.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The processes' parents: pid → parent pid, from wmic's list (UTF-16 with a BOM, or UTF-8): CSV as
 * Windows writes it for /format:csv, or the table wine writes (it ignores /format), columns named
 * in either case (`ProcessId`, wine's `ProcessID`).
 */
export function parseProcessList(output: Buffer): Map<number, number> {
  const text = output[0] === 0xff && output[1] === 0xfe ? output.subarray(2).toString('utf16le') : String(output);
  const parents = new Map<number, number>();
  const cellsOf = (line: string) => line.trim().split(/[,\s]+/);
  const lines = text.split(/\r?\n/).filter((line) => line.trim());
  // wine's header runs its names together (`ParentProcessIDProcessID`): read as the names it holds.
  const header = [...(lines.shift() ?? '').toLowerCase().matchAll(/parentprocessid|processid|node/g)].map((m) => m[0]);
  const [parentAt, pidAt] = [header.indexOf('parentprocessid'), header.indexOf('processid')];
  if (parentAt < 0 || pidAt < 0) return parents;
  for (const line of lines) {
    const cells = cellsOf(line);
    const [pid, parent] = [Number(cells[pidAt]), Number(cells[parentAt])];
    if (Number.isInteger(pid) && Number.isInteger(parent)) parents.set(pid, parent);
  }
  return parents;
}

/** `root` and every process under it, root first. */
export function treeOf(root: number, parents: Map<number, number>): number[] {
  const tree = [root];
  for (let at = 0; at < tree.length; at++)
    for (const [pid, parent] of parents)
      if (parent === tree[at] && pid !== parent && !tree.includes(pid)) tree.push(pid);
  return tree;
}

async function processList(): Promise<Map<number, number> | undefined> {
  try {
    const { stdout } = await run('wmic', ['process', 'get', 'ParentProcessId,ProcessId', '/format:csv'], {
      encoding: 'buffer',
      windowsHide: true,
      timeout: 10_000,
    });
    return parseProcessList(stdout);
  } catch {
    return undefined;
  }
}

/** End `root` and what it started, at once; resolves once that was asked of Windows. */
export async function endTree(root: number): Promise<void> {
  const parents = await processList();
  if (!parents || parents.size === 0) {
    await run('taskkill', ['/T', '/F', '/PID', String(root)], { windowsHide: true }).catch(() => undefined);
    return;
  }
  for (const pid of treeOf(root, parents))
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
}
