// The one rule a canonical answer's bytes are read by (issue 41, 5), which native/canonical-answer.c
// gets generated: the space around it is what JavaScript's trim takes (Unicode white space and the
// byte-order mark), and ill-formed UTF-8 reads as U+FFFD, as Node's decoder reads it.
import { describe, expect, it } from 'vitest';
import { ANSWER_SPACE, answerText } from '../../src/hif/read-canonical-answer.js';

describe('answerText', () => {
  it('trims exactly the characters of ANSWER_SPACE, which are those trim() takes', () => {
    const trimmed: number[] = [];
    for (let point = 0; point <= 0xffff; point++) if (String.fromCharCode(point).trim() === '') trimmed.push(point);
    expect([...ANSWER_SPACE].sort((a, b) => a - b)).toEqual(trimmed);
  });

  it('reads a byte-order mark and no-break spaces around a denial as space, and nothing inside it', () => {
    expect(answerText(Buffer.from('\ufeff{"decision":"deny"}\u00a0\r\n'))).toBe('{"decision":"deny"}');
    expect(answerText(Buffer.from('{"decision":\u00a0"deny"}'))).toBe('{"decision":\u00a0"deny"}');
  });

  it('reads each ill-formed sequence as one U+FFFD', () => {
    expect(answerText(Buffer.from([0x61, 0xff, 0xc3, 0x28, 0xe2, 0x82, 0x62, 0xf0, 0x9f, 0x98]))).toBe(
      'a\ufffd\ufffd(\ufffdb\ufffd',
    );
  });
});
