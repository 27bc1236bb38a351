// Bundles the command line (tsc's dist/cli/main.js and the packages it imports) into dist/bin.js and
// dist/chunks/, after tsc, in `npm run build`. Every command starts Node: one file and a few chunks
// load in about half the CPU of the ~190 modules (95 of them zod's) they come from. Each import()
// stays a chunk of its own, so the bridges, `hookd emit` and `hookd sync`, load none of the command
// table, and OpenTelemetry loads only when configured. The rest of dist/ stays tsc's, unbundled:
// the launcher the daemon forks (dist/executor/posix-launcher.js) and the modules scripts/ import.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
rmSync(path.join(dist, 'chunks'), { recursive: true, force: true });
await build({
  input: path.join(dist, 'cli', 'main.js'),
  platform: 'node',
  // A package's ES module before its "main": jsonc-parser's "main" is a UMD whose factory requires
  // its own files at run time, which no bundle can follow.
  resolve: { mainFields: ['module', 'main'] },
  logLevel: 'warn',
  output: {
    dir: dist,
    format: 'esm',
    entryFileNames: 'bin.js',
    chunkFileNames: 'chunks/[name]-[hash].js',
  },
});
// The guards' part of hookd, in one file (src/hif/guard-fields.ts says why).
await build({
  input: path.join(dist, 'hif', 'guard-fields.js'),
  platform: 'node',
  resolve: { mainFields: ['module', 'main'] },
  logLevel: 'warn',
  output: { file: path.join(dist, 'guard-fields.js'), format: 'esm' },
});
