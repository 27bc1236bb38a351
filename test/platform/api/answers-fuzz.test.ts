// The readers of answers under arbitrary input (fast-check): whatever bytes or JSON a server sends,
// reading it against an endpoint's schema, summarising it as an error and showing any of its
// values never throws, and nothing shown carries a control character.
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { toApiError } from '../../../src/platform/api/api-error.js';
import { excerpt } from '../../../src/platform/api/answer-text.js';
import { readBody } from '../../../src/platform/api/read-answer.js';
import { ENDPOINTS } from '../../../src/platform/api/endpoints.js';
import { cell, field, shellWord, showTime } from '../../../src/platform/commands/api-output.js';

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/;
const anyBody = fc.oneof(
  fc.uint8Array({ maxLength: 400 }).map((bytes) => Buffer.from(bytes)),
  fc.string({ unit: 'binary', maxLength: 300 }).map((text) => Buffer.from(text)),
  fc.jsonValue({ maxDepth: 6 }).map((value) => Buffer.from(JSON.stringify(value) ?? '')),
  fc
    .record(
      { title: fc.jsonValue(), detail: fc.jsonValue(), message: fc.jsonValue(), error: fc.jsonValue() },
      { requiredKeys: [] },
    )
    .map((value) => Buffer.from(JSON.stringify(value))),
  fc
    .string({ maxLength: 200 })
    .map((text) =>
      Buffer.from(`<html><head><title>${text}</title></head><body>${text}<script>${text}</script></body></html>`),
    ),
);

describe('answers of any shape', () => {
  test('an error answer of any status and body is one clean line', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 599 }),
        anyBody,
        fc.constantFrom('GET', 'POST', 'PUT'),
        (status, body, method) => {
          const error = toApiError({
            method,
            url: new URL('http://api.test/api/v0/sessions'),
            status,
            body,
            keyHolder: 'here',
            apiBasePath: '',
          });
          expect(error.message).toContain(`(HTTP ${status})`);
          expect(error.message).not.toMatch(CONTROL);
          expect(error.message.length).toBeLessThan(1000);
          expect(excerpt(body)).not.toMatch(CONTROL);
        },
      ),
      { numRuns: 400 },
    );
  });

  test('a success answer of any body is read against every schema without throwing', () => {
    const endpoints = Object.values(ENDPOINTS);
    fc.assert(
      fc.property(fc.constantFrom(...endpoints), anyBody, (endpoint, body) => {
        const read = readBody(endpoint.answer, 200, body, endpoint.name);
        if (read.ok)
          for (const warning of read.warnings) expect(warning.text).toMatch(new RegExp(`^${endpoint.name}: `));
        else expect(read.excerpt).not.toMatch(CONTROL);
      }),
      { numRuns: 400 },
    );
  });

  test('any value of an answer shows as a clean line', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), fc.string({ unit: 'binary', maxLength: 100 }), (value, text) => {
        for (const shown of [
          cell(value),
          cell(text),
          showTime(value),
          showTime(text),
          cell(field(value, 'a', 0, 'b')),
        ]) {
          expect(shown).not.toMatch(CONTROL);
          expect(shown.length).toBeLessThanOrEqual(200);
        }
      }),
      { numRuns: 400 },
    );
  });

  test('a cursor or id from the server, in a hint to paste, is one shell word meaning itself', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (value) => {
        const word = shellWord(value);
        expect(word).not.toMatch(CONTROL);
        const pasted = execFileSync('sh', ['-c', `printf %s ${word}`], { encoding: 'utf8' });
        if (!word.startsWith("'")) expect(pasted).toBe(word);
        if (!/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\s]/.test(value))
          expect(pasted).toBe(value);
      }),
      { numRuns: 150 },
    );
  });
});
