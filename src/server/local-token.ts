// The bearer token of the loopback TCP listener: made once, kept in the state directory (0600), so
// only the user can read it and scripts can find it. It can be rotated (`hookd token rotate`, and
// by the daemon itself when it sees another user's listener on its port, which may have received
// it): the daemon holds it in a LocalToken and checks requests against the current one.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The path of the token file in a state directory. */
export function tokenFile(stateDir: string): string {
  return path.join(stateDir, 'local-token');
}

/** Write a new token into the state directory (a private file, renamed into place), and return it. */
export function writeNewToken(stateDir: string): string {
  const file = tokenFile(stateDir);
  const token = randomBytes(32).toString('hex');
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, `${token}\n`, { mode: 0o600 });
    chmodSync(temp, 0o600);
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  return token;
}

/** The token, created on first use. */
export function readOrCreateToken(stateDir: string): string {
  try {
    const token = readFileSync(tokenFile(stateDir), 'utf8').trim();
    if (token.length >= 32) return token;
  } catch {
    // Not made yet.
  }
  return writeNewToken(stateDir);
}

/** The daemon's token: checked in constant time, rotated in place. */
export class LocalToken {
  private value: string;

  constructor(private readonly stateDir: string) {
    this.value = readOrCreateToken(stateDir);
  }

  /** Whether an Authorization header carries the current token. */
  matches(header: string | undefined): boolean {
    const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
    const expected = Buffer.from(this.value);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Replace the token, in the file and here: the old one is refused from now on. */
  rotate(): void {
    this.value = writeNewToken(this.stateDir);
  }
}
