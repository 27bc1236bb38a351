import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSettingsText } from '../../src/settings/load.js';
import { classifyCommand } from '../../src/settings/classify-command.js';
import { matcherMatches } from '../../src/settings/matcher.js';
import { lintConfig, notesFor } from '../../src/settings/lint.js';
import { selectHooks } from '../../src/settings/select-hooks.js';
import { FIXTURES } from '../helpers/paths.js';

const hooksOf = (events: object) => JSON.stringify({ model: 'm', theme: 'dark', hooks: events });
const cmd = (command: string, timeout?: unknown) => ({
  type: 'command',
  command,
  ...(timeout === undefined ? {} : { timeout }),
});

function load(text: string) {
  const result = parseSettingsText(text, 'settings.json');
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return result.config;
}

describe('settings', () => {
  it('reads the sample settings file: bridge and plain entries, timeouts, other keys ignored', () => {
    const config = load(readFileSync(path.join(FIXTURES, 'settings.example.json'), 'utf8'));
    expect(config.shape).toBe('settings');
    expect(config.entries).toHaveLength(5);
    const notification = config.entries.find((e) => e.event === 'Notification')!;
    expect(notification.kind).toBe('bridge');
    expect(notification.run).toBe('notify-send "Agent" "$(jq -r .message)"');
    expect(notification.timeoutMs).toBe(5000);
    expect(notification.location).toBe('hooks.Notification[0].hooks[0]');
    const plain = config.entries.find((e) => e.command.startsWith('echo session over'))!;
    expect(plain.kind).toBe('plain');
    expect(plain.run).toBe(plain.command);
    expect(plain.location).toBe('hooks.SessionEnd[0].hooks[1]');
  });

  it('reads a bare event map (hooks.json) the same way', () => {
    const config = load(JSON.stringify({ Stop: [{ hooks: [cmd("hookd emit -- 'echo hi'", 3)] }] }));
    expect(config.shape).toBe('hooks-file');
    expect(config.entries[0]).toMatchObject({
      event: 'Stop',
      kind: 'bridge',
      run: 'echo hi',
      timeoutMs: 3000,
      location: 'Stop[0].hooks[0]',
    });
  });

  it('defaults the timeout to 60 s when absent or 0', () => {
    const config = load(hooksOf({ Stop: [{ hooks: [cmd('a'), cmd('b', 0)] }] }));
    expect(config.entries.map((e) => e.timeoutMs)).toEqual([60_000, 60_000]);
  });

  it('treats a file without hooks, or an empty file, as no hooks', () => {
    expect(load(JSON.stringify({ model: 'x' })).entries).toEqual([]);
    expect(load('').entries).toEqual([]);
  });

  it('locates every error: a string timeout, a missing command; a hook type hookd does not run is kept, not an error', () => {
    const result = parseSettingsText(
      hooksOf({
        Stop: [{ hooks: [cmd('ok'), cmd('x', 'ten')] }],
        Notification: [{ hooks: [{ type: 'command' }] }],
        SessionEnd: [{ hooks: [{ type: 'script', command: 'x' }] }],
      }),
      'settings.json',
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toContain('settings.json: hooks.Stop[0].hooks[1].timeout: expected a number, got "ten"');
    expect(result.errors).toContain(
      'settings.json: hooks.Notification[0].hooks[0].command: expected a string, got nothing',
    );
    expect(result.errors).toHaveLength(2);
    const typed = load(hooksOf({ SessionEnd: [{ hooks: [{ type: 'script', command: 'x' }] }] }));
    expect(typed.entries[0]).toMatchObject({ kind: 'other', type: 'script' });
    expect(notesFor(typed, 'settings.json')).toEqual([
      'note: settings.json: hooks.SessionEnd[0].hooks[0].type: "script" is not a hook type agent client is known to have; hookd keeps it for the client and runs only "command" hooks',
    ]);
  });

  it('refuses a negative timeout, hooks that are not an object, and a file that is not JSON, with locations', () => {
    const negative = parseSettingsText(hooksOf({ Stop: [{ hooks: [cmd('x', -1)] }] }), 's.json');
    expect(negative.ok || negative.errors[0]).toMatch(
      /^s\.json: hooks\.Stop\[0\]\.hooks\[0\]\.timeout: expected a positive number of seconds/,
    );
    const array = parseSettingsText(JSON.stringify({ hooks: [] }), 's.json');
    expect(array.ok || array.errors[0]).toBe('s.json: hooks: expected an object, got []');
    const broken = parseSettingsText('{\n  "hooks": {,\n}', 's.json');
    expect(broken.ok || broken.errors[0]).toMatch(/^s\.json: not valid JSON: line 2 column \d+/);
    const scalar = parseSettingsText('42', 's.json');
    expect(scalar.ok || scalar.errors[0]).toBe('s.json: expected a JSON object at the top level');
  });
});

describe('classifyCommand', () => {
  it('finds the inner command of a bridge entry with shell quoting rules', () => {
    expect(classifyCommand(`hookd emit -- 'notify-send "A" "$(jq -r .message)"'`)).toMatchObject({
      kind: 'bridge',
      inner: 'notify-send "A" "$(jq -r .message)"',
      unquotedShellSyntax: false,
    });
    expect(classifyCommand('/usr/local/bin/hookd emit echo "a  b"')).toMatchObject({
      kind: 'bridge',
      inner: 'echo a  b',
    });
    expect(classifyCommand('hookd-other emit x')).toEqual({ kind: 'plain' });
    expect(classifyCommand('echo hookd emit')).toEqual({ kind: 'plain' });
  });

  it('does not throw on syntax the shell parser gives up on (found by the hostile-input suite)', () => {
    expect(classifyCommand('echo ${')).toEqual({ kind: 'plain' });
    expect(classifyCommand('hookd emit -- echo ${')).toMatchObject({
      kind: 'bridge',
      inner: 'echo ${',
      unquotedShellSyntax: true,
    });
  });

  it('flags shell syntax the client would run before the bridge sees it', () => {
    expect(classifyCommand('hookd emit -- notify-send "$(jq -r .message)"')).toMatchObject({
      unquotedShellSyntax: true,
    });
    expect(classifyCommand('hookd emit -- echo hi | tee x')).toMatchObject({ unquotedShellSyntax: true });
    expect(classifyCommand("hookd emit -- 'echo hi | tee x'")).toMatchObject({ unquotedShellSyntax: false });
    // As `hookd install` quotes a command holding a single quote.
    expect(classifyCommand(`hookd emit -- 'echo "it'\\''s" && date'`)).toMatchObject({
      inner: `echo "it's" && date`,
      unquotedShellSyntax: false,
    });
  });
});

describe('matchers', () => {
  it('follow the client rules: catch-alls, exact names and lists, regular expressions', () => {
    for (const m of [undefined, '', '*']) expect(matcherMatches(m, 'anything')).toBe(true);
    expect(matcherMatches('idle_prompt', 'idle_prompt')).toBe(true);
    expect(matcherMatches('idle_prompt', 'idle_prompt_x')).toBe(false);
    expect(matcherMatches('clear|logout', 'logout')).toBe(true);
    expect(matcherMatches('clear|logout', 'other')).toBe(false);
    expect(matcherMatches('perm.*', 'permission_prompt')).toBe(true);
    expect(matcherMatches('perm.*', undefined)).toBe(false);
    expect(matcherMatches('(', 'x')).toBe(false);
  });

  it('select hooks by event and matcher field, identical commands once', () => {
    const config = load(
      hooksOf({
        SessionEnd: [
          { matcher: 'error', hooks: [cmd('on-error'), cmd('always')] },
          { hooks: [cmd('always'), cmd("hookd emit -- 'daemon-hook'")] },
        ],
        Stop: [{ matcher: 'ignored-for-stop', hooks: [cmd('stop-hook')] }],
      }),
    );
    const runs = (event: string, data: object, kinds?: Array<'bridge' | 'plain'>) =>
      selectHooks(config, event, data as Record<string, unknown>, kinds).map((e) => e.run);
    expect(runs('SessionEnd', { reason: 'error' })).toEqual(['on-error', 'always', 'daemon-hook']);
    expect(runs('SessionEnd', { reason: 'logout' })).toEqual(['always', 'daemon-hook']);
    expect(runs('SessionEnd', { reason: 'error' }, ['bridge'])).toEqual(['daemon-hook']);
    expect(runs('Stop', {})).toEqual(['stop-hook']);
  });
});

describe('lint', () => {
  it('warns on timeout 0, unknown events, unquoted shell syntax, bad regex; notes blocking events behind the bridge', () => {
    const config = load(
      hooksOf({
        PreToolUse: [{ hooks: [cmd("hookd emit -- 'x'")] }],
        Stop: [{ matcher: '(', hooks: [cmd('y', 0), cmd('hookd emit -- notify "$(jq .m)"')] }],
        Stpo: [{ hooks: [cmd('z')] }],
      }),
    );
    const warnings = lintConfig(config, 's.json').join('\n');
    expect(notesFor(config, 's.json').join('\n')).toMatch(
      /hooks\.PreToolUse\[0\]\.hooks\[0\]\.command: the bridge returns at once/,
    );
    expect(warnings).toMatch(/hooks\.Stop\[0\]\.hooks\[0\]\.timeout: a timeout of 0/);
    expect(warnings).toMatch(/hooks\.Stop\[0\]\.matcher: not a valid regular expression/);
    expect(warnings).toMatch(/hooks\.Stop\[0\]\.hooks\[1\]\.command: .*shell syntax outside single quotes/);
    expect(warnings).toMatch(/hooks\.Stpo: unknown event "Stpo" \(did you mean "Stop"\?\)/);
  });

  it('has nothing to say about the sample settings file', () => {
    const file = path.join(FIXTURES, 'settings.example.json');
    expect(lintConfig(load(readFileSync(file, 'utf8')), file)).toEqual([]);
  });
});
