// Reproduction of issue 23: docs/platform-api.md's "Try it offline" block failed as pasted (it
// attached files that do not exist). Here it is pasted into `sh -e` in an empty directory, with the
// built hookd on PATH and nothing of hookd's in the environment; only its port is swapped for a free
// one, since 8787 may be taken on a shared machine. It must succeed and leave no emulator behind.
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { ROOT } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { shellBlocks } from '../docs/shell-blocks.js';
import { processAlive } from '../helpers/process-alive.js';
import { freePort } from '../../bench/free-port.mjs';

afterEach(cleanupTempDirs);

/** The shell block under the heading `## heading` of `page`. */
function blockUnder(page: string, heading: string): string {
  const text = readFileSync(path.join(ROOT, page), 'utf8');
  const at = text.indexOf(`\n## ${heading}\n`);
  expect(at, `${page} has no "## ${heading}"`).toBeGreaterThan(0);
  return shellBlocks(text.slice(at))[0]!.text;
}

describe('issue 23: the "Try it offline" block runs as pasted', () => {
  it('starts the emulator, lists, creates, messages with a picture and a file, and stops it', async () => {
    const port = await freePort();
    const block = blockUnder('docs/platform-api.md', 'Try it offline');
    expect(block).toContain('8787');
    const script = `${block.replaceAll('8787', String(port))}\necho "emulator pid $!"\n`;
    const env = { HOME: tempDir(), PATH: `${path.join(ROOT, 'bin')}:${process.env.PATH}` };
    const result = await execa('sh', ['-e', '-c', script], {
      cwd: tempDir(),
      env,
      extendEnv: false,
      reject: false,
      timeout: 30_000,
    });
    expect(result.exitCode, String(result.stderr)).toBe(0);
    expect(result.stdout).toContain(`the emulator listening on http://127.0.0.1:${port}`);
    expect(result.stdout).toMatch(/^ses_0045 +idle/m);
    expect(result.stdout).toMatch(/^created session ses_\w+ on computer cmp_001/m);
    expect(result.stdout).toMatch(/^message msg_\w+ added to session ses_0045/m);
    const pid = Number(/emulator pid (\d+)/.exec(String(result.stdout))?.[1]);
    expect(pid).toBeGreaterThan(0);
    // `kill $!` stopped it: nothing listens on the port any more.
    await expect.poll(() => processAlive(pid), { timeout: 5000 }).toBe(false);
  });
});
