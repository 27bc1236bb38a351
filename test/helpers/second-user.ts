// A second local user, for the attacks that need one (issue 11: another user repoints a symlink,
// or opens connections). Creating a user needs root: CI runs the tests as root, and the tests that
// need one say so and do not run elsewhere.
import { execa, type ResultPromise } from 'execa';
import { rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { waitFor } from './wait-for.js';

/** The other local user's name; made by the tests when missing. */
export const OTHER_USER = 'hookd-attacker';

/** Whether this process can create a user and act as one (root). */
export const isRoot = process.getuid?.() === 0;

/** The other user's uid, creating the user (no home, no login) if missing. */
export async function otherUser(): Promise<number> {
  const found = await execa('id', ['-u', OTHER_USER], { reject: false });
  if (found.exitCode !== 0) {
    // Two test files may race to create it: the loser's failure is fine if the user now exists.
    await execa('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', OTHER_USER], {
      reject: false,
    });
  }
  return Number((await execa('id', ['-u', OTHER_USER])).stdout);
}

/** Run `command` as the other user. */
export function asOtherUser(command: string[], options: { env?: Record<string, string>; input?: string } = {}) {
  return execa('runuser', ['-u', OTHER_USER, '--', ...command], { reject: false, timeout: 60_000, ...options });
}

// The other user's server: records each request's headers in `log`, answers 204; prints "listening" or the error code.
const LISTENER = `const [host, port, log] = process.argv.slice(1);
require('http').createServer((req, res) => { require('fs').appendFileSync(log, JSON.stringify(req.headers) + '\\n'); res.writeHead(204); res.end(); })
  .on('error', (e) => { console.log(e.code); process.exit(3); })
  .listen(Number(port), host, () => console.log('listening'));
setTimeout(() => process.exit(0), 120000);`;

const listening: { child: ResultPromise; log: string }[] = [];

/** The other user listens on host:port: what it said ("listening" or the error code), the file of the requests it got, and its process. */
export async function otherUserListens(
  host: string,
  port: number,
): Promise<{ said: string; log: string; child: ResultPromise }> {
  const log = path.join('/tmp', `hookd-attacker-${randomBytes(4).toString('hex')}.log`);
  const child = execa('runuser', ['-u', OTHER_USER, '--', process.execPath, '-e', LISTENER, host, String(port), log], {
    reject: false,
    buffer: false,
  });
  listening.push({ child, log });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const said = await waitFor(`the other user's listener on ${host}:${port}`, () => out.trim().split('\n')[0]);
  return { said, log, child };
}

/** Stop every listener of the other user and remove their files (for afterEach). */
export async function stopOtherUserListeners(): Promise<void> {
  for (const { child, log } of listening.splice(0)) {
    // runuser passes SIGTERM on to the listener it started.
    child.kill('SIGTERM');
    await child.catch(() => undefined);
    rmSync(log, { force: true });
  }
}
