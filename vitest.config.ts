import { configDefaults, defineConfig } from 'vitest/config';
import { CLIENTS_TMP } from './test/clients/stray-processes.mjs';

// The end-to-end suite of the real agent clients (test/clients, issue 15): its own project, so
// that its globalSetup (installing the pinned clients, about 900 MB, once per lock file) runs only
// when one of its files is among the tests to run.
const REAL_CLIENTS = [
  'test/clients/claude-code.test.ts',
  'test/clients/claude-code-http.test.ts',
  'test/clients/gemini-cli.test.ts',
  'test/clients/codex.test.ts',
  'test/clients/droid.test.ts',
  'test/clients/droid-files.test.ts',
  'test/clients/copilot.test.ts',
  'test/clients/qwen.test.ts',
  'test/clients/contracts.test.ts',
  'test/clients/trace-context.test.ts',
  'test/clients/deciding-hooks.test.ts',
  'test/clients/session-view-real.test.ts',
  'test/clients/hookd-missing-real.test.ts',
  'test/clients/tolerant-clients.test.ts',
  'test/clients/plugin-clients.test.ts',
  'test/clients/cline.test.ts',
  'test/clients/copilot-inline.test.ts',
  'test/clients/canonical-guard-real.test.ts',
  'test/clients/one-manifest-real.test.ts',
  'test/clients/warm-guards-real.test.ts',
  'test/clients/auggie.test.ts',
  'test/clients/npm-clients-files.test.ts',
];

export default defineConfig({
  test: {
    // Tests start real processes and daemons, and mostly wait on them (hooks that sleep, clients'
    // turns, timeouts): five files at a time on two cores, where vitest's default (one fewer than
    // the cores) ran them one by one, 11 minutes of which 8 were waiting (three took 447 s, four 412 s, with the same tests).
    maxWorkers: 5,
    // Generous, as they only bound a wait: a developer's machine is rarely idle, and beside two busy
    // loops a test takes three to five times as long (issue 29, 8). A test that hangs still fails.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // A worker keeps its loaded modules from one file to the next (about 7 % of the suite's time,
    // most of it loading the same modules again). Each file still stops its own daemons, removes its
    // own folders, and ends with the environment it started with (same-env-each-file.ts).
    isolate: false,
    setupFiles: ['test/helpers/quick-node.ts', 'test/helpers/same-env-each-file.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'hookd',
          include: ['test/**/*.test.ts'],
          // The Windows tier runs under wine, on its own (vitest.windows.config.ts, npm run test:windows).
          exclude: [...configDefaults.exclude, ...REAL_CLIENTS, 'test/windows/**'],
        },
      },
      {
        extends: true,
        test: {
          // Named to sort before `hookd`: vitest starts the projects' files in the order of their
          // names, and these mostly wait on the clients (turns, sleeping hooks), so the CPU-bound
          // files fill the cores beside them rather than leaving them a long tail at the end.
          name: 'clients',
          include: REAL_CLIENTS,
          // Its temp folders under one folder of this run, whose strays the teardown (also on Ctrl-C) kills.
          globalSetup: ['test/clients/install-clients.mjs', 'test/clients/stray-processes.mjs'],
          env: { TMPDIR: CLIENTS_TMP },
          // A test runs the client two or three times, with hooks that sleep; each step has its own hard timeout.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
