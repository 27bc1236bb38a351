// The durations a test may shorten through the environment (HOOKD_PORT_RETRY_MS, HOOKD_LAUNCHER_IDLE_MS):
// a value that is not a whole, positive number of milliseconds setTimeout can wait is ignored, never
// turned into a zero-delay busy loop or a timer Node clamps to 1 ms.
import { afterEach, describe, expect, it } from 'vitest';
import { envMs } from '../../src/common/env-ms.js';

const NAME = 'HOOKD_TEST_ENV_MS';
afterEach(() => delete process.env[NAME]);

describe('envMs', () => {
  it.each([
    ['abc', 3000],
    ['', 3000],
    ['0', 3000],
    ['-5', 3000],
    ['1.5', 3000],
    ['1e3', 3000],
    [' 250 ', 250],
    ['2147483647', 2147483647],
    ['2147483648', 3000],
    ['Infinity', 3000],
    ['0x10', 3000],
    ['250ms', 3000],
  ])('reads %j as %d', (value, expected) => {
    process.env[NAME] = value;
    expect(envMs(NAME, 3000)).toBe(expected);
  });

  it('falls back when unset', () => {
    expect(envMs(NAME, 42)).toBe(42);
  });
});
