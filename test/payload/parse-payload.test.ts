import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parsePayload } from '../../src/payload/parse-payload.js';
import { samplePayload } from '../../src/payload/sample-payload.js';
import { FIXTURES } from '../helpers/paths.js';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const base = { session_id: 's1', hook_event_name: 'Stop', cwd: '/tmp' };

describe('payloads', () => {
  const dir = path.join(FIXTURES, 'payloads');
  for (const name of readdirSync(dir)) {
    it(`accepts the sample ${name}, keeping its bytes`, () => {
      const bytes = readFileSync(path.join(dir, name));
      const result = parsePayload(bytes, name);
      expect(result.ok ? result.payload.bytes : result.reason).toBe(bytes);
    });
  }

  it('keeps unknown fields and accepts values it has not seen (SessionEnd reason "error", new fields)', () => {
    const result = parsePayload(
      json({ ...base, hook_event_name: 'SessionEnd', reason: 'brand_new_reason', extra: { deep: [1] } }),
    );
    expect(result.ok && result.payload.data.extra).toEqual({ deep: [1] });
  });

  it('accepts the camelCase names one client sent', () => {
    const result = parsePayload(json({ sessionId: 's9', hookEventName: 'Notification', message: 'hi', cwd: '/' }));
    expect(result.ok && { event: result.payload.event, session: result.payload.sessionId }).toEqual({
      event: 'Notification',
      session: 's9',
    });
  });

  it('handles any other event generically', () => {
    expect(parsePayload(json({ ...base, hook_event_name: 'PreCompact', trigger: 'auto' })).ok).toBe(true);
  });

  it('refuses, with a clear reason: not JSON, not an object, empty, over 32 MiB, wrong types, missing fields', () => {
    const reason = (bytes: Buffer) => {
      const result = parsePayload(bytes, 'p.json');
      return result.ok ? 'accepted' : result.reason;
    };
    expect(reason(Buffer.from('{nope'))).toMatch(/^p\.json: not valid JSON/);
    expect(reason(json([1, 2]))).toBe('p.json: expected a JSON object, got an array');
    expect(reason(json('text'))).toBe('p.json: expected a JSON object, got a string');
    expect(reason(json(null))).toBe('p.json: expected a JSON object, got null');
    expect(reason(Buffer.from(''))).toBe('p.json: empty; expected a JSON object');
    expect(reason(Buffer.alloc(33 * 1024 * 1024, 32))).toMatch(/^p\.json: 34603008 bytes is over the 32 MiB limit/);
    expect(reason(json({ ...base, stop_hook_active: 'yes' }))).toBe(
      'p.json: stop_hook_active: expected a boolean, got "yes"',
    );
    expect(reason(json({ ...base, hook_event_name: 'Notification', message: 5 }))).toBe(
      'p.json: message: expected a string, got 5',
    );
    expect(reason(json({ hook_event_name: 'Stop' }))).toBe('p.json: session_id: expected a string, got nothing');
  });

  // Auggie 0.36.0's own payloads (samples/auggie), pretty-printed, were refused by the daemon: its
  // SessionEnd has no `reason`, its Notification says `notification_message`, not `message`.
  it("takes Auggie's SessionEnd and Notification, which carry neither Claude Code's reason nor its message", () => {
    const auggie = { conversation_id: 'c1', workspace_roots: ['/home/dev/src/demo'] };
    const sessionEnd = Buffer.from(JSON.stringify({ hook_event_name: 'SessionEnd', ...auggie }, null, 2));
    expect(parsePayload(sessionEnd).ok).toBe(true);
    const notification = {
      hook_event_name: 'Notification',
      ...auggie,
      notification_type: 'info',
      notification_message: 'Waiting',
    };
    expect(parsePayload(Buffer.from(JSON.stringify(notification, null, 2))).ok).toBe(true);
  });

  it('makes sample payloads that validate for every event', () => {
    for (const event of ['Notification', 'Stop', 'SubagentStop', 'SessionEnd', 'PreCompact']) {
      expect(parsePayload(samplePayload(event).bytes).ok).toBe(true);
    }
  });
});
