// The bridges' one option table and its reader: the words of an entry read the way bin/hookd and
// the native bridge read them (those two are generated from the same table).
import { describe, expect, it } from 'vitest';
import { EMIT_OPTIONS, SYNC_OPTIONS, parseBridgeArgs, type BridgeOptions } from '../../src/clients/bridge-options.js';

describe('parseBridgeArgs', () => {
  it('reads the options up front, a later one winning, then an optional -- and the command', () => {
    expect(
      parseBridgeArgs(EMIT_OPTIONS, [
        '--state-dir',
        '/s',
        '--event',
        'a',
        '--event',
        'agentStop',
        '--payload-arg',
        '--',
        'notify',
        '{}',
      ]),
    ).toEqual({
      options: { stateDir: '/s', event: 'agentStop', payloadArg: true },
      help: false,
      dashDash: true,
      command: ['notify', '{}'],
    });
    expect(parseBridgeArgs(SYNC_OPTIONS, ['--client', 'claude', '--timeout', '30', 'gate.sh', '--event', 'x'])).toEqual(
      {
        options: { client: 'claude', timeout: '30' },
        help: false,
        dashDash: false,
        command: ['gate.sh', '--event', 'x'],
      },
    );
  });

  it('ends the options at the first word that does not start with -, or at --', () => {
    expect(parseBridgeArgs(EMIT_OPTIONS, ['log.sh', '--', 'x']).command).toEqual(['log.sh', '--', 'x']);
    expect(parseBridgeArgs(SYNC_OPTIONS, ['--timeout', '5', 'gate.sh', '--bogus'])).toEqual({
      options: { timeout: '5' },
      help: false,
      dashDash: false,
      command: ['gate.sh', '--bogus'],
    });
  });

  it('reads --opt=value as --opt value (a value may hold =)', () => {
    expect(
      parseBridgeArgs(SYNC_OPTIONS, ['--timeout=5', '--client=claude', '--state-dir=/a=b', '--canonical', '--', 'x']),
    ).toEqual({
      options: { timeout: '5', client: 'claude', stateDir: '/a=b', canonical: true },
      help: false,
      dashDash: true,
      command: ['x'],
    });
  });

  // Issue 41, 8: such a word used to begin CMD, and `sh -c --timeout=5` exits 2, a block nobody decided.
  it('says which word before CMD it cannot read, and why: no option of the table, a switch given a value, a missing value', () => {
    const unreadable = (table: BridgeOptions, words: string[]) => parseBridgeArgs(table, words).unreadable;
    expect(unreadable(SYNC_OPTIONS, ['--timeout=5', '--bogus', '--', 'x'])).toEqual({
      word: '--bogus',
      why: 'unknown option --bogus',
    });
    expect(unreadable(SYNC_OPTIONS, ['-x', 'gate.sh'])).toEqual({ word: '-x', why: 'unknown option -x' });
    // A switch of one bridge is no option of the other.
    expect(unreadable(SYNC_OPTIONS, ['--payload-arg', 'x'])).toEqual({
      word: '--payload-arg',
      why: 'unknown option --payload-arg',
    });
    expect(unreadable(EMIT_OPTIONS, ['--canonical=yes', '--', 'x'])).toEqual({
      word: '--canonical=yes',
      why: '--canonical takes no value (--canonical=yes)',
    });
    expect(parseBridgeArgs(EMIT_OPTIONS, ['--event'])).toEqual({
      options: {},
      help: false,
      dashDash: false,
      command: ['--event'],
      unreadable: { word: '--event', why: '--event needs a value' },
    });
    expect(unreadable(SYNC_OPTIONS, ['--client', 'claude', '--', '--bogus'])).toBeUndefined();
  });

  it('says when help is asked after the options, and only there', () => {
    expect(parseBridgeArgs(EMIT_OPTIONS, ['--event', 'Stop', '--help']).help).toBe(true);
    expect(parseBridgeArgs(EMIT_OPTIONS, ['-h']).help).toBe(true);
    expect(parseBridgeArgs(EMIT_OPTIONS, ['--', '--help']).help).toBe(false);
    expect(parseBridgeArgs(EMIT_OPTIONS, ['cmd', '--help']).help).toBe(false);
  });
});
