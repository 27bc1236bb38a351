// Each example hook with each sample payload, with and without jq, and with fake notify-send,
// osascript and curl on PATH recording what they were asked to do.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { ROOT, FIXTURES } from '../helpers/paths.js';
import { calls, toolbox } from '../helpers/toolbox.js';

afterEach(cleanupTempDirs);

const EXAMPLES = path.join(ROOT, 'hooks-examples');
const BASIC = ['cat', 'sed', 'tr', 'grep', 'date', 'mkdir', 'mv', 'rm', 'wc'];
const payloadDir = path.join(FIXTURES, 'payloads');
const payloads = readdirSync(payloadDir)
  .filter((file) => file.endsWith('.json'))
  .sort();

/** What notify.sh and webhook.sh should say for a payload. */
function expectedBody(event: Record<string, unknown>): string {
  switch (event.hook_event_name) {
    case 'Notification':
      return String(event.message);
    case 'Stop':
      return 'finished';
    case 'SubagentStop':
      return 'subagent finished';
    case 'SessionEnd':
      return `session ended (${String(event.reason)})`;
    default:
      throw new Error('unexpected event');
  }
}

interface Run {
  exitCode: number;
  stdout: string;
  stderr: string;
  record: string;
  home: string;
}

async function runExample(
  script: string,
  input: string,
  options: { jq: boolean; fakes?: string[]; env?: Record<string, string> },
): Promise<Run> {
  const bin = toolbox(options.jq ? [...BASIC, 'jq'] : BASIC, options.fakes ?? []);
  const record = tempDir('hookd-record-');
  const home = tempDir('hookd-home-');
  const result = await execa('/bin/sh', [path.join(EXAMPLES, script)], {
    env: { PATH: bin, HOME: home, RECORD_DIR: record, HOOKD_EVENT_ID: '00000000000000000042-7', ...options.env },
    extendEnv: false,
    input,
    reject: false,
    timeout: 10_000,
  });
  return {
    exitCode: result.exitCode ?? -1,
    stdout: String(result.stdout),
    stderr: String(result.stderr),
    record,
    home,
  };
}

const read = (file: string) => readFileSync(file, 'utf8');

for (const jq of [true, false]) {
  describe(`example hooks ${jq ? 'with' : 'without'} jq`, () => {
    for (const file of payloads) {
      const text = readFileSync(path.join(payloadDir, file), 'utf8');
      const event = JSON.parse(text) as Record<string, unknown>;
      const title = 'Agent · demo';

      it(`notify.sh calls notify-send for ${file}`, async () => {
        const run = await runExample('notify.sh', text, { jq, fakes: ['notify-send', 'osascript'] });
        expect(run.exitCode).toBe(0);
        expect(calls(run.record, 'notify-send', read)).toEqual([['--app-name=hookd', title, expectedBody(event)]]);
        expect(calls(run.record, 'osascript', read)).toEqual([]);
      });

      it(`notify.sh calls osascript without notify-send for ${file}`, async () => {
        const run = await runExample('notify.sh', text, { jq, fakes: ['osascript'] });
        expect(run.exitCode).toBe(0);
        const [call] = calls(run.record, 'osascript', read);
        expect(call!.slice(-2)).toEqual([title, expectedBody(event)]);
      });

      it(`notify.sh writes OSC 9 and a bell with neither for ${file}`, async () => {
        const tty = path.join(tempDir(), 'tty');
        const run = await runExample('notify.sh', text, { jq, env: { HOOKD_NOTIFY_TTY: tty } });
        expect(run.exitCode).toBe(0);
        expect(read(tty)).toBe(`\x1b]9;${title}: ${expectedBody(event)}\x07\x07`);
      });

      it(`log-event.sh appends one JSON line for ${file}`, async () => {
        const log = path.join(tempDir(), 'logs', 'events.jsonl');
        const run = await runExample('log-event.sh', text, { jq, env: { HOOKD_LOG_FILE: log } });
        expect(run.exitCode).toBe(0);
        const lines = read(log).split('\n');
        expect(lines).toHaveLength(2);
        const line = JSON.parse(lines[0]!);
        expect(line.event).toEqual(event);
        expect(line.event_id).toBe('00000000000000000042-7');
        expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      });

      it(`webhook.sh posts ntfy, Slack and JSON bodies for ${file}`, async () => {
        const ntfy = await runExample('webhook.sh', text, {
          jq,
          fakes: ['curl'],
          env: { HOOKD_WEBHOOK_URL: 'https://ntfy.sh/my-topic' },
        });
        expect(ntfy.exitCode).toBe(0);
        const [ntfyCall] = calls(ntfy.record, 'curl', read);
        expect(ntfyCall).toContain(`Title: ${title}`);
        expect(ntfyCall!.at(-1)).toBe('https://ntfy.sh/my-topic');
        expect(read(path.join(ntfy.record, 'curl.stdin'))).toBe(expectedBody(event));

        const slack = await runExample('webhook.sh', text, {
          jq,
          fakes: ['curl'],
          env: { HOOKD_WEBHOOK_URL: 'https://hooks.slack.com/services/T0/B0/X' },
        });
        expect(slack.exitCode).toBe(0);
        expect(JSON.parse(read(path.join(slack.record, 'curl.stdin')))).toEqual({
          text: `*${title}*: ${expectedBody(event)}`,
        });

        const json = await runExample('webhook.sh', text, {
          jq,
          fakes: ['curl'],
          env: { HOOKD_WEBHOOK_URL: 'https://example.test/in', HOOKD_WEBHOOK_FORMAT: 'json' },
        });
        expect(json.exitCode).toBe(0);
        expect(read(path.join(json.record, 'curl.stdin'))).toBe(text);
      });

      it(`followup.sh posts through the daemon socket on Stop only, once per session, for ${file}`, async () => {
        const dir = tempDir();
        const env = { HOOKD_SOCKET: path.join(dir, 'hookd.sock'), HOOKD_FOLLOWUP_DIR: path.join(dir, 'followups') };
        const run = await runExample('followup.sh', text, { jq, fakes: ['curl'], env });
        expect(run.exitCode).toBe(0);
        const made = calls(run.record, 'curl', read);
        if (event.hook_event_name !== 'Stop') {
          expect(made).toEqual([]);
          return;
        }
        expect(made).toHaveLength(1);
        const call = made[0]!;
        expect(call[call.indexOf('--unix-socket') + 1]).toBe(env.HOOKD_SOCKET);
        expect(call).toContain(`http://hookd/api/v0/sessions/${String(event.session_id)}/messages`);
        expect(call.join(' ')).not.toMatch(/authorization|api.key/i);
        expect(JSON.parse(read(path.join(run.record, 'curl.stdin'))).text).toMatch(/what is left to do/);
        const again = await runExample('followup.sh', text, { jq, fakes: ['curl'], env });
        expect(again.exitCode).toBe(0);
        expect(calls(again.record, 'curl', read)).toEqual([]);
      });
    }

    it('notify.sh and webhook.sh pass quotes, backslashes and a leading @ through unharmed', async () => {
      const message = `@/etc/passwd said "hi" \\ it's done`;
      const text = JSON.stringify({
        session_id: 's',
        cwd: '/home/dev/my proj',
        hook_event_name: 'Notification',
        message,
      });
      const notify = await runExample('notify.sh', text, { jq, fakes: ['notify-send'] });
      expect(calls(notify.record, 'notify-send', read)).toEqual([['--app-name=hookd', 'Agent · my proj', message]]);
      const slack = await runExample('webhook.sh', text, {
        jq,
        fakes: ['curl'],
        env: { HOOKD_WEBHOOK_URL: 'https://hooks.slack.com/x' },
      });
      expect(JSON.parse(read(path.join(slack.record, 'curl.stdin')))).toEqual({
        text: `*Agent · my proj*: ${message}`,
      });
      const ntfy = await runExample('webhook.sh', text, {
        jq,
        fakes: ['curl'],
        env: { HOOKD_WEBHOOK_URL: 'https://ntfy.example/t' },
      });
      expect(read(path.join(ntfy.record, 'curl.stdin'))).toBe(message);
    });
  });
}

describe('example hooks: failures and rotation', () => {
  const stop = readFileSync(path.join(payloadDir, 'stop.json'), 'utf8');

  it('log-event.sh rotates by size and keeps HOOKD_LOG_KEEP files', async () => {
    const log = path.join(tempDir(), 'events.jsonl');
    for (let i = 0; i < 4; i++) {
      const run = await runExample('log-event.sh', stop, {
        jq: false,
        env: { HOOKD_LOG_FILE: log, HOOKD_LOG_MAX_BYTES: '10', HOOKD_LOG_KEEP: '2' },
      });
      expect(run.exitCode).toBe(0);
    }
    const files = readdirSync(path.dirname(log)).sort();
    expect(files).toEqual(['events.jsonl', 'events.jsonl.1', 'events.jsonl.2']);
    for (const file of files)
      expect(
        read(path.join(path.dirname(log), file))
          .trim()
          .split('\n'),
      ).toHaveLength(1);
  });

  it('log-event.sh refuses a size or count that is not a number, and writes nothing', async () => {
    const log = path.join(tempDir(), 'events.jsonl');
    const run = await runExample('log-event.sh', stop, {
      jq: false,
      env: { HOOKD_LOG_FILE: log, HOOKD_LOG_MAX_BYTES: '1MB' },
    });
    expect(run).toMatchObject({
      exitCode: 1,
      stderr: "log-event.sh: HOOKD_LOG_MAX_BYTES and HOOKD_LOG_KEEP must be whole numbers (got '1MB', '3')",
    });
    const zero = await runExample('log-event.sh', stop, {
      jq: false,
      env: { HOOKD_LOG_FILE: log, HOOKD_LOG_KEEP: '0' },
    });
    expect(zero).toMatchObject({ exitCode: 1, stderr: 'log-event.sh: HOOKD_LOG_KEEP must be 1 or more' });
    expect(existsSync(log)).toBe(false);
  });

  it('log-event.sh writes under HOOKD_STATE_DIR by default', async () => {
    const state = tempDir();
    const run = await runExample('log-event.sh', stop, { jq: true, env: { HOOKD_STATE_DIR: state } });
    expect(run.exitCode).toBe(0);
    expect(existsSync(path.join(state, 'events.jsonl'))).toBe(true);
  });

  it('webhook.sh fails clearly without a URL, and when curl fails', async () => {
    const unset = await runExample('webhook.sh', stop, { jq: false, fakes: ['curl'] });
    expect(unset.exitCode).toBe(1);
    expect(unset.stderr).toBe('webhook.sh: HOOKD_WEBHOOK_URL is not set; nothing was posted');
    expect(calls(unset.record, 'curl', read)).toEqual([]);
    const failing = await runExample('webhook.sh', stop, {
      jq: false,
      fakes: ['curl'],
      env: { HOOKD_WEBHOOK_URL: 'https://ntfy.sh/t', FAKE_EXIT: '22' },
    });
    expect(failing.exitCode).toBe(22);
  });

  it('webhook.sh refuses an unknown format', async () => {
    const run = await runExample('webhook.sh', stop, {
      jq: true,
      fakes: ['curl'],
      env: { HOOKD_WEBHOOK_URL: 'https://x.test', HOOKD_WEBHOOK_FORMAT: 'xml' },
    });
    expect(run).toMatchObject({
      exitCode: 1,
      stderr: 'webhook.sh: HOOKD_WEBHOOK_FORMAT must be ntfy, slack or json, not xml',
    });
    expect(calls(run.record, 'curl', read)).toEqual([]);
  });

  it('followup.sh does not mark the session when the post fails, so the next Stop tries again', async () => {
    const dir = tempDir();
    const env = { HOOKD_SOCKET: path.join(dir, 's.sock'), HOOKD_FOLLOWUP_DIR: path.join(dir, 'f'), FAKE_EXIT: '7' };
    const run = await runExample('followup.sh', stop, { jq: false, fakes: ['curl'], env });
    expect(run.exitCode).toBe(1);
    expect(existsSync(path.join(dir, 'f', '0c6f3a0e-9b7e-4c43-9a55-2f4f1c1f7e21'))).toBe(false);
  });

  it('followup.sh leaves a Stop that a stop hook already continued alone, and refuses a strange session id', async () => {
    const active = JSON.stringify({ ...JSON.parse(stop), stop_hook_active: true });
    const env = { HOOKD_SOCKET: '/tmp/none.sock', HOOKD_FOLLOWUP_DIR: path.join(tempDir(), 'f') };
    const skipped = await runExample('followup.sh', active, { jq: true, fakes: ['curl'], env });
    expect(skipped.exitCode).toBe(0);
    expect(calls(skipped.record, 'curl', read)).toEqual([]);
    const evil = JSON.stringify({ ...JSON.parse(stop), session_id: '../../admin' });
    const refused = await runExample('followup.sh', evil, { jq: false, fakes: ['curl'], env });
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toMatch(/no usable session_id/);
    expect(calls(refused.record, 'curl', read)).toEqual([]);
  });

  it('each example says at its top what it does and how to set it up', () => {
    for (const file of readdirSync(EXAMPLES).filter((name) => name.endsWith('.sh'))) {
      const head = read(path.join(EXAMPLES, file)).split('\n').slice(0, 4).join('\n');
      expect(head).toMatch(/^#!\/bin\/sh\n# \S+\.sh: /);
      expect(read(path.join(EXAMPLES, file))).toMatch(/Set up: +hookd install --add \w+/);
    }
  });
});
