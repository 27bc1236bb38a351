import { defineConfig } from 'vitest/config';

// The Windows tier (`npm run test:windows`): hookd's Windows code run by Node for Windows under wine
// (scripts/setup-wine-node.mjs, its globalSetup, installs node.exe and the prefix). Its own config,
// kept out of `npm test`: it needs wine, and each wine start costs a second or two.
export default defineConfig({
  test: {
    include: ['test/windows/**/*.test.ts'],
    globalSetup: ['scripts/setup-wine-node.mjs'],
    // wine's processes share one wineserver; two files at a time keep it from being the bottleneck.
    maxWorkers: 2,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: 'forks',
    setupFiles: ['test/helpers/same-env-each-file.ts'],
  },
});
