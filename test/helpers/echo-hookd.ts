// A `hookd` that prints the words it was given after `--`: what the client's shell hands the
// bridge of an entry. A program on PATH, not a shell function, since an installed entry `exec`s it.
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from './temp-dir.js';

/** A PATH whose `hookd` prints its words after `--`, then the usual PATH. */
export function echoHookdPath(): string {
  const dir = tempDir('hookd-echo-');
  const program = path.join(dir, 'hookd');
  writeFileSync(program, `#!/bin/sh\nwhile [ "$1" != -- ]; do shift; done; shift; printf '%s' "$*"\n`);
  chmodSync(program, 0o755);
  return `${dir}:${process.env.PATH ?? ''}`;
}
