// The bearer token of the optional loopback TCP listener: made once, kept in the state directory
// (0600), so only the user can read it and scripts can find it.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The path of the token file in a state directory. */
export function tokenFile(stateDir: string): string {
  return path.join(stateDir, 'local-token');
}

/** The token, created on first use. */
export function readOrCreateToken(stateDir: string): string {
  const file = tokenFile(stateDir);
  try {
    const token = readFileSync(file, 'utf8').trim();
    if (token.length >= 32) return token;
  } catch {
    // Not made yet.
  }
  const token = randomBytes(32).toString('hex');
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return token;
}
