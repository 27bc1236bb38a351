// Install and uninstall on the files people actually have: any key order, odd or no indentation,
// empty files, files of only a comment or a byte-order mark, escaped command literals, and the bad
// inputs: each is answered with one line, nothing written, nothing thrown but a HookdError.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { FIXTURES } from '../helpers/paths.js';
import { planInstall, planUninstall, type AddRequest } from '../../src/install/plan-edit.js';
import { readSettingsForEdit } from '../../src/install/edit-settings.js';
import { wrapCommand } from '../../src/install/quote-command.js';
import { HookdError } from '../../src/common/errors.js';
import { runInstall } from '../../src/commands/install.js';
import { runUninstall } from '../../src/commands/uninstall.js';

afterEach(cleanupTempDirs);

const log: AddRequest = {
  example: 'log',
  command: '~/.local/share/hookd/examples/log-event.sh',
  timeout: 10,
  events: ['Notification', 'Stop'],
};
const hook = (command: string) => `{"hooks":[{"type":"command","command":${command}}]}`;

/** install (wrapping `events`, adding `adds`) then uninstall: the original text comes back. */
function roundTrip(text: string, events: string[], adds: AddRequest[] = [], exists = true) {
  const plan = planInstall(text, exists, events, adds);
  expect(plan.changes.length).toBeGreaterThan(0);
  expect(planUninstall(plan.after!, plan.record).after).toBe(exists ? text : null);
  return plan;
}

describe('round trips, byte for byte', () => {
  const files: [string, string][] = [
    [
      'keys in any order',
      `{"hooks":{"SessionEnd":[{"hooks":[{"command":"echo end","type":"command"}],"matcher":"*"}]},\n"$schema": "x", "model": "m"}`,
    ],
    [
      'odd indentation',
      '{\n   "theme": "dark",\n   "hooks": {\n        "SessionEnd": [\n         {   "hooks": [ {"type": "command", "command": "echo end"} ] }\n        ],\n\t"Stop": [\n\t]\n   }\n}\n',
    ],
    ['a one-line file', `{"hooks":{"SessionEnd":[${hook('"echo end"')}]}}`],
    ['a one-line spaced file', `{ "hooks": { "SessionEnd": [ ${hook('"echo end"').replace(/([:,])/g, '$1 ')} ] } }`],
    [
      'comments everywhere and trailing commas',
      '/* settings */ {\n  // the hooks\n  "hooks": { // events\n    "SessionEnd": [ /* first */ {"hooks": [{"type": "command", "command": "echo end", /* t */ "timeout": 5,},],},],\n  },\n}\n',
    ],
  ];
  for (const [what, text] of files) {
    it(`wraps and adds in ${what}`, () => {
      const plan = roundTrip(text, ['SessionEnd'], [log]);
      expect(plan.record.wraps).toHaveLength(1);
      expect(plan.record.adds).toHaveLength(2);
    });
  }

  it('puts back the blanks inside the empty containers it filled', () => {
    for (const text of [
      '{ }',
      '{\n  "hooks": {\n  }\n}\n',
      '{\n\t"hooks": {\n\t\t"Stop": [ ],\n\t\t"Notification": [\n\t\t]\n\t}\n}',
    ])
      roundTrip(text, [], [log]);
  });

  it('restores a command literal written with escapes (\\u0041, \\/) exactly as written', () => {
    const literal = '"echo \\u0041 \\/tmp \\"q\\""';
    const plan = roundTrip(`{"hooks": {"SessionEnd": [${hook(literal)}]}}`, ['SessionEnd']);
    expect(plan.record.wraps[0]).toMatchObject({ original: 'echo A /tmp "q"', originalLiteral: literal });
  });

  it('takes a comment inside a string for what it is: part of the command', () => {
    const command = `echo '// not a comment' /* nor this */`;
    const plan = roundTrip(`// a comment\n{"hooks": {"SessionEnd": [${hook(JSON.stringify(command))}]}}`, [
      'SessionEnd',
    ]);
    expect(plan.record.wraps[0]!.original).toBe(command);
  });

  const noValue: [string, string][] = [
    ['an empty file', ''],
    ['a file of blank lines', '\n\n'],
    ['a file of only a comment', '// Factory CLI Settings\n// This file contains your Factory CLI configuration.'],
    ['a file of only a byte-order mark', '\uFEFF'],
  ];
  for (const [what, text] of noValue) {
    it(`adds to ${what}, and uninstall gives back exactly what was there`, () => {
      const plan = roundTrip(text, [], [log]);
      expect(plan.after!.startsWith(text.trimEnd())).toBe(true);
      expect(plan.record.textBefore).toBe(text);
    });
  }

  it('deletes again a file install created', () => {
    expect(roundTrip('', [], [log], false).record.createdFile).toBe(true);
  });

  it('writes the bridge with the options it is given', () => {
    const plan = planInstall(`{"hooks": {"SessionEnd": [${hook('"echo end"')}]}}`, true, ['SessionEnd'], [], {
      emitOptions: ['--state-dir', '/var/tmp/my state'],
    });
    expect(plan.record.wraps[0]!.wrapped).toBe(
      `command -v hookd >/dev/null 2>&1 && exec hookd emit --state-dir '/var/tmp/my state' -- 'echo end'; echo end`,
    );
    expect(wrapCommand('x', ['--state-dir', '/s'])).toBe(
      `command -v hookd >/dev/null 2>&1 && exec hookd emit --state-dir /s -- 'x'; x`,
    );
  });
});

describe('bad input: one line, nothing written', () => {
  function file(text: string): string {
    const target = path.join(tempDir(), 'settings.json');
    writeFileSync(target, text);
    return target;
  }
  function refused(text: string, pattern: RegExp): void {
    const target = file(text);
    let error: unknown;
    try {
      readSettingsForEdit(target);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(HookdError);
    expect((error as Error).message).toMatch(pattern);
    expect((error as Error).message).not.toContain('\n');
    expect(readFileSync(target, 'utf8')).toBe(text);
    expect(readdirSync(path.dirname(target))).toEqual(['settings.json']);
  }

  it('refuses an unterminated comment, with where it starts', () => {
    refused(
      '{\n  /* hooks\n  "hooks": {}\n}',
      /settings\.json: not valid JSON: line 2 column 3: a \/\* comment is never closed with \*\/ \(nothing was changed/,
    );
  });

  it('refuses a file that is a JSON array, or null', () => {
    refused('[{"hooks": {}}]', /settings\.json: expected a JSON object at the top level/);
    refused('null', /settings\.json: expected a JSON object at the top level/);
    expect(() => planInstall('[1]', true, ['Stop'], [log])).toThrow(HookdError);
    expect(() => planInstall('null', true, ['Stop'], [log])).toThrow(/expected a JSON object at the top level/);
  });

  it('refuses 20 MB of junk with one short line, and edits a 20 MB file in place', () => {
    refused(
      `{"hooks": ${'#'.repeat(20 * 1024 * 1024)}}`,
      /line 1 column 11: unexpected "#{24}"… \(nothing was changed/,
    );
    const big = `{"blob": "${'x'.repeat(20 * 1024 * 1024)}",\n "hooks": {"SessionEnd": [${hook('"echo end"')}]}}`;
    expect(readSettingsForEdit(file(big)).text).toBe(big);
    roundTrip(big, ['SessionEnd']);
  });

  it('refuses to rewrite a commented file it cannot edit in place (a key written twice)', () => {
    const text = '// mine\n{\n  "hooks": { "Stop": [] },\n  "hooks": { "Notification": [] }\n}\n';
    expect(() => planInstall(text, true, [], [log])).toThrow(
      /cannot be edited in place .* would lose its comments; nothing was changed/,
    );
  });
});

describe('hookd install and uninstall on a real Droid settings file', () => {
  it('wraps its hooks and gives back its bytes, comments and all', async () => {
    const home = tempDir('hookd-home-');
    const settings = path.join(home, '.factory', 'settings.json');
    mkdirSync(path.dirname(settings));
    const original = readFileSync(path.join(FIXTURES, 'settings', 'droid-settings-hooks.json'), 'utf8');
    writeFileSync(settings, original);
    const stateDir = path.join(home, 'state');
    const dry = await runInstall({ settings, stateDir, events: 'Notification,SessionEnd', dryRun: true });
    expect(dry).toContain(`--- ${settings}\n+++ ${settings}\n@@ -`);
    expect(dry).toContain(
      '\n-            "command": "open raycast://confetti"\n+            "command": "command -v hookd >/dev/null 2>&1 && exec hookd emit ',
    );
    expect(readFileSync(settings, 'utf8')).toBe(original);
    const out = await runInstall({ settings, stateDir, events: 'Notification,SessionEnd' });
    expect(out).toContain('wrap hooks.Notification[0].hooks[0]: open raycast://confetti');
    const installed = readFileSync(settings, 'utf8');
    expect(installed).toContain('// Ring the bar when Droid waits for me.');
    expect(
      installed.replace(/"command -v hookd >\/dev\/null 2>&1 && exec hookd emit [^\n]*? -- '([^']*)'; \1"/g, '"$1"'),
    ).toBe(original);
    await runUninstall({ settings, stateDir });
    expect(readFileSync(settings, 'utf8')).toBe(original);
    expect(existsSync(stateDir)).toBe(true);
  });
});
