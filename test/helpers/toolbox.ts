// A PATH made of chosen tools and fakes, for tests that give hookd exactly the environment a
// user's or a service's would be.
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { findOnPath } from '../../src/common/find-on-path.js';
import { tempDir } from './temp-dir.js';

/** A fake program that records its arguments (NUL-separated) and stdin in $RECORD_DIR/NAME.{args,stdin}, then exits $FAKE_EXIT (0). */
export function fakeProgram(dir: string, name: string, extra = ''): void {
  const file = path.join(dir, name);
  writeFileSync(
    file,
    `#!/bin/sh
for a in "$@"; do printf '%s\\0' "$a"; done >> "$RECORD_DIR/${name}.args"
printf '\\n' >> "$RECORD_DIR/${name}.args"
${extra}
[ -t 0 ] || cat > "$RECORD_DIR/${name}.stdin"
exit \${FAKE_EXIT:-0}
`,
  );
  chmodSync(file, 0o755);
}

/** A bin directory holding `node` (bin/hookd execs it), links to the real `tools` and fakes of `fakes`; PATH is only this. */
export function toolbox(tools: readonly string[], fakes: readonly string[] = []): string {
  const dir = path.join(tempDir('hookd-bin-'), 'bin');
  mkdirSync(dir);
  symlinkSync(process.execPath, path.join(dir, 'node'));
  for (const tool of tools) {
    const found = findOnPath(tool, process.env.PATH);
    if (!found) throw new Error(`the tests need ${tool} on PATH`);
    symlinkSync(found.real, path.join(dir, tool));
  }
  for (const fake of fakes) fakeProgram(dir, fake);
  return dir;
}

/** The calls a fake received: one array of arguments per call. */
export function calls(recordDir: string, name: string, read: (file: string) => string): string[][] {
  let text = '';
  try {
    text = read(path.join(recordDir, `${name}.args`));
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\0').slice(0, -1));
}
