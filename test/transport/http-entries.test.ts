// Claude Code's `type: http` hooks pointing at hookd's hook endpoint are daemon hooks (issue 14):
// classified, indexed for the endpoint, their timeout in the client's unit; validate and run know them.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseSettingsText } from '../../src/settings/load.js';
import { indexDaemonHooks } from '../../src/settings/daemon-hooks.js';
import { lintConfig, notesFor } from '../../src/settings/lint.js';
import { hookdUrl, parseHookdUrl } from '../../src/settings/hookd-url.js';
import { claude } from '../../src/clients/claude/profile.js';
import { runHookd } from '../helpers/run-hookd.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

afterEach(cleanupTempDirs);

const TOKEN_HEADERS = { headers: { Authorization: 'Bearer $HOOKD_TOKEN' }, allowedEnvVars: ['HOOKD_TOKEN'] };
const http = (url: string, extra: object = { ...TOKEN_HEADERS, timeout: 7 }) => ({ type: 'http', url, ...extra });
const settings = (hooks: object) => JSON.stringify({ model: 'm', hooks });
const load = (text: string) => parseSettingsText(text, 'settings.json', claude);

describe('http entries pointing at hookd', () => {
  it('reads the URL both ways round: any encoding of the command names the same command', () => {
    const command = `notify-send "Agent" "$(jq -r .message)" && echo 'a+b' 100%`;
    const url = hookdUrl(14653, 'Stop', command);
    expect(parseHookdUrl(url)).toEqual({ host: '127.0.0.1', port: 14653, event: 'Stop', command });
    expect(parseHookdUrl('http://localhost:9/hooks/v1/Notification?command=echo%20hi')).toMatchObject({
      host: 'localhost',
      event: 'Notification',
      command: 'echo hi',
    });
    expect(parseHookdUrl('https://127.0.0.1:9/hooks/v1/Stop?command=x')).toBeUndefined();
    expect(parseHookdUrl('http://example.com/hooks/v1/Stop?command=x')).toBeUndefined();
    expect(parseHookdUrl('http://127.0.0.1:9/other/Stop?command=x')).toBeUndefined();
  });

  it('classifies an http entry to hookd as a daemon hook with its command and timeout; another URL stays the client’s', () => {
    const result = load(
      settings({ Stop: [{ hooks: [http(hookdUrl(14653, 'Stop', 'echo hi')), http('https://hooks.example.com/x')] }] }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [mine, theirs] = result.config.entries;
    expect(mine).toMatchObject({
      kind: 'http',
      run: 'echo hi',
      timeoutMs: 7000,
      http: { port: 14653, event: 'Stop', command: 'echo hi' },
    });
    expect(theirs).toMatchObject({ kind: 'other', run: '' });
    const index = indexDaemonHooks(result.config);
    expect(index.count).toBe(1);
    expect(index.entriesFor('Stop', 'echo hi', undefined, 'http')).toHaveLength(1);
    expect(index.entriesFor('Notification', 'echo hi', undefined, 'http')).toHaveLength(0);
    expect(index.forEvent('Stop', {}).map((entry) => entry.run)).toEqual(['echo hi']);
  });

  it('an http entry and a bridge entry of one command share the index, but only the http one lets the endpoint run it', () => {
    const result = load(
      settings({ Notification: [{ hooks: [{ type: 'command', command: "hookd emit -- 'echo hi'" }] }] }),
    );
    if (!result.ok) throw new Error(result.errors.join());
    const index = indexDaemonHooks(result.config);
    expect(index.entriesFor('Notification', 'echo hi')).toHaveLength(1);
    expect(index.entriesFor('Notification', 'echo hi', undefined, 'http')).toHaveLength(0);
  });

  it('refuses a URL to hookd with no command, and one whose event differs from the event it stands under, located', () => {
    const result = load(
      settings({
        Stop: [{ hooks: [http('http://127.0.0.1:14653/hooks/v1/Stop')] }],
        Notification: [{ hooks: [http(hookdUrl(14653, 'Stop', 'echo hi'))] }],
      }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.join('\n')).toMatch(
      /hooks\.Stop\[0\]\.hooks\[0\]\.url: points at hookd's hook endpoint but names no command/,
    );
    expect(result.errors.join('\n')).toMatch(
      /hooks\.Notification\[0\]\.hooks\[0\]\.url: the URL names the event "Stop" .* stands under "Notification"/,
    );
  });

  it('warns about a missing token, a variable the client will not fill in, and an event the client posts no http hooks for', () => {
    const result = load(
      settings({
        Stop: [
          { hooks: [http(hookdUrl(14653, 'Stop', 'a'), { headers: { Authorization: 'Bearer ${HOOKD_TOKEN}' } })] },
        ],
        SessionStart: [{ hooks: [http(hookdUrl(14653, 'SessionStart', 'b'), {})] }],
      }),
    );
    if (!result.ok) throw new Error(result.errors.join());
    const warnings = lintConfig(result.config, 'settings.json').join('\n');
    expect(warnings).toMatch(
      /hooks\.Stop\[0\]\.hooks\[0\]\.headers\.Authorization: names \$HOOKD_TOKEN, which is not in allowedEnvVars/,
    );
    expect(warnings).toMatch(/hooks\.SessionStart\[0\]\.hooks\[0\]\.headers: no Authorization header/);
    expect(warnings).toMatch(
      /hooks\.SessionStart\[0\]\.hooks\[0\]\.type: Claude Code sends no http hooks for SessionStart/,
    );
    // A Stop hook posted to hookd is answered in line with its decision (issue 19): nothing lost to note.
    expect(notesFor(result.config, 'settings.json').join('\n')).not.toMatch(/Stop\[0\]\.hooks\[0\]/);
  });

  it('hookd validate counts it as run by the daemon; hookd run runs its command', async () => {
    const dir = tempDir();
    const file = path.join(dir, '.claude', 'settings.json');
    const out = path.join(dir, 'out.json');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, settings({ Stop: [{ hooks: [http(hookdUrl(14653, 'Stop', `cat > ${out}`))] }] }));
    const validate = await runHookd(['validate', '--settings', file]);
    expect(validate.stderr).toBe('');
    expect(validate.stdout).toMatch(/valid, 1 hook\(s\), 1 run by the daemon/);
    const run = await runHookd(['run', 'Stop', '--settings', file]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).hook_event_name).toBe('Stop');
  });
});
