// The bridges' one option table and its reader: the words of an entry read the way bin/hookd and
// the native bridge read them (those two are generated from the same table).
import { describe, expect, it } from 'vitest';
import { EMIT_OPTIONS, SYNC_OPTIONS, parseBridgeArgs } from '../../src/clients/bridge-options.js';

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

  it('ends the options at the first word that is none, or at an option whose value is missing', () => {
    expect(parseBridgeArgs(EMIT_OPTIONS, ['log.sh', '--', 'x']).command).toEqual(['log.sh', '--', 'x']);
    expect(parseBridgeArgs(EMIT_OPTIONS, ['--event'])).toEqual({
      options: {},
      help: false,
      dashDash: false,
      command: ['--event'],
    });
    // A switch of one bridge is a word of the command to the other.
    expect(parseBridgeArgs(SYNC_OPTIONS, ['--payload-arg', 'x']).command).toEqual(['--payload-arg', 'x']);
  });

  it('says when help is asked after the options, and only there', () => {
    expect(parseBridgeArgs(EMIT_OPTIONS, ['--event', 'Stop', '--help']).help).toBe(true);
    expect(parseBridgeArgs(EMIT_OPTIONS, ['-h']).help).toBe(true);
    expect(parseBridgeArgs(EMIT_OPTIONS, ['--', '--help']).help).toBe(false);
    expect(parseBridgeArgs(EMIT_OPTIONS, ['cmd', '--help']).help).toBe(false);
  });
});
