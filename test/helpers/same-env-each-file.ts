// A setup file of every test file (vitest.config.ts). A worker runs many test files one after the
// other in one process (isolate: false), so what one file does to process.env (a HOME in a temp
// folder it then removes, a shortened idle time) must not reach the next: each file ends with the
// environment it started with.
import { afterAll } from 'vitest';

const atStart = { ...process.env };

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in atStart)) delete process.env[name];
  Object.assign(process.env, atStart);
});
