// `hookd install --hooks FILE` and `hookd export` as a user runs them (the built bin/hookd), on a home
// holding each client's real file shapes (test/fixtures/settings): one YAML manifest goes into all
// eighteen clients that take one (OpenCode's, pi's, Kilo Code's and Amp's through hookd's own files and shims), each on its own event names, tool names, timeout unit and file layout, through
// hookd sync/emit --canonical; what a client cannot express is said; a second install changes
// nothing; export of one client installs the same hooks into another; uninstall gives every file
// back byte for byte and removes the files install made; bad manifests change nothing.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { FIXTURES } from '../helpers/paths.js';
import { toolbox } from '../helpers/toolbox.js';
import { runHookdWithEnv } from '../helpers/run-hookd.js';
import { parseSettingsText } from '../../src/settings/load.js';
import { clientById, type ClientId } from '../../src/clients/registry.js';

afterEach(cleanupTempDirs);

const MANIFEST = `# One guard and one notifier, written once.
spec: hooks/0.1
hooks:
  - name: no-force-push
    event: before_tool_execute
    matcher: shell
    handler: {type: command, command: ./guards/no-force-push.sh, timeout: 10}
    blocking: true
  - name: done-ping
    event: agent_stop
    handler: {type: command, command: 'notify-send "agent done"'}
`;

// Where each client's file is, and what it holds before install (its real shape; absent: install creates it).
// Cline's hooks are executables named after their events: a manifest has no file to go into there.
type ManifestClient = Exclude<ClientId, 'cline'>;
const FILES: Record<ManifestClient, { file: string; fixture?: string; text?: string }> = {
  claude: { file: '.claude/settings.json', fixture: 'claude-settings.json' },
  droid: { file: '.factory/settings.json', fixture: 'droid-settings.json' },
  gemini: { file: '.gemini/settings.json', fixture: 'gemini-settings.json' },
  cursor: { file: '.cursor/hooks.json', fixture: 'cursor-hooks.json' },
  copilot: { file: '.copilot/hooks/hookd.json' },
  codex: { file: '.codex/hooks.json' },
  qwen: { file: '.qwen/settings.json', text: '{\n  "security": { "auth": { "selectedType": "openai" } }\n}\n' },
  // hookd's own files, run by its shims (install writes those too).
  opencode: { file: '.config/hookd/opencode.json' },
  pi: { file: '.config/hookd/pi.json' },
  crush: { file: '.config/crush/crush.json', text: '{\n  // my Crush\n  "options": { "debug": false },\n}\n' },
  auggie: { file: '.augment/settings.json', text: '{\n  "model": "sonnet4.5"\n}\n' },
  qoder: { file: '.qoder/settings.json', text: '{\n  // my Qoder\n  "general": { "vimMode": false }\n}\n' },
  kilo: { file: '.config/hookd/kilo.json' },
  amp: { file: '.config/hookd/amp.json' },
  windsurf: { file: '.codeium/windsurf/hooks.json', fixture: 'windsurf-hooks.json' },
  // hookd's own plugin (Goose finds it by its folder), and hookd's own file of Grok CLI's hook folder.
  goose: { file: '.agents/plugins/hookd/hooks/hooks.json' },
  grok: { file: '.grok/hooks/hookd.json' },
  // hookd's own file of Kiro CLI's hook folder, a list of named hooks written whole.
  kiro: { file: '.kiro/hooks/hookd.json' },
};
// The shims install writes for the clients without command hooks of their own, and the folder each client is found by.
const SHIMS = {
  opencode: ['.config/opencode/plugin/hookd.js', '.config/opencode'],
  pi: ['.pi/agent/extensions/hookd.js', '.pi/agent'],
  kilo: ['.config/kilo/plugin/hookd.js', '.config/kilo'],
  amp: ['.config/amp/plugins/hookd.ts', '.config/amp'],
} as const;

// What each client's guard and notifier entries must be: event, matcher, timeout in its unit.
const EXPECTED: Record<ManifestClient, { guard: [string, string | undefined, number]; notifier: string }> = {
  claude: { guard: ['PreToolUse', 'Bash', 10], notifier: 'Stop' },
  droid: { guard: ['PreToolUse', 'Execute', 10], notifier: 'Stop' },
  gemini: { guard: ['BeforeTool', 'run_shell_command', 10_000], notifier: 'AfterAgent' },
  cursor: { guard: ['beforeShellExecution', undefined, 10], notifier: 'stop' },
  copilot: { guard: ['preToolUse', undefined, 10], notifier: 'agentStop' },
  codex: { guard: ['PreToolUse', 'Bash', 10], notifier: 'Stop' },
  qwen: { guard: ['PreToolUse', 'run_shell_command', 10], notifier: 'Stop' },
  opencode: { guard: ['PreToolUse', 'bash', 10], notifier: 'Stop' },
  pi: { guard: ['PreToolUse', 'bash', 10], notifier: 'Stop' },
  // Every Crush matcher is an unanchored regular expression: `bash` alone would match `mcp_x_bash` too.
  crush: { guard: ['PreToolUse', '^bash$', 10], notifier: 'TurnEnd' },
  // Auggie's matchers are unanchored regular expressions too, and its timeouts milliseconds.
  auggie: { guard: ['PreToolUse', '^launch-process$', 10_000], notifier: 'Stop' },
  qoder: { guard: ['PreToolUse', 'Bash', 10], notifier: 'Stop' },
  kilo: { guard: ['PreToolUse', 'bash', 10], notifier: 'Stop' },
  amp: { guard: ['PreToolUse', 'shell_command', 10], notifier: 'Stop' },
  // The tool is in Windsurf's event name: no matcher.
  windsurf: { guard: ['pre_run_command', undefined, 10], notifier: 'post_cascade_response' },
  // Goose's matchers are unanchored regular expressions too.
  goose: { guard: ['PreToolUse', '^developer__shell$', 10], notifier: 'Stop' },
  grok: { guard: ['PreToolUse', 'run_terminal_command', 10], notifier: 'Stop' },
  kiro: { guard: ['PreToolUse', '^execute_bash$', 10], notifier: 'Stop' },
};

function machine() {
  const home = tempDir('hookd-hif-home-');
  const before = new Map<string, string>();
  for (const [, folder] of Object.values(SHIMS)) mkdirSync(path.join(home, folder), { recursive: true });
  // Goose's own folder says it is installed (its hooks live in plugins' folders).
  mkdirSync(path.join(home, '.config', 'goose'), { recursive: true });
  for (const [, spec] of Object.entries(FILES)) {
    const file = path.join(home, spec.file);
    mkdirSync(path.dirname(file), { recursive: true });
    if (spec.fixture) copyFileSync(path.join(FIXTURES, 'settings', spec.fixture), file);
    if (spec.text) writeFileSync(file, spec.text);
    if (existsSync(file)) before.set(file, readFileSync(file, 'utf8'));
  }
  // Files install must leave as they are: a Copilot hook file of the user's, Codex's config.toml.
  for (const [name, fixture] of [
    ['.copilot/hooks/1password.json', 'copilot-1password-hooks.json'],
    ['.codex/config.toml', 'codex-config-hooks.toml'],
  ]) {
    copyFileSync(path.join(FIXTURES, 'settings', fixture!), path.join(home, name!));
    before.set(path.join(home, name!), readFileSync(path.join(home, name!), 'utf8'));
  }
  const manifest = path.join(home, 'project', 'hooks.yaml');
  mkdirSync(path.join(path.dirname(manifest), 'guards'), { recursive: true });
  writeFileSync(path.join(path.dirname(manifest), 'guards', 'no-force-push.sh'), '#!/bin/sh\nexit 0\n', {
    mode: 0o755,
  });
  writeFileSync(manifest, MANIFEST);
  const env = { HOME: home, PATH: toolbox([]), HOOKD_STATE_DIR: path.join(home, 'state') };
  return { home, before, manifest, env };
}

// The canonical entries of `id`'s file, as hookd reads them.
function canonicalEntries(home: string, id: ManifestClient) {
  const file = path.join(home, FILES[id].file);
  const parsed = parseSettingsText(readFileSync(file, 'utf8'), file, clientById(id)!);
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return parsed.config.entries.filter((entry) => entry.canonical);
}

describe('hookd install --hooks, export and uninstall on every client', () => {
  it('installs once into all eighteen that take one, idempotently, and uninstall gives every byte back', async () => {
    const { home, before, manifest, env } = machine();
    const first = await runHookdWithEnv(['install', '--hooks', manifest], env);
    expect(first.stderr).toBe('');
    expect(first.exitCode).toBe(0);
    const guardScript = path.join(home, 'project', 'guards', 'no-force-push.sh');
    for (const id of Object.keys(FILES) as ManifestClient[]) {
      const entries = canonicalEntries(home, id);
      const { guard, notifier } = EXPECTED[id];
      const sync = entries.filter((entry) => entry.kind === 'sync');
      const emit = entries.filter((entry) => entry.kind === 'bridge');
      expect(
        sync.map((entry) => [entry.event, entry.matcher, entry.timeoutWritten]),
        id,
      ).toEqual([guard]);
      expect(sync[0]).toMatchObject({ run: guardScript, sync: { client: id, event: guard[0], timeoutSec: 10 } });
      expect(
        emit.map((entry) => [entry.event, entry.run]),
        id,
      ).toEqual([[notifier, 'notify-send "agent done"']]);
    }
    // What a client cannot filter on is said, not dropped.
    expect(first.stdout).toMatch(
      /\(GitHub Copilot CLI\)[^]*cannot express: "no-force-push": GitHub Copilot CLI has no tool matchers: the hook runs for every tool/,
    );
    expect(first.stdout).toContain('Codex runs a new or changed hook only once you trust it');
    // The shims that run OpenCode's and pi's files are written with them, and taken out by uninstall.
    for (const [shim] of Object.values(SHIMS))
      expect(readFileSync(path.join(home, shim), 'utf8'), shim).toContain(`hookd shim`);
    const installed = new Map(
      [...before.keys(), ...Object.values(FILES).map((spec) => path.join(home, spec.file))].map((file) => [
        file,
        readFileSync(file, 'utf8'),
      ]),
    );
    const again = await runHookdWithEnv(['install', '--hooks', manifest], env);
    expect(again.exitCode).toBe(0);
    expect(again.stdout.match(/nothing to change: every hook of the manifest is installed already/g)).toHaveLength(18);
    for (const [file, text] of installed) expect(readFileSync(file, 'utf8'), file).toBe(text);
    // A plain install afterwards wraps the files' own hooks and leaves the manifest's alone; one uninstall undoes both.
    const plain = await runHookdWithEnv(['install'], env);
    expect(plain.exitCode).toBe(0);
    expect(plain.stdout).toContain(
      'wrap hooks.PreToolUse[0].hooks[0] in line (hookd sync): "$CLAUDE_PROJECT_DIR"/.claude/hooks/check-bash.sh',
    );
    for (const id of Object.keys(FILES) as ManifestClient[]) expect(canonicalEntries(home, id), id).toHaveLength(2);
    const removed = await runHookdWithEnv(['uninstall'], env);
    expect(removed.exitCode).toBe(0);
    for (const [file, text] of before) expect(readFileSync(file, 'utf8'), file).toBe(text);
    for (const made of [
      FILES.copilot.file,
      FILES.codex.file,
      FILES.opencode.file,
      FILES.pi.file,
      FILES.kilo.file,
      FILES.amp.file,
      FILES.goose.file,
      FILES.grok.file,
      FILES.kiro.file,
      SHIMS.opencode[0],
      SHIMS.pi[0],
      SHIMS.kilo[0],
      SHIMS.amp[0],
    ])
      expect(existsSync(path.join(home, made)), made).toBe(false);
  });

  it("exports one client's hooks as a manifest that gives another client the same hooks", async () => {
    const { home, manifest, env } = machine();
    expect((await runHookdWithEnv(['install', '--hooks', manifest, '--client', 'claude'], env)).exitCode).toBe(0);
    const exported = await runHookdWithEnv(['export', '--client', 'claude'], env);
    expect(exported.exitCode).toBe(0);
    // The fixture's own http and prompt hooks have no canonical form: said on stderr.
    expect(exported.stderr).toContain('not exported: a "prompt" hook');
    const data = JSON.parse(exported.stdout);
    expect(data.spec).toBe('hooks/0.1');
    expect(data.hooks).toContainEqual({
      name: 'no-force-push',
      event: 'before_tool_execute',
      matcher: 'shell',
      handler: { type: 'command', command: path.join(home, 'project', 'guards', 'no-force-push.sh'), timeout: 10 },
      blocking: true,
    });
    // Claude Code's own hooks answer in its terms, and are exported as such (issue 41, 1).
    type Hook = { dialect?: string; blocking?: boolean };
    const own = (data.hooks as Hook[]).filter((hook) => hook.dialect !== undefined);
    expect(own.length).toBeGreaterThan(2);
    expect(own.every((hook) => hook.dialect === 'claude-code')).toBe(true);
    // Every client's at once: one client's broken file is said and the others exported.
    writeFileSync(path.join(home, FILES.qwen.file), '{"hooks": ');
    const all = await runHookdWithEnv(['export'], env);
    expect(all.exitCode).toBe(0);
    expect(all.stderr).toMatch(/\.qwen\/settings\.json: not exported: it does not read \(.*not valid JSON/);
    expect(JSON.parse(all.stdout).hooks).toEqual(expect.arrayContaining(data.hooks));
    const other = machine();
    const file = path.join(other.home, 'exported.json');
    writeFileSync(file, exported.stdout);
    // The scripts Claude Code's hooks name are on this machine too (a script that is not there is refused).
    mkdirSync(path.join(other.home, '.claude', 'hooks'), { recursive: true });
    writeFileSync(path.join(other.home, '.claude', 'hooks', 'require-tests.sh'), '#!/bin/sh\n', { mode: 0o755 });
    // A Claude Code guard that answers in Claude Code's terms would allow everything in Gemini CLI: refused, nothing written.
    const refused = await runHookdWithEnv(['install', '--hooks', file, '--client', 'gemini'], other.env);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain("left out of Gemini CLI: it answers in Claude Code's own terms");
    // The canonical hooks, and those whose answer nobody reads, go to Gemini CLI.
    const portable = (data.hooks as Hook[]).filter((hook) => hook.dialect === undefined || hook.blocking === false);
    writeFileSync(file, JSON.stringify({ spec: 'hooks/0.1', hooks: portable }));
    const installed = await runHookdWithEnv(['install', '--hooks', file, '--client', 'gemini'], other.env);
    expect(installed.exitCode, installed.stderr).toBe(0);
    const back = await runHookdWithEnv(['export', '--client', 'gemini'], other.env);
    expect(back.exitCode).toBe(0);
    // Gemini's own hooks are there too; every portable hook exported from Claude Code is among Gemini's now
    // (one that answered in Claude Code's terms is Gemini CLI's own hook there).
    const strip = ({ dialect: _, ...rest }: Hook) => rest;
    const geminiHooks = (JSON.parse(back.stdout).hooks as Hook[]).map(strip);
    expect(portable.length).toBeGreaterThan(2);
    for (const hook of portable) expect(geminiHooks).toContainEqual(strip(hook));
  });

  it('installing the edited manifest replaces the hooks it changed or dropped, and uninstall still gives every byte back', async () => {
    const { home, before, manifest, env } = machine();
    expect((await runHookdWithEnv(['install', '--hooks', manifest, '--client', 'cursor'], env)).exitCode).toBe(0);
    // The guard's timeout changes; the notifier goes.
    writeFileSync(manifest, MANIFEST.replace('timeout: 10', 'timeout: 20').replace(/  - name: done-ping[^]*$/, ''));
    const edited = await runHookdWithEnv(['install', '--hooks', manifest, '--client', 'cursor'], env);
    expect(edited.exitCode).toBe(0);
    expect(edited.stdout).toContain('remove the added hook hooks.stop[1]: no longer in the manifest');
    const entries = canonicalEntries(home, 'cursor');
    expect(entries.map((entry) => [entry.event, entry.kind, entry.timeoutWritten])).toEqual([
      ['beforeShellExecution', 'sync', 20],
    ]);
    expect(entries[0]?.sync?.timeoutSec).toBe(20);
    expect((await runHookdWithEnv(['uninstall'], env)).exitCode).toBe(0);
    for (const [file, text] of before) expect(readFileSync(file, 'utf8'), file).toBe(text);
  });

  it('--dry-run shows the change in the clients --client names and writes nothing', async () => {
    const { before, manifest, env } = machine();
    const dry = await runHookdWithEnv(['install', '--hooks', manifest, '--client', 'gemini,claude', '--dry-run'], env);
    expect(dry.exitCode).toBe(0);
    // The clients named, and only those.
    expect(
      dry.stdout
        .match(/^\S+ \(([^)]+)\): \d change\(s\) to make \(dry run: nothing written\)$/gm)
        ?.map((line) => line.replace(/^.*\((.+?)\): .*$/, '$1')),
    ).toEqual(['Gemini CLI', 'Claude Code']);
    expect(dry.stdout).toContain('+');
    for (const [file, text] of before) expect(readFileSync(file, 'utf8'), file).toBe(text);
  });

  const bad: [string, string, RegExp][] = [
    ['YAML that does not parse', 'spec: hooks/0.1\nhooks: [\n', /hooks\.yaml: line \d+: /],
    [
      'the wrong spec',
      'spec: hooks/9\nhooks: [{event: agent_stop, handler: {type: command, command: x}}]\n',
      /hooks\.yaml: spec: expected "hooks\/0\.1"/,
    ],
    [
      'a command handler without its command',
      'spec: hooks/0.1\nhooks: [{event: agent_stop, handler: {type: command}}]\n',
      /hooks\.yaml: hooks\[0\]\.handler\.command: a command handler needs "command"/,
    ],
    [
      'an alias bomb',
      `spec: hooks/0.1\na: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nhooks: [{event: agent_stop, handler: {type: command, command: x}}]\n`,
      /hooks\.yaml: .*alias/i,
    ],
    ['a file over 1 MiB', `spec: hooks/0.1\n# ${'x'.repeat(1024 * 1024)}\n`, /hooks\.yaml: .*(too large|MiB)/],
  ];
  for (const [what, text, message] of bad) {
    it(`refuses ${what} with exit 2 and changes nothing`, async () => {
      const { before, manifest, env } = machine();
      writeFileSync(manifest, text);
      const result = await runHookdWithEnv(['install', '--hooks', manifest], env);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toMatch(message);
      for (const [file, text] of before) expect(readFileSync(file, 'utf8'), file).toBe(text);
    });
  }
});
