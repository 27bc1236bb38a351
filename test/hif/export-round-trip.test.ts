// Issue 41, item 1: a client's own guard (a Claude Code hook answering with
// `hookSpecificOutput.permissionDecision: "deny"`) went through `hookd install`, `hookd export`,
// `hookd uninstall`, `hookd install --hooks` and came back `--canonical`: the bridge found no
// `decision` in its answer and allowed. Now export marks such a hook with its client's dialect, and
// install puts it back into that client as it was. Proven over each client's answer table
// (src/hif/answer-rows.ts): every way the client is told a decision on its tool guard's event,
// answered by the hook itself, decides the same before the round trip and after it.
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { HOOKD } from '../helpers/paths.js';
import { runHookd } from '../helpers/run-hookd.js';
import { ANSWER_ROWS, renderTemplate } from '../../src/hif/answer-rows.js';
import { nativeEvents } from '../../src/hif/vocabulary.js';
import { clientById, type ClientId } from '../../src/clients/registry.js';
import { parseSettingsText } from '../../src/settings/load.js';

afterEach(cleanupTempDirs);

type Shaped = (command: string) => object;
const grouped =
  (event: string, matcher: string): Shaped =>
  (command) => ({ hooks: { [event]: [{ matcher, hooks: [{ type: 'command', command }] }] } });
// Each client's file and a plain guard on its shell tool, in the client's own shape.
const FILES: Record<Exclude<ClientId, 'cline'>, { file: string; shape: Shaped }> = {
  claude: { file: '.claude/settings.json', shape: grouped('PreToolUse', 'Bash') },
  droid: { file: '.factory/settings.json', shape: grouped('PreToolUse', 'Execute') },
  qwen: { file: '.qwen/settings.json', shape: grouped('PreToolUse', 'run_shell_command') },
  codex: { file: '.codex/hooks.json', shape: grouped('PreToolUse', 'Bash') },
  gemini: { file: '.gemini/settings.json', shape: grouped('BeforeTool', 'run_shell_command') },
  opencode: { file: '.config/hookd/opencode.json', shape: grouped('PreToolUse', 'bash') },
  pi: { file: '.config/hookd/pi.json', shape: grouped('PreToolUse', 'bash') },
  kilo: { file: '.config/hookd/kilo.json', shape: grouped('PreToolUse', 'bash') },
  amp: { file: '.config/hookd/amp.json', shape: grouped('PreToolUse', 'shell_command') },
  // Every Auggie matcher is an unanchored regular expression.
  auggie: { file: '.augment/settings.json', shape: grouped('PreToolUse', '^launch-process$') },
  qoder: { file: '.qoder/settings.json', shape: grouped('PreToolUse', 'Bash') },
  copilot: {
    file: '.copilot/hooks/mine.json',
    shape: (bash) => ({ version: 1, hooks: { preToolUse: [{ type: 'command', bash }] } }),
  },
  cursor: {
    file: '.cursor/hooks.json',
    shape: (command) => ({ version: 1, hooks: { beforeShellExecution: [{ command }] } }),
  },
  crush: {
    file: '.config/crush/crush.json',
    shape: (command) => ({ hooks: { PreToolUse: [{ matcher: '^bash$', command }] } }),
  },
  windsurf: {
    file: '.codeium/windsurf/hooks.json',
    shape: (command) => ({ hooks: { pre_run_command: [{ command, show_output: true }] } }),
  },
  goose: { file: '.agents/plugins/mine/hooks/hooks.json', shape: grouped('PreToolUse', 'developer__shell') },
  grok: { file: '.grok/hooks/mine.json', shape: grouped('PreToolUse', 'Bash') },
  kiro: {
    file: '.kiro/hooks/mine.json',
    shape: (command) => ({
      version: 'v1',
      hooks: [{ name: 'guard', trigger: 'PreToolUse', matcher: 'execute_bash', action: { type: 'command', command } }],
    }),
  },
};

/** The answers of `client` on `event` in its own terms: each row of its answer table, and a silent allow and a crash. */
function answersOf(client: string, event: string) {
  const rows = ANSWER_ROWS.filter(
    (row) => (row.client === client || row.client === '*') && (row.event === event || row.event === '*'),
  );
  return [
    ...rows.map((row) => ({
      name: `${row.outcome} (${row.client} ${row.event})`,
      stdout: renderTemplate(row.stdout, { reason: 'no: guarded', context: 'ctx', event, input: '{"command":"true"}' }),
      stderr: row.stderr ? 'no: guarded\n' : '',
      code: row.exitCode,
    })),
    { name: 'silent allow', stdout: '', stderr: '', code: 0 },
    { name: 'exit 1', stdout: '', stderr: 'crashed\n', code: 1 },
  ];
}

const q = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** The one command hook entry of `file` as `client` reads it. */
function entryOf(file: string, client: ClientId) {
  const parsed = parseSettingsText(readFileSync(file, 'utf8'), file, clientById(client)!);
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  expect(parsed.config.entries).toHaveLength(1);
  return parsed.config.entries[0]!;
}

describe('a client hook through export and install --hooks (issue 41, item 1)', () => {
  it('decides as before, for every answer of every client answer table', async () => {
    const bin = path.join(tempDir(), 'bin');
    mkdirSync(bin);
    symlinkSync(HOOKD, path.join(bin, 'hookd'));
    symlinkSync(process.execPath, path.join(bin, 'node'));
    const checked: string[] = [];
    for (const [id, { file: relative, shape }] of Object.entries(FILES) as Array<
      [ClientId, (typeof FILES)['claude']]
    >) {
      const home = tempDir('hookd-home-');
      const env = { HOME: home, HOOKD_STATE_DIR: path.join(home, 'state') };
      const file = path.join(home, relative);
      const answer = path.join(home, 'answer.sh');
      const guard = `sh ${answer}`;
      writeFileSync(answer, 'exit 0\n');
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(shape(guard), null, 2)}\n`);
      const where = ['--settings', file, '--client', id];
      const installed = await runHookd(['install', ...where], { env });
      expect(installed.exitCode, installed.stderr).toBe(0);
      const before = entryOf(file, id);
      expect(before.kind, id).toBe('sync');
      const exported = await runHookd(['export', ...where], { env });
      expect(exported.exitCode, exported.stderr).toBe(0);
      const manifest = path.join(home, 'exported.json');
      writeFileSync(manifest, exported.stdout);
      expect((await runHookd(['uninstall', ...where], { env })).exitCode).toBe(0);
      // Another machine, as it were: the client's file without the hook, then the export installed.
      rmSync(file);
      const again = await runHookd(['install', '--hooks', manifest, ...where], { env });
      expect(again.exitCode, again.stderr).toBe(0);
      const after = entryOf(file, id);

      const event = nativeEvents(id, 'before_tool_execute')[0]!;
      for (const one of answersOf(id, event)) {
        writeFileSync(
          answer,
          `cat >/dev/null; printf %s ${q(one.stderr)} >&2; printf %s ${q(one.stdout)}; exit ${one.code}\n`,
        );
        const runs = await Promise.all(
          [guard, before.command, after.command].map((command) =>
            execa('sh', ['-c', command], {
              env: { PATH: `${bin}:/usr/bin:/bin`, HOOKD_STATE_DIR: env.HOOKD_STATE_DIR },
              extendEnv: false,
              input: '{"session_id":"s","tool_name":"Bash","tool_input":{"command":"ls"}}',
              reject: false,
            }),
          ),
        );
        const [alone, wrapped, roundTrip] = runs.map((run) => ({
          code: run.exitCode,
          stdout: run.stdout,
          stderr: run.stderr,
        }));
        const row = `${id} ${one.name}`;
        checked.push(row);
        expect({ row, ...wrapped }).toEqual({ row, ...alone });
        expect({ row, ...roundTrip }).toEqual({ row, ...alone });
      }
      // In line, and handed on as the hook wrote it: not read as a canonical answer.
      expect([after.kind, after.canonical], id).toEqual(['sync', false]);
    }
    // The issue's case among them: Claude Code's permissionDecision "deny".
    expect(checked).toContain('claude deny (* *)');
    expect(checked.length).toBeGreaterThan(40);
  }, 300_000);
});
