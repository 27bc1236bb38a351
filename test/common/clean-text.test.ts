// The one rule that cleans what the CLI prints from runs (src/common/terminal/clean-text.ts): every
// terminal control sequence goes, newlines and tabs stay, the text around them stays.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cleanLine, cleanText } from '../../src/common/terminal/clean-text.js';

const CASES: [string, string, string][] = [
  ['OSC 52 (a clipboard write) ended by BEL', 'a\x1b]52;c;aGVsbG8gd29ybGQ+Lz0=\x07b', 'ab'],
  ['OSC 8 (a link) ended by ST', '\x1b]8;;http://evil.example/\x1b\\click\x1b]8;;\x1b\\', 'click'],
  ['a screen clear and a cursor move', 'x\x1b[2J\x1b[H\x1b[10;20Hy', 'xy'],
  ['colour', '\x1b[1;31mred\x1b[0m', 'red'],
  ['an unterminated OSC ends at the end of its line', 'ok\x1b]52;c;AAAA\nnext line', 'ok\nnext line'],
  ['8-bit CSI and OSC', 'a\x9b2Jb\x9d52;c;AA\x07c', 'abc'],
  ['a reset (ESC c) and a charset switch (ESC ( B)', '\x1bcA\x1b(BB', 'AB'],
  ['a bare CR, a backspace, BEL, DEL', 'one\rtwo\bthree\x07four\x7f', 'onetwothreefour'],
  ['CRLF becomes LF; tabs and newlines stay', 'a\r\nb\tc\n', 'a\nb\tc\n'],
  ['wide characters and emoji are kept', '日本語 ✓ 🎉', '日本語 ✓ 🎉'],
];

describe('cleanText', () => {
  for (const [what, input, expected] of CASES) it(what, () => expect(cleanText(input)).toBe(expected));

  it('cleanLine puts the text on one line', () => {
    expect(cleanLine('a\n  b\tc\x1b[2J')).toBe('a b c');
  });

  it('leaves no escape, no C0 control but tab and newline, and no C1 control in any text', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(
            fc.constantFrom('\x1b', '\x07', '\x9b', '\x9d', '\x9c', '\r', '[', ']', '\\', ';', '2', 'J', 'm'),
            fc.integer({ min: 0, max: 0x2ff }).map((code) => String.fromCharCode(code)),
          ),
        }),
        (text) => {
          expect(cleanText(text)).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
        },
      ),
    );
  });

  it('keeps text without controls exactly as it was', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ' ', '\n', '\t', 'é', '日', '[', ']', ';') }), (text) => {
        expect(cleanText(text)).toBe(text);
      }),
    );
  });
});
