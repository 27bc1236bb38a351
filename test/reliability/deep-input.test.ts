// Reproduction of the hardening issue's first two classes: input nested thousands of levels deep in
// a field hookd checks (a payload's session_id, event name, message, reason; a settings file) took
// the error formatter's stack down, and with it the daemon's intake or its reload. Every such input
// must end as a rejection with a reason, and the daemon must go on.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { parsePayload } from '../../src/payload/parse-payload.js';
import { HOOKD } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { stopPayload, stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { waitFor } from '../helpers/wait-for.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const payloads = [
  `{"session_id": ${deep(50_000)}, "hook_event_name": "Stop"}`,
  `{"session_id": "s", "hook_event_name": ${deep(50_000)}}`,
  `{"session_id": "s", "hook_event_name": "Notification", "message": {"a": ${deep(50_000)}}}`,
  `{"session_id": "s", "hook_event_name": "SessionEnd", "reason": ${deep(20_000)}}`,
];

describe('input nested thousands of levels deep', () => {
  it('is a clear rejection when parsed, never a thrown error', () => {
    for (const text of payloads) {
      const result = parsePayload(Buffer.from(text), 'p.json');
      expect(result.ok).toBe(false);
      expect(result.ok || result.reason).toMatch(/^p\.json: /);
    }
  });

  it('through the bridge and POST /events: each is rejected with a reason, later events still run', async () => {
    const out = tempDir();
    const command = `cat > ${out}/good`;
    const daemon = testDaemon({ Stop: [{ hooks: [{ type: 'command', command: `hookd emit -- '${command}'` }] }] });
    await daemon.start();
    for (const text of payloads) expect((await daemon.emit(command, text)).exitCode).toBe(0);
    for (const text of payloads) expect((await daemon.request('POST', '/events', text)).status).toBe(400);
    await daemon.emit(command, stopPayload());
    // The outcome recorded, not the file the hook opens: the record is deleted only after its history line.
    await waitFor('the good event recorded', () => daemon.history().some((entry) => entry.outcome === 'ok'));
    expect(existsSync(`${out}/good`)).toBe(true);
    const rejected = path.join(daemon.stateDir, 'inbox', 'rejected');
    await waitFor(
      'four rejections with reasons',
      () => readdirSync(rejected).filter((name) => name.endsWith('.reason')).length === payloads.length,
    );
    for (const name of readdirSync(rejected).filter((file) => file.endsWith('.reason')))
      expect(readFileSync(path.join(rejected, name), 'utf8')).toMatch(/payload: .*expected/);
    expect(readdirSync(path.join(daemon.stateDir, 'inbox', 'cur'))).toEqual([]);
    expect((await daemon.request('GET', '/health')).status).toBe(200);
  });

  it('in the settings file: validate answers with one line, the daemon keeps its last good config', async () => {
    const daemon = testDaemon({ Stop: [{ hooks: [{ type: 'command', command: "hookd emit -- 'true'" }] }] });
    await daemon.start();
    for (const text of [
      `{"hooks": {"Stop": ${deep(100_000)}}}`,
      `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": ${deep(400)}}]}]}}`,
    ]) {
      writeFileSync(daemon.settings, text);
      const validate = await execa(HOOKD, ['validate'], { env: daemon.env, reject: false });
      expect(validate.exitCode).toBe(1);
      expect(validate.stderr.trim().split('\n')).toHaveLength(1);
      expect(validate.stderr).not.toMatch(/unexpected error|Maximum call stack/);
      await waitFor(
        'the reload error',
        async () =>
          ((await daemon.request('GET', '/status')).body as { settings: { lastError: unknown } }).settings.lastError,
      );
      expect(
        ((await daemon.request('GET', '/status')).body as { settings: { daemonHooks: number } }).settings.daemonHooks,
      ).toBe(1);
    }
  });
});
