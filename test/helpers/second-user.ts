// A second local user, for the attacks that need one (issue 11: another user repoints a symlink,
// or opens connections). Creating a user needs root: CI runs the tests as root, and the tests that
// need one say so and do not run elsewhere.
import { execa } from 'execa';

/** The other local user's name; made by the tests when missing. */
export const OTHER_USER = 'hookd-attacker';

/** Whether this process can create a user and act as one (root). */
export const isRoot = process.getuid?.() === 0;

/** The other user's uid, creating the user (no home, no login) if missing. */
export async function otherUser(): Promise<number> {
  const found = await execa('id', ['-u', OTHER_USER], { reject: false });
  if (found.exitCode !== 0) {
    // Two test files may race to create it: the loser's failure is fine if the user now exists.
    await execa('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', OTHER_USER], { reject: false });
  }
  return Number((await execa('id', ['-u', OTHER_USER])).stdout);
}

/** Run `command` as the other user. */
export function asOtherUser(command: string[], options: { env?: Record<string, string>; input?: string } = {}) {
  return execa('runuser', ['-u', OTHER_USER, '--', ...command], { reject: false, timeout: 60_000, ...options });
}
