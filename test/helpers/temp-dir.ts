// Each test owns a temp directory; `afterEach(cleanup)` removes them all.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const made: string[] = [];

/** A fresh private temp directory. */
export function tempDir(prefix = 'hookd-test-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Remove every temp directory made so far. */
export function cleanupTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Every file under `dir`, at any depth (a file a running daemon removes meanwhile is left out). */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file, { throwIfNoEntry: false })?.isFile());
}
