// Reliability: hostile input, property-based. Whatever arrives — payloads, settings files, bridge
// command lines, inbox file names, local API requests — nothing crashes, every refusal is a clear
// error, and what is accepted is kept byte for byte.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { parsePayload } from '../../src/payload/parse-payload.js';
import { parseSettingsText } from '../../src/settings/load.js';
import { classifyCommand } from '../../src/settings/classify-command.js';
import { parseRecord } from '../../src/inbox/record-format.js';
import { testDaemon, stopPayload, type TestDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { EMIT_WAYS } from '../helpers/emit-ways.js';
import { sendOversized } from '../helpers/oversized-request.js';

// Not after each test: the daemon of the last block lives in a temp directory across its tests.
afterAll(cleanupTempDirs);

let tried = 0;
afterAll(() => console.log(`hostile input: ${tried} inputs tried`));
const count = <T>(arbitrary: fc.Arbitrary<T>) => arbitrary.map((value) => (tried++, value));

describe('parsers never throw', () => {
  it('payloads: arbitrary bytes and arbitrary JSON either validate or give a located reason', () => {
    const inputs = fc.oneof(
      fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
      fc.jsonValue().map((value) => Buffer.from(JSON.stringify(value) ?? '')),
      fc
        .record(
          {
            hook_event_name: fc.oneof(
              fc.string(),
              fc.constantFrom('Stop', 'Notification', 'SessionEnd', 'SubagentStop'),
            ),
            session_id: fc.jsonValue(),
            message: fc.jsonValue(),
          },
          { requiredKeys: [] },
        )
        .map((value) => Buffer.from(JSON.stringify(value))),
    );
    fc.assert(
      fc.property(count(inputs), (bytes) => {
        const result = parsePayload(bytes, 'p');
        if (result.ok) expect(result.payload.bytes).toBe(bytes);
        else expect(result.reason).toMatch(/^p: ./);
      }),
      { numRuns: 2000 },
    );
  });

  it('settings files: arbitrary text and JSON load or give errors that name the file', () => {
    const hookish = fc.dictionary(
      fc.string({ maxLength: 12 }),
      fc.array(
        fc.record(
          {
            matcher: fc.jsonValue(),
            hooks: fc.array(
              fc.record(
                { type: fc.jsonValue(), command: fc.jsonValue(), timeout: fc.jsonValue() },
                { requiredKeys: [] },
              ),
            ),
          },
          { requiredKeys: [] },
        ),
      ),
    );
    const inputs = fc.oneof(
      fc.string(),
      fc.jsonValue().map((v) => JSON.stringify(v) ?? ''),
      hookish.map((hooks) => JSON.stringify({ hooks })),
      hookish.map((map) => JSON.stringify(map)),
    );
    fc.assert(
      fc.property(count(inputs), (text) => {
        const result = parseSettingsText(text, 'settings.json');
        if (!result.ok) for (const error of result.errors) expect(error).toMatch(/^settings\.json: ./);
      }),
      { numRuns: 500 },
    );
  });

  it('hook commands and inbox records: arbitrary strings and bytes never throw', () => {
    fc.assert(
      fc.property(count(fc.string()), (command) => void classifyCommand(command)),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(count(fc.uint8Array({ maxLength: 200 })), (bytes) => void parseRecord(Buffer.from(bytes))),
      { numRuns: 2000 },
    );
  });
});

describe('the bridge keeps any command line exactly', () => {
  // Anything argv can carry: quotes, $, backslashes, newlines, unicode; not NUL.
  const commandArb = fc
    .string({
      minLength: 1,
      maxLength: 60,
      unit: fc.oneof(
        fc.constantFrom("'", '"', '$', '\\', '`', '\n', ' ', '%', '*', ';', '|'),
        fc.string({ minLength: 1, maxLength: 1, unit: 'binary' }),
      ),
    })
    .filter((s) => !s.includes('\0') && s.trim() !== '' && !s.startsWith('-'));

  for (const way of EMIT_WAYS) {
    it(`through the ${way.name} path: the record holds the command, the payload bytes and the project variables as given`, async () => {
      await fc.assert(
        fc.asyncProperty(
          count(commandArb),
          fc.string({ maxLength: 40 }).filter((s) => !s.includes('\0')),
          async (command, projectDir) => {
            const state = tempDir();
            const payload = Buffer.from(stopPayload({ command }));
            const result = await execa(way.hookd, ['emit', '--', command], {
              env: {
                HOOKD_STATE_DIR: state,
                AGENT_PROJECT_DIR: projectDir,
                ...way.env,
              },
              input: payload,
              reject: false,
            });
            expect(result).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
            const [id] = readdirSync(path.join(state, 'inbox', 'new'));
            const record = parseRecord(readFileSync(path.join(state, 'inbox', 'tmp', id!)));
            expect(record.ok && record.content.command).toBe(command);
            expect(record.ok && record.content.payload).toEqual(payload);
            expect(record.ok && record.content.clientEnv.AGENT_PROJECT_DIR).toBe(projectDir);
          },
        ),
        { numRuns: way.name === 'Node' ? 15 : 60 },
      );
    }, 120_000);
  }
});

describe('a running daemon under hostile input', () => {
  let daemon: TestDaemon;
  beforeAll(async () => {
    daemon = testDaemon({});
    await daemon.start();
  });
  afterAll(async () => {
    await daemon.kill9();
  });

  it('inbox files with odd names and garbage contents: each is kept in rejected/ with a reason, and the daemon goes on', async () => {
    const names = fc.sample(
      fc
        .string({
          minLength: 1,
          maxLength: 80,
          unit: fc.oneof(
            fc.constantFrom(' ', '\n', '-', '.', '\\', '*', '$', 'é', '😀'),
            fc.constantFrom('a', 'b', '1'),
          ),
        })
        .filter((name) => !name.startsWith('.') && !name.includes('/')),
      40,
    );
    const unique = [...new Set(names)];
    tried += unique.length;
    const inbox = path.join(daemon.stateDir, 'inbox');
    for (const [index, name] of unique.entries()) {
      writeFileSync(path.join(inbox, 'tmp', name), index % 2 ? 'garbage' : `hookd-record 1\ntrue\0\0[${index}]`);
      writeFileSync(path.join(inbox, 'new', name), '');
    }
    // A record's reason is written just before the record moves beside it, and its outcome is
    // recorded after: judged means all three.
    const judged = () =>
      readdirSync(path.join(inbox, 'rejected')).filter((n) => n.endsWith('.reason')).length >= unique.length &&
      readdirSync(path.join(inbox, 'cur')).length === 0 &&
      daemon.history().filter((run) => run.outcome === 'rejected').length >= unique.length;
    await waitFor('every odd record to be judged', judged, 30_000);
    for (const dir of ['new', 'tmp', 'cur']) expect(readdirSync(path.join(inbox, dir)), dir).toEqual([]);
    // Exactly what a daemon keeps there (the lock, its log, kept payloads of failed runs, the history,
    // the socket, the inbox, the loopback listener's token): a file named after an odd record is a stray.
    expect(readdirSync(daemon.stateDir).sort()).toEqual([
      'daemon.lock',
      'daemon.log',
      'failed',
      'history.jsonl',
      'hookd.sock',
      'inbox',
      'local-token',
    ]);
    expect(readdirSync(path.join(daemon.stateDir, 'failed'))).toEqual([]);
    expect((await daemon.request('GET', '/health')).status).toBe(200);
  });

  it('local API requests with bad methods, paths and bodies get an error in the platform shape', async () => {
    const method = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS');
    const urlPath = fc.oneof(
      // `//:` once crashed the daemon: the request target was parsed outside the error handler.
      fc.constantFrom(
        '/events',
        '/status',
        '/health',
        '/events?limit=-1',
        '/events?limit=1e9',
        '/../../etc/passwd',
        '/%2e%2e/%2e%2e/etc/passwd',
        '//events',
        '//:',
        '/events?command=%00',
      ),
      fc.webPath(),
    );
    const body = fc.oneof(
      fc.constant(undefined),
      fc.string({ maxLength: 200 }),
      fc.jsonValue().map((v) => JSON.stringify(v) ?? ''),
    );
    await fc.assert(
      fc.asyncProperty(count(method), urlPath, body, async (m, p, b) => {
        const response = await daemon.request(m, p.startsWith('/') ? p : `/${p}`, b);
        expect([200, 202, 400, 404, 405, 413]).toContain(response.status);
        if (response.status >= 400)
          expect(response.body).toMatchObject({
            status: response.status,
            title: expect.any(String),
            detail: expect.any(String),
          });
      }),
      { numRuns: 300 },
    );
    // The daemon answers 413 and closes without reading the rest: a client still writing gets EPIPE.
    const huge = await sendOversized(daemon.socket, 'POST', '/events', Buffer.alloc(33 * 1024 * 1024, 'x'));
    expect(huge.status).toBe(413);
    expect((await daemon.request('GET', '/health')).status).toBe(200);
  });
});
