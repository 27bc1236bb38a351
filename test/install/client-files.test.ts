// Install and uninstall on real client files (test/fixtures/settings, see SOURCES.md) and on their
// variants with a byte-order mark, CRLF line ends and trailing commas: wrapping changes only the
// command literals, an added hook lands beside its neighbours in their layout, and uninstall gives
// back every byte, through the real file path (backup, temp file, rename, read-back validation).
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { FIXTURES } from '../helpers/paths.js';
import { planInstall, planUninstall, type AddRequest } from '../../src/install/plan-edit.js';
import { commitWithRecord, readSettingsForEdit, unifiedDiff } from '../../src/install/edit-settings.js';
import { wrapCommand } from '../../src/install/quote-command.js';
import { parseJsonText } from '../../src/settings/parse-json-text.js';
import { findHookMap, hooksOf, type JsonObject } from '../../src/settings/hook-map.js';
import type { HookLayout } from '../../src/clients/profile.js';

afterEach(cleanupTempDirs);

const fixture = (name: string) => readFileSync(path.join(FIXTURES, 'settings', name), 'utf8');
const dataOf = (text: string) => {
  const parsed = parseJsonText(text, 'f');
  if (!parsed.ok) throw new Error(parsed.error);
  return (parsed.data ?? {}) as JsonObject;
};
/** A comma after every last member that ends a line (a comma landing in a line comment is harmless). */
const withTrailingCommas = (text: string) => text.replace(/([}\]"\w])(\r?\n[ \t]*[}\]])/g, '$1,$2');

const VARIANTS: [string, (text: string) => string][] = [
  ['as written', (text) => text],
  ['with a byte-order mark', (text) => `\uFEFF${text}`],
  ['with CRLF line ends', (text) => text.replace(/\n/g, '\r\n')],
  ['with trailing commas', withTrailingCommas],
  ['with all three', (text) => `\uFEFF${withTrailingCommas(text).replace(/\n/g, '\r\n')}`],
];

interface Case {
  file: string;
  layout?: HookLayout;
  /** Events to wrap, and how many hooks of them have a command. */
  events: string[];
  wraps: number;
  add: AddRequest;
}

const add = (events: string[], timeout = 10): AddRequest => ({
  example: 'log',
  command: '~/.local/share/hookd/examples/log-event.sh',
  timeout,
  events,
});

const CASES: Case[] = [
  { file: 'droid-settings.json', events: ['Notification', 'SessionEnd'], wraps: 0, add: add(['Stop', 'Notification']) },
  {
    file: 'droid-settings-hooks.json',
    events: ['Notification', 'SessionEnd'],
    wraps: 2,
    add: add(['Stop', 'SubagentStop']),
  },
  { file: 'claude-settings.json', events: ['Notification', 'SessionEnd'], wraps: 2, add: add(['Stop']) },
  { file: 'claude-plugin-hooks.json', events: ['Notification', 'SessionEnd'], wraps: 2, add: add(['Notification']) },
  {
    file: 'gemini-settings.json',
    events: ['Notification', 'SessionEnd', 'PreCompress'],
    wraps: 2,
    add: add(['AfterAgent', 'SessionEnd'], 10_000),
  },
  { file: 'cursor-hooks.json', layout: 'flat', events: ['afterFileEdit', 'sessionEnd'], wraps: 2, add: add(['stop']) },
];

/** The lines of `before` and `after` that differ (the texts must have as many lines). */
function changedLines(before: string, after: string): [string, string][] {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b).toHaveLength(a.length);
  return a.flatMap((line, index) => (line === b[index] ? [] : [[line, b[index]!] as [string, string]]));
}

describe.each(CASES)('$file', ({ file, layout, events, wraps, add: request }) => {
  describe.each(VARIANTS)('%s', (_variant, make) => {
    const text = make(fixture(file));

    it('wraps by replacing only the command literals, and uninstall gives back every byte', () => {
      const plan = planInstall(text, true, events, [], { layout });
      expect(plan.record.wraps).toHaveLength(wraps);
      const changed = changedLines(text, plan.after!);
      expect(changed).toHaveLength(wraps);
      for (const [before, after] of changed) {
        const wrap = plan.record.wraps.find((w) => before.includes(w.originalLiteral))!;
        expect(after).toBe(before.replace(wrap.originalLiteral, JSON.stringify(wrap.wrapped)));
      }
      const diff = unifiedDiff(text, plan.after!, 'a', 'b');
      expect(diff.split('\n').filter((line) => /^[-+](?![-+]{2} )/.test(line))).toHaveLength(2 * wraps);
      expect(planUninstall(plan.after!, plan.record, { layout }).after).toBe(text);
    });

    it('adds an example beside its neighbours in their layout, and uninstall takes it out to the byte', () => {
      const plan = planInstall(text, true, events, [request], { layout });
      const after = plan.after!;
      expect(after.startsWith('\uFEFF')).toBe(text.startsWith('\uFEFF'));
      if (text.includes('\r\n')) expect(after.replace(/\r\n/g, '')).not.toContain('\n');
      const ref = findHookMap(dataOf(after), layout);
      for (const event of request.events) {
        expect(hooksOf(ref, event).map(({ hook }) => hook.command)).toContain(wrapCommand(request.command));
      }
      // Every line of the original is still there, in order: only lines were added (and commands wrapped).
      expect(planUninstall(after, plan.record, { layout }).after).toBe(text);
    });

    it('round trips through the settings file itself: backup, rename, read-back validation', async () => {
      const dir = tempDir();
      const target = path.join(dir, file);
      const state = path.join(dir, 'state');
      writeFileSync(target, text);
      const before = readSettingsForEdit(target);
      const plan = planInstall(before.text, before.exists, events, [request], { layout });
      const { backup } = await commitWithRecord(state, before, plan, plan.record);
      expect(readFileSync(backup!, 'utf8')).toBe(text);
      const installed = readSettingsForEdit(target);
      expect(installed.text).toBe(plan.after);
      const undo = planUninstall(installed.text, plan.record, { layout });
      await commitWithRecord(state, installed, undo, undefined);
      expect(readFileSync(target, 'utf8')).toBe(text);
    });
  });
});

describe('the layout of an added hook', () => {
  it('in Cursor’s flat layout: a hook object straight in the event list, at its neighbours’ indentation', () => {
    const plan = planInstall(fixture('cursor-hooks.json'), true, [], [add(['stop'])], { layout: 'flat' });
    expect(plan.after).toContain(
      `"stop": [\n      {\n        "command": "./hooks/audit.sh",\n        "timeout": 10\n      },\n      {\n        "command": ${JSON.stringify(wrapCommand('~/.local/share/hookd/examples/log-event.sh'))},\n        "timeout": 10\n      }\n    ]`,
    );
  });

  it('in a Droid file with no hooks yet: a hooks key after the last member, before the closing brace, no final newline added', () => {
    const text = fixture('droid-settings.json');
    const after = planInstall(text, true, [], [add(['Stop'])]).after!;
    expect(after.startsWith(text.slice(0, -2))).toBe(true);
    expect(after).toMatch(/"specSaveEnabled": true,\n {2}"hooks": \{\n {4}"Stop": \[\n {6}\{\n {8}"hooks": \[\n/);
    expect(after.endsWith('\n  }\n}')).toBe(true);
    expect(unifiedDiff(text, after, 'a', 'b')).toContain('\\ No newline at end of file');
  });

  it('leaves the deciding Stop hooks and the prompt and http hooks of Claude Code alone, byte for byte', () => {
    const text = fixture('claude-settings.json');
    const plan = planInstall(text, true, ['Notification', 'SessionEnd'], []);
    expect(plan.after).toContain('"command": "~/.claude/hooks/require-tests.sh",');
    expect(plan.after).toContain(
      '"type": "prompt",\n            "prompt": "Check whether every task the user asked for is complete. $ARGUMENTS",',
    );
    expect(plan.after).toContain('"type": "http",\n            "url": "http://localhost:8080/hooks/notification",');
    expect(plan.changes).toEqual([
      `wrap hooks.Notification[0].hooks[0]: osascript -e 'display notification "Claude needs you" with title "Claude Code"'`,
      'wrap hooks.SessionEnd[0].hooks[0]: echo "$(date -u +%FT%TZ) session ended" >> ~/.claude/sessions.log',
    ]);
  });
});
