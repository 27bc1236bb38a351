// The error catalogue is data: every code has an exit code and a meaning, every templated code
// makes its message from its facts, an error takes its exit code from its code alone, and the
// exit-code tables of the commands' help agree with it.
import { describe, expect, it } from 'vitest';
import {
  ERROR_CATALOGUE,
  says,
  type ErrorCode,
  type FactsOf,
  type FreeCode,
  type TemplatedCode,
} from '../../src/common/error-catalogue.js';
import { CheckFailed, HookdError, UsageError, fail, factsOf } from '../../src/common/errors.js';
import { DEFAULT_EXIT_CODES, EXIT_CODES } from '../../src/cli/exit-codes.js';

const codes = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

/** Facts for each templated code: a new templated code does not compile until it has some. */
const samples: { [C in TemplatedCode]: FactsOf<C> } = {
  ESTATE_RELATIVE: { from: '--state-dir', given: 'state' },
  ENODAEMON: { needs: 'retry needs the daemon', socket: '/s/hookd.sock', why: 'ENOENT' },
  EDAEMON: { asked: 'GET /sessions', status: 500 },
  EDAEMON_REFUSED: { asked: 'GET /runs', status: 400, detail: 'since must be a duration ago' },
  EDAEMON_BODY: { asked: 'GET /status', status: 200, problems: 'answer.pid: expected a number' },
  ELISTEN: { where: '127.0.0.1:80', reason: 'permission denied' },
};
const templated = Object.keys(samples) as TemplatedCode[];

describe('the error catalogue', () => {
  it('gives every code an exit code of 1 or 2 and a meaning', () => {
    expect(codes.length).toBeGreaterThan(20);
    for (const code of codes) {
      expect(code).toMatch(/^E[A-Z_]+$/);
      expect([1, 2]).toContain(ERROR_CATALOGUE[code].exit);
      expect(ERROR_CATALOGUE[code].means.trim()).not.toBe('');
    }
  });

  it('makes the message of every templated code from its facts, and keeps the facts on the error', () => {
    for (const code of templated) {
      const error = fail(code, samples[code] as never);
      expect(error.message).toBe(says(code, samples[code] as never));
      expect(error.message.trim()).not.toBe('');
      expect(error.exitCode).toBe(ERROR_CATALOGUE[code].exit);
      expect(factsOf(error, code)).toEqual(samples[code]);
    }
    expect(fail('ESTATE_RELATIVE', samples.ESTATE_RELATIVE).message).toBe(
      '--state-dir: the state directory must be an absolute path (or start with ~/), got "state"',
    );
    expect(says('ESTATE_RELATIVE', { given: 'state' })).toBe(
      'the state directory must be an absolute path (or start with ~/), got "state"',
    );
    expect(fail('ENODAEMON', samples.ENODAEMON).message).toBe(
      'retry needs the daemon, and it is not running (no answer on /s/hookd.sock: ENOENT); start it with: hookd daemon',
    );
    // The daemon's own sentence when it gave one; else what was asked and the status.
    expect(fail('EDAEMON_REFUSED', samples.EDAEMON_REFUSED).message).toBe('since must be a duration ago');
    expect(fail('EDAEMON', samples.EDAEMON).message).toBe('GET /sessions: the daemon answered HTTP 500');
    expect(fail('EDAEMON', { status: 409, detail: { not: 'a sentence' } }).message).toBe(
      'the daemon answered HTTP 409',
    );
    expect(fail('ELISTEN', samples.ELISTEN).message).toBe('cannot listen on 127.0.0.1:80: permission denied');
    expect(fail('EDAEMON_BODY', samples.EDAEMON_BODY).message).toBe(
      'GET /status: the daemon answered HTTP 200 with an unexpected body (answer.pid: expected a number); is it another version of hookd?',
    );
  });

  it("takes an error's exit code from its code alone, also when it is told again with more context", () => {
    for (const code of codes.filter((code): code is FreeCode => !templated.includes(code as TemplatedCode)))
      expect(new HookdError(code, 'x').exitCode).toBe(ERROR_CATALOGUE[code].exit);
    expect(new UsageError('bad').exitCode).toBe(2);
    expect(new CheckFailed('no').exitCode).toBe(1);
    const first = new HookdError('ESETTINGS', 'broken');
    const again = first.retold('broken\nthe walk stopped');
    expect(again).toMatchObject({ code: 'ESETTINGS', exitCode: 2, message: 'broken\nthe walk stopped', cause: first });
    expect(factsOf(first, 'ENODAEMON')).toBeUndefined();
    expect(factsOf(new Error('x'), 'ENODAEMON')).toBeUndefined();
  });

  it("agrees with the exit-code tables of the commands' help", () => {
    const tables = [DEFAULT_EXIT_CODES, ...Object.values(EXIT_CODES)];
    // Every exit code an error can have is one the default table explains.
    const documented = DEFAULT_EXIT_CODES.map(([code]) => code);
    for (const code of codes) expect(documented).toContain(ERROR_CATALOGUE[code].exit);
    // Exit 2 is bad input in every table that has it, in the catalogue's words.
    for (const table of tables) {
      const two = table.find(([code]) => code === 2);
      if (two) expect(two[1].startsWith(ERROR_CATALOGUE.EUSAGE.means)).toBe(true);
    }
    // Only two commands have a code past 2, each chosen by the command, not by an error: `run`'s
    // block (a hook that blocked is not one that failed) and `limits set`'s partial success.
    const beyond = Object.entries(EXIT_CODES)
      .filter(([, table]) => table.some(([code]) => code > 2))
      .map(([path]) => path);
    expect(beyond).toEqual(['run', 'api limits set']);
  });
});
