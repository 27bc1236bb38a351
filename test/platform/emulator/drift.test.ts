// The emulator's drift mode (issue 22 item 8), spoken to with plain fetch: it answers the way
// production servers drift from their spec, deterministically, without changing its data; and the
// test hooks that the client tests lean on: the request log's body size, content type and user
// agent, and faults that answer a gateway's own body.
import { execa } from 'execa';
import { describe, expect, test } from 'vitest';
import { DRIFT_MAX_PAGE } from '../../../src/platform/emulator/drift.js';
import { BIN, emulator, makeKey, type TestEmulator } from '../../helpers/platform-api.js';

type Json = any;

function api(emu: TestEmulator, method: string, target: string, body?: unknown) {
  return fetch(`${emu.url}${target}`, {
    method,
    headers: {
      authorization: `Bearer ${emu.key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe('drift mode', () => {
  test('nulls in optional fields, unknown fields, unlisted enum values, drifted types; the data itself unchanged', async () => {
    const emu = await emulator({ drift: true });
    const computers: Json = await (await api(emu, 'GET', '/api/v0/computers')).json();
    const box = computers.computers.find((c: Json) => c.id === 'cmp_004');
    expect(box).toMatchObject({
      hostId: null,
      hostname: null,
      remoteUser: null,
      relayClientUrl: null,
      region: 'eu-west-1',
    });
    expect(computers.computers.find((c: Json) => c.id === 'cmp_003')).toMatchObject({
      status: 'degraded',
      createdAt: '2026-01-02T06:00:00.000Z',
    });
    expect(emu.data.computers.find((c) => c.id === 'cmp_004')?.hostId).toBeUndefined();
    expect(emu.data.computers.find((c) => c.id === 'cmp_003')?.status).toBe('error');

    const sessions: Json = await (await api(emu, 'GET', '/api/v0/sessions?limit=100')).json();
    expect(sessions.sessions).toHaveLength(DRIFT_MAX_PAGE);
    expect(sessions.pagination).toMatchObject({ hasMore: true, nextCursor: expect.any(String), limit: DRIFT_MAX_PAGE });
    expect(sessions.sessions[3]).toMatchObject({ status: 'archived', completedAt: null, origin: { channel: 'api' } });
    expect(sessions.sessions[4].computerId).toBeNull();
    expect(sessions.sessions[0].sessionSettings).toMatchObject({
      reasoningEffort: 'ultra',
      tags: [{ name: 'drift' }],
      tokenUsage: { serviceCredits: expect.any(String) },
    });

    const reports: Json = await (await api(emu, 'GET', '/api/organization/agent-readiness-reports?limit=3')).json();
    expect(reports.reports.map((r: Json) => [r.commitHash === null, r.modelUsed?.reasoningEffort ?? null])).toEqual([
      [false, 'xhigh'],
      [true, 'xhigh'],
      [false, null],
    ]);
    expect(reports.reports[0].report.docs_exist.numerator).toBe('1');
    const changes: Json = await (
      await api(emu, 'GET', '/api/v0/organization/enterprise-controls/history?limit=2')
    ).json();
    expect(changes.changes.map((c: Json) => typeof c.updatedAt)).toEqual(['number', 'string']);
  });

  test('other 2xx statuses than the spec gives: 200 for 201 and 202, 202 for a message, 207 for limits', async () => {
    const emu = await emulator({ drift: true });
    const created = await api(emu, 'POST', '/api/v0/sessions', { computerId: 'cmp_001' });
    expect(created.status).toBe(200);
    const id = ((await created.json()) as Json).sessionId;
    const message = await api(emu, 'POST', `/api/v0/sessions/${id}/messages`, { text: 'hi' });
    expect([message.status, ((await message.json()) as Json).status]).toEqual([202, 'starting']);
    expect((await api(emu, 'POST', '/api/v0/computers/cmp_003/install-deps')).status).toBe(200);
    expect(
      (
        await api(emu, 'PUT', '/api/v0/organization/usage/limits/users', {
          users: [{ email: 'a@example.com', limit: 1 }],
        })
      ).status,
    ).toBe(207);
    // Errors are not drifted: a 404 is a 404.
    expect((await api(emu, 'GET', '/api/v0/computers/cmp_999')).status).toBe(404);
  });

  test('hookd api emulator --drift says so when it starts', async () => {
    const child = execa(BIN, ['api', 'emulator', '--port', '0', '--key', makeKey(), '--drift'], {
      env: { PATH: process.env.PATH },
      extendEnv: false,
      reject: false,
      timeout: 20_000,
    });
    try {
      const seen = await new Promise<string>((resolve, reject) => {
        let text = '';
        child.stdout?.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes('drift mode')) resolve(text);
        });
        child.on('exit', () => reject(new Error(`exited before saying drift mode: ${text}`)));
      });
      expect(seen).toMatch(/^drift mode: answers drift from the spec/m);
    } finally {
      child.kill('SIGTERM');
    }
    expect((await child).exitCode).toBe(0);
  });
});

describe('the test hooks the client tests lean on', () => {
  test('the request log has the body size, content type and user agent of each request', async () => {
    const emu = await emulator();
    await fetch(`${emu.url}/api/v0/computers`, {
      headers: { authorization: `Bearer ${emu.key}`, 'user-agent': 'probe/1' },
    });
    await api(emu, 'POST', '/api/v0/sessions', { computerId: 'cmp_001' });
    expect(
      emu.hooks.requests.map(({ method, bytes, contentType, userAgent }) => ({
        method,
        bytes,
        contentType,
        userAgent,
      })),
    ).toEqual([
      { method: 'GET', bytes: 0, contentType: undefined, userAgent: 'probe/1' },
      {
        method: 'POST',
        bytes: JSON.stringify({ computerId: 'cmp_001' }).length,
        contentType: 'application/json',
        userAgent: 'node',
      },
    ]);
  });

  test('a fault can answer a body of its own, as a gateway in front would', async () => {
    const emu = await emulator();
    emu.fault({ path: '/api/v0/computers', status: 502, body: '<html><h1>502</h1></html>', retryAfter: '3' });
    const answer = await api(emu, 'GET', '/api/v0/computers');
    expect([
      answer.status,
      answer.headers.get('content-type'),
      answer.headers.get('retry-after'),
      await answer.text(),
    ]).toEqual([502, 'text/html', '3', '<html><h1>502</h1></html>']);
  });
});
