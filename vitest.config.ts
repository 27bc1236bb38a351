import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Tests start real processes and daemons; two cores are shared between them.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
