// hookd install / uninstall on real files in temp directories: round trips on real-looking
// settings files, idempotence, the bad inputs of issue 5, and the refusal of a concurrent edit.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  chmodSync,
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { echoHookdPath } from '../helpers/echo-hookd.js';
import { FIXTURES } from '../helpers/paths.js';
import { runInstall } from '../../src/commands/install.js';
import { runUninstall } from '../../src/commands/uninstall.js';
import { classifyCommand } from '../../src/settings/classify-command.js';
import { syncCommand, wrapCommand } from '../../src/install/quote-command.js';
import { HookdError } from '../../src/common/errors.js';
import { backupsDir } from '../../src/install/backups.js';

let home: string;
let stateDir: string;
let dir: string;

beforeEach(() => {
  home = tempDir('hookd-home-');
  process.env.HOME = home;
  process.env.XDG_DATA_HOME = path.join(home, '.local', 'share');
  // The default state directory: the bridge commands install writes need no --state-dir.
  process.env.XDG_STATE_HOME = home;
  stateDir = path.join(home, 'hookd');
  dir = tempDir();
});
afterEach(cleanupTempDirs);

const read = (file: string) => readFileSync(file, 'utf8');
/** The backups in the state directory (never beside the settings file: issue 13 item 11). */
const backups = () => (existsSync(backupsDir(stateDir)) ? readdirSync(backupsDir(stateDir)) : []);
const leftovers = (folder = dir) =>
  readdirSync(folder).filter((name) => name.includes('.hookd-') && !name.includes('backup'));

/** A settings file the way people have them: unrelated keys, 4-space indent, plain and wrapped hooks, a blocking event. */
const REAL_LOOKING = `{
    "model": "example-model",
    "permissions": { "allow": ["Bash(npm test:*)", "Read(**)"], "deny": [] },
    "env": { "AGENT_TELEMETRY": "0" },
    "hooks": {
        "PreToolUse": [
            { "matcher": "Bash", "hooks": [ { "type": "command", "command": "~/bin/guard.sh", "timeout": 5 } ] }
        ],
        "Notification": [
            { "matcher": "permission_prompt", "hooks": [ { "type": "command", "command": "notify-send \\"Agent\\" \\"$(jq -r .message)\\"", "timeout": 5 } ] }
        ],
        "Stop": [
            {
                "hooks": [
                    { "type": "command", "command": "say 'it''s done' && echo \\"$HOME\\" >> /tmp/stops # note", "timeout": 30, "x-custom": true },
                    { "type": "command", "command": "hookd emit -- 'already wrapped'" }
                ]
            }
        ],
        "SessionEnd": [ { "hooks": [ { "type": "command", "command": "rm -f /tmp/agent.lock\\ntouch /tmp/ended" } ] } ]
    },
    "statusLine": { "type": "command", "command": "git branch --show-current" },
    "theme": "dark"
}`;

function settingsFile(text: string, name = 'settings.json'): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

async function expectError(promise: Promise<unknown>, pattern: RegExp): Promise<HookdError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HookdError);
  expect((error as Error).message).toMatch(pattern);
  return error as HookdError;
}

describe('quoting', () => {
  const tricky = [
    `notify-send "Agent" "$(jq -r .message)"`,
    `echo 'it'"'"'s' && echo "it's"`,
    `'`,
    `''`,
    `printf '%s\\n' "a  b"   'c\\td'`,
    `echo \\$HOME \`whoami\` $((1 + 2)) *.log ~/x ; true | cat > /dev/null & wait`,
    `line one\nline two`,
    `echo "ünïcødé ✓" # trailing comment`,
    ` leading and trailing spaces `,
  ];

  for (const command of tricky) {
    it(`wraps ${JSON.stringify(command)} so the bridge receives it unchanged`, async () => {
      const wrapped = wrapCommand(command);
      const classified = classifyCommand(wrapped);
      expect(classified).toMatchObject({ kind: 'bridge', inner: command });
      // What the client's shell actually hands the bridge: `hookd` here prints its words after `emit --`.
      const seen = await execa('/bin/sh', ['-c', wrapped], { env: { PATH: echoHookdPath() }, reject: false });
      // A CMD sh cannot parse fails the whole guarded entry (it ends it, issue 29) as it fails the client alone: the same exit code.
      const alone = await execa('/bin/sh', ['-n', '-c', command], { reject: false });
      if (alone.exitCode !== 0) expect(seen.exitCode).toBe(alone.exitCode);
      else expect(seen.stdout).toBe(command.replace(/\n+$/, ''));
    });
  }
});

describe('hookd install and uninstall: round trips', () => {
  it('--async-only wraps only the plain hooks of fire-and-forget events, changing nothing else in the file, and says what it left alone', async () => {
    const file = settingsFile(REAL_LOOKING);
    const out = await runInstall({ settings: file, stateDir, asyncOnly: true });
    const after = read(file);
    const before = JSON.parse(REAL_LOOKING);
    const originals = [
      before.hooks.Notification[0].hooks[0].command,
      before.hooks.SessionEnd[0].hooks[0].command,
    ] as string[];
    // Byte for byte: the file is the original with exactly these two string literals replaced.
    let expected = REAL_LOOKING;
    for (const original of originals)
      expected = expected.replace(JSON.stringify(original), JSON.stringify(wrapCommand(original)));
    expect(after).toBe(expected);
    const data = JSON.parse(after);
    expect(data.hooks.PreToolUse[0].hooks[0].command).toBe('~/bin/guard.sh');
    expect(data.hooks.Stop[0].hooks[1].command).toBe(`hookd emit -- 'already wrapped'`);
    expect(data.hooks.Stop[0].hooks[0]).toMatchObject({
      timeout: 30,
      'x-custom': true,
      command: before.hooks.Stop[0].hooks[0].command,
    });
    expect(out).toMatch(/2 change\(s\) written/);
    expect(out).toMatch(
      /left alone: hooks\.Stop\[0\]\.hooks\[0\] \(say .*\): agent client reads the result of Stop hooks; without --async-only, hookd install runs them through hookd in line \(hookd sync\); --events Stop puts them behind hookd emit, where they lose their say/,
    );
    expect(out).toMatch(
      /left alone: hooks\.PreToolUse\[0\]\.hooks\[0\] \(~\/bin\/guard\.sh\): agent client reads the result of PreToolUse hooks/,
    );
    expect(backups().map((name) => read(path.join(backupsDir(stateDir), name)))).toEqual([REAL_LOOKING]);
    expect(out).toContain(
      `backup: ${path.join(backupsDir(stateDir), backups()[0]!)} (the newest 5 backups of each settings file are kept there)`,
    );
    expect(leftovers()).toEqual([]);
  });

  it('changes nothing the second time: identical bytes, no new backup', async () => {
    const file = settingsFile(REAL_LOOKING);
    await runInstall({ settings: file, stateDir });
    const once = read(file);
    const out = await runInstall({ settings: file, stateDir });
    expect(read(file)).toBe(once);
    expect(out).toMatch(/nothing to change/);
    expect(backups()).toHaveLength(1);
  });

  it('issue 13 item 10: a file with none of the chosen events says so; one whose hooks all run through hookd says that', async () => {
    const file = settingsFile('{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "guard"}]}]}}');
    for (const dryRun of [false, true]) {
      expect(await runInstall({ settings: file, stateDir, dryRun, asyncOnly: true })).toMatch(
        /^\S+ \(agent client\): nothing to change: no Notification, SessionEnd hooks to wrap\n {2}left alone: hooks\.PreToolUse/,
      );
    }
    const bridged = settingsFile(
      '{"hooks": {"Notification": [{"hooks": [{"type": "command", "command": "hookd emit -- notify"}]}], "Stop": [{"hooks": [{"type": "command", "command": "hookd sync --timeout 5 -- gate"}]}]}}',
      'bridged.json',
    );
    // Hand-written bridge entries without the fallback (issue 29) are the user's: install only says what they do where hookd is missing.
    expect(await runInstall({ settings: bridged, stateDir })).toMatch(
      /: nothing to change: every hook already runs through hookd\n {2}note: hooks\.Notification\[0\]\.hooks\[0\] \(hookd emit -- notify\) is a bridge entry without the fallback/,
    );
    expect(await runInstall({ settings: bridged, stateDir, events: 'Stop' })).toMatch(
      /: nothing to change: every Stop hook already runs through hookd\n/,
    );
  });

  it('issue 13 item 11: 29 round trips keep the newest 5 backups, in the state directory', async () => {
    const file = settingsFile(REAL_LOOKING);
    for (let trip = 0; trip < 29; trip++) {
      await runInstall({ settings: file, stateDir });
      await runUninstall({ settings: file, stateDir });
    }
    expect(backups()).toHaveLength(5);
    expect(backups().every((name) => name.startsWith('settings.json.'))).toBe(true);
    expect(readdirSync(dir)).toEqual(['settings.json']);
    // Another file's backups are counted on their own.
    const other = settingsFile(REAL_LOOKING, 'other.json');
    await runInstall({ settings: other, stateDir });
    expect(backups()).toHaveLength(6);
  });

  it('uninstall restores the original, byte for byte', async () => {
    const file = settingsFile(REAL_LOOKING);
    await runInstall({ settings: file, stateDir });
    const out = await runUninstall({ settings: file, stateDir });
    expect(read(file)).toBe(REAL_LOOKING);
    // The guard, the Stop gate (hookd sync), the notification and the SessionEnd hook (hookd emit).
    expect(out).toMatch(/4 change\(s\) undone/);
    expect(await runUninstall({ settings: file, stateDir })).toMatch(
      /hookd install has not changed this file .* nothing to undo/,
    );
  });

  it('round trips the shared sample settings: its hand-written bridge entries are left alone by both', async () => {
    const original = read(path.join(FIXTURES, 'settings.example.json'));
    const file = settingsFile(original);
    await runInstall({ settings: file, stateDir });
    const data = JSON.parse(read(file));
    expect(data.hooks.SessionEnd[0].hooks[1].command).toBe(wrapCommand('echo session over >> /tmp/plain-hook.log'));
    expect(read(file)).toBe(
      original.replace(
        '"echo session over >> /tmp/plain-hook.log"',
        JSON.stringify(wrapCommand('echo session over >> /tmp/plain-hook.log')),
      ),
    );
    await runUninstall({ settings: file, stateDir });
    expect(read(file)).toBe(original);
  });

  it('uninstall keeps edits the user made after install', async () => {
    const file = settingsFile(REAL_LOOKING);
    await runInstall({ settings: file, stateDir });
    const edited = JSON.parse(read(file));
    edited.theme = 'light';
    edited.hooks.Stop[0].hooks.push({ type: 'command', command: 'echo mine' });
    writeFileSync(file, JSON.stringify(edited, null, 4));
    await runUninstall({ settings: file, stateDir });
    const expected = JSON.parse(REAL_LOOKING);
    expected.theme = 'light';
    expected.hooks.Stop[0].hooks.push({ type: 'command', command: 'echo mine' });
    expect(JSON.parse(read(file))).toEqual(expected);
  });

  it('--events limits the wrapping: a deciding event named goes behind hookd sync, or under --async-only behind hookd emit with what it loses; unknown events are refused', async () => {
    const file = settingsFile(REAL_LOOKING);
    expect(await runInstall({ settings: file, stateDir, events: 'Stop' })).not.toMatch(/warning/);
    let data = JSON.parse(read(file));
    expect(classifyCommand(data.hooks.Stop[0].hooks[0].command)).toMatchObject({
      kind: 'sync',
      sync: { event: 'Stop', timeoutSec: 30 },
    });
    expect(classifyCommand(data.hooks.Notification[0].hooks[0].command).kind).toBe('plain');
    expect(classifyCommand(data.hooks.PreToolUse[0].hooks[0].command).kind).toBe('plain');
    await runUninstall({ settings: file, stateDir });
    const out = await runInstall({ settings: file, stateDir, events: 'Stop', asyncOnly: true });
    expect(out).toMatch(
      /warning: hooks\.Stop\[0\]\.hooks\[0\] \(say .*\) goes behind hookd emit as asked: agent client reads the answer of Stop hooks, and behind the asynchronous bridge it always sees success with nothing to say/,
    );
    data = JSON.parse(read(file));
    expect(classifyCommand(data.hooks.Stop[0].hooks[0].command).kind).toBe('bridge');
    await expectError(
      runInstall({ settings: file, stateDir, events: 'Stp' }),
      /no event "Stp" \(did you mean "Stop"\?\)/,
    );
    await expectError(
      runInstall({ settings: file, stateDir, add: ['fireworks'] }),
      /no example hook "fireworks"; choose from notify, log, webhook, followup/,
    );
  });

  it('--dry-run prints a unified diff and writes nothing', async () => {
    const file = settingsFile(REAL_LOOKING);
    const out = await runInstall({ settings: file, stateDir, dryRun: true, asyncOnly: true });
    // The file's header first, then what is left alone, then the diff (issue 23: not the other way round).
    const lines = out.split('\n');
    expect(lines[0]).toBe(`${file} (agent client): 2 change(s) to make (dry run: nothing written)`);
    const diff = lines.indexOf(`--- ${file}`);
    expect(lines.slice(1, diff).length).toBeGreaterThan(0);
    for (const line of lines.slice(1, diff)) expect(line).toMatch(/^ {2}(left alone|note): /);
    expect(lines[diff + 1]).toBe(`+++ ${file}`);
    expect(out).toContain(
      `-            { "matcher": "permission_prompt", "hooks": [ { "type": "command", "command": "notify-send \\"Agent\\" \\"$(jq -r .message)\\"", "timeout": 5 } ] }`,
    );
    expect(out).toContain(
      `+                    { "type": "command", "command": "command -v hookd >/dev/null 2>&1 && exec hookd emit -- 'rm -f /tmp/agent.lock\\ntouch /tmp/ended'; rm -f /tmp/agent.lock\\ntouch /tmp/ended" } ] } ]`.replace(
        /^\+ {20}/,
        '+        "SessionEnd": [ { "hooks": [ ',
      ),
    );
    expect(read(file)).toBe(REAL_LOOKING);
    expect(backups()).toEqual([]);
    expect(existsSync(stateDir)).toBe(false);
  });
});

describe('hookd install --add', () => {
  it('adds the example hooks behind the bridge, copies the scripts, and uninstall takes both away', async () => {
    const file = settingsFile(REAL_LOOKING);
    const events = 'Notification,Stop,SubagentStop,SessionEnd';
    const out = await runInstall({ settings: file, stateDir, add: ['log', 'notify'], events });
    const data = JSON.parse(read(file));
    const examples = path.join(home, '.local', 'share', 'hookd', 'examples');
    expect(readdirSync(examples).sort()).toEqual(['log-event.sh', 'notify.sh']);
    expect(out).toMatch(/copied log-event\.sh/);
    const log = wrapCommand('~/.local/share/hookd/examples/log-event.sh');
    // log goes on every event; notify only where the turn finished or the agent needs you (issue 20),
    // and not on Notification, which notifies already (notify-send).
    for (const event of ['Notification', 'Stop', 'SubagentStop', 'SessionEnd']) {
      const commands = (data.hooks[event] as { hooks: { command: string }[] }[]).flatMap((group) =>
        group.hooks.map((hook) => hook.command),
      );
      expect(commands).toContain(log);
      expect(commands.includes(wrapCommand('~/.local/share/hookd/examples/notify.sh')), `notify on ${event}`).toBe(
        event === 'Stop',
      );
    }
    expect(out).toMatch(/note: Notification already notifies \(notify-send .*\): no notify example added beside it/);
    expect(data.hooks.SubagentStop.at(-1)).toEqual({ hooks: [{ type: 'command', command: log, timeout: 10 }] });
    // The file keeps its 4-space indentation and its key order.
    expect(read(file)).toMatch(/^\{\n {4}"model": "example-model",\n {4}"permissions"/);
    expect(Object.keys(data)).toEqual(['model', 'permissions', 'env', 'hooks', 'statusLine', 'theme']);
    expect(await runInstall({ settings: file, stateDir, add: ['log', 'notify'], events })).toMatch(/nothing to change/);
    // The new groups are spliced in beside their neighbours, in their style.
    expect(read(file)).toContain(
      `,\n            { "hooks": [ { "type": "command", "command": ${JSON.stringify(log)}, "timeout": 10 } ] }`,
    );
    await runUninstall({ settings: file, stateDir });
    expect(read(file)).toBe(REAL_LOOKING);
    expect(existsSync(path.dirname(examples))).toBe(false);
  });

  it('creates a missing settings file with --add, and uninstall removes it again', async () => {
    const file = path.join(dir, 'new', 'settings.json');
    await expectError(
      runInstall({ settings: file, stateDir }),
      /no such file \(named with --settings\), so there is nothing to wrap.*hookd install --add notify/,
    );
    expect(existsSync(file)).toBe(false);
    await runInstall({ settings: file, stateDir, add: ['followup'] });
    expect(JSON.parse(read(file))).toEqual({
      hooks: {
        Stop: [
          {
            hooks: [
              { type: 'command', command: wrapCommand('~/.local/share/hookd/examples/followup.sh'), timeout: 30 },
            ],
          },
        ],
      },
    });
    expect(read(file).endsWith('}\n')).toBe(true);
    expect(await runUninstall({ settings: file, stateDir })).toMatch(/removed \(install had created it\)/);
    expect(existsSync(file)).toBe(false);
  });

  it('treats an empty file as a settings file with no hooks', async () => {
    const file = settingsFile('');
    expect(await runInstall({ settings: file, stateDir })).toMatch(/nothing to change/);
    await runInstall({ settings: file, stateDir, add: ['log'], events: 'Stop' });
    expect(JSON.parse(read(file))).toEqual({
      hooks: {
        Stop: [
          {
            hooks: [
              { type: 'command', command: wrapCommand('~/.local/share/hookd/examples/log-event.sh'), timeout: 10 },
            ],
          },
        ],
      },
    });
  });

  it('keeps a tab-indented file tab-indented', async () => {
    const file = settingsFile('{\n\t"theme": "dark",\n\t"hooks": {\n\t\t"Stop": []\n\t}\n}\n');
    await runInstall({ settings: file, stateDir, add: ['log'], events: 'Stop' });
    expect(read(file)).toMatch(/^\{\n\t"theme": "dark",\n\t"hooks": \{\n\t\t"Stop": \[\n\t\t\t\{/);
    await runUninstall({ settings: file, stateDir });
    expect(read(file)).toBe('{\n\t"theme": "dark",\n\t"hooks": {\n\t\t"Stop": []\n\t}\n}\n');
  });
});

describe('hookd install: other shapes and bad input', () => {
  it('handles a bare event-map hooks file', async () => {
    const text =
      '{\n  "Stop": [ { "hooks": [ { "type": "command", "command": "echo stop" } ] } ],\n  "version": 2\n}\n';
    const file = settingsFile(text, 'hooks.json');
    await runInstall({ settings: file, stateDir, add: ['notify'], events: 'Stop,Notification' });
    const data = JSON.parse(read(file));
    expect(data.hooks).toBeUndefined();
    // A file of no known client: the bridge reads the contract from the client's variables; the generic default timeout.
    expect(data.Stop[0].hooks[0].command).toBe(syncCommand('echo stop', { event: 'Stop', timeoutSec: 60 }));
    expect(data.Notification).toHaveLength(1);
    expect(data.version).toBe(2);
    await runUninstall({ settings: file, stateDir });
    expect(read(file)).toBe(text);
  });

  it('wraps and unwraps a bare event-map hooks file in place', async () => {
    const text =
      '{\n  "Stop": [ { "hooks": [ { "type": "command", "command": "echo stop" } ] } ],\n  "version": 2\n}\n';
    const file = settingsFile(text, 'hooks.json');
    await runInstall({ settings: file, stateDir, events: 'Stop' });
    expect(read(file)).toBe(
      text.replace('"echo stop"', JSON.stringify(syncCommand('echo stop', { event: 'Stop', timeoutSec: 60 }))),
    );
    await runUninstall({ settings: file, stateDir });
    expect(read(file)).toBe(text);
  });

  it('edits the target of a symlinked settings file and keeps the link', async () => {
    const real = settingsFile(REAL_LOOKING, 'real-settings.json');
    const linkDir = tempDir();
    const link = path.join(linkDir, 'settings.json');
    symlinkSync(real, link);
    await runInstall({ settings: link, stateDir });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(real);
    expect(read(real)).toContain('hookd emit --');
    expect(backups()).toHaveLength(1);
    // Nothing beside the link, nothing beside its target (a dotfiles repository, often).
    expect(readdirSync(linkDir)).toEqual(['settings.json']);
    expect(readdirSync(dir)).toEqual(['real-settings.json']);
    await runUninstall({ settings: link, stateDir });
    expect(read(real)).toBe(REAL_LOOKING);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });

  it('renders the whole file when splicing cannot be trusted (a duplicated key)', async () => {
    const file = settingsFile('{\n  "hooks": { "Stop": [] },\n  "hooks": { "Notification": [] }\n}\n');
    await runInstall({ settings: file, stateDir, add: ['log'], events: 'Stop' });
    const command = wrapCommand('~/.local/share/hookd/examples/log-event.sh');
    expect(read(file)).toBe(
      `${JSON.stringify({ hooks: { Notification: [], Stop: [{ hooks: [{ type: 'command', command, timeout: 10 }] }] } }, null, 2)}\n`,
    );
  });

  it('refuses a dangling symlink', async () => {
    const link = path.join(dir, 'settings.json');
    symlinkSync(path.join(dir, 'gone.json'), link);
    await expectError(
      runInstall({ settings: link, stateDir, add: ['log'] }),
      /a symlink to a file that does not exist/,
    );
  });

  it('refuses a file that is not JSON, or not valid settings, and leaves it untouched', async () => {
    const file = settingsFile('{ "hooks": { "Stop": [ }');
    await expectError(
      runInstall({ settings: file, stateDir }),
      /settings\.json: not valid JSON: .* \(nothing was changed: fix the file first; hookd validate lists every error\)$/,
    );
    const invalid = settingsFile(
      '{ "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "x", "timeout": "ten" } ] } ] } }',
      'invalid.json',
    );
    await expectError(runInstall({ settings: invalid, stateDir }), /hooks\.Stop\[0\]\.hooks\[0\]\.timeout/);
    expect(read(file)).toBe('{ "hooks": { "Stop": [ }');
    expect(backups()).toEqual([]);
    await expectError(runUninstall({ settings: file, stateDir }), /not valid JSON/);
  });

  it('refuses a read-only file', async () => {
    const file = settingsFile(REAL_LOOKING);
    chmodSync(file, 0o444);
    await expectError(runInstall({ settings: file, stateDir }), /the file is read-only; nothing was changed/);
    expect(read(file)).toBe(REAL_LOOKING);
    expect(existsSync(stateDir)).toBe(false);
    expect(backups()).toEqual([]);
    expect(leftovers()).toEqual([]);
  });

  it('refuses uninstall of a missing file', async () => {
    await expectError(runUninstall({ settings: path.join(dir, 'nope.json'), stateDir }), /nope\.json: no such file/);
  });

  it('refuses cleanly when the state directory cannot hold the install record', async () => {
    const file = settingsFile(REAL_LOOKING);
    const notADir = path.join(dir, 'state-file');
    writeFileSync(notADir, '');
    await expectError(
      runInstall({ settings: file, stateDir: notADir }),
      /install-manifest\.json: cannot (read|write) the install record: .*; nothing was changed/,
    );
    expect(read(file)).toBe(REAL_LOOKING);
    expect(backups()).toEqual([]);
  });

  it('keeps the file mode', async () => {
    const file = settingsFile(REAL_LOOKING);
    chmodSync(file, 0o640);
    await runInstall({ settings: file, stateDir });
    expect(lstatSync(file).mode & 0o777).toBe(0o640);
  });
});

describe('reproduction: a concurrent writer between read and write', () => {
  it('refuses the edit and leaves the other writer’s file, with no backup, temp file or install record', async () => {
    const file = settingsFile(REAL_LOOKING);
    const theirs = REAL_LOOKING.replace('"dark"', '"solarized"');
    await expectError(
      runInstall({ settings: file, stateDir }, { beforeCommit: () => writeFileSync(file, theirs) }),
      /the file changed while hookd was editing it .*nothing was changed\. Run the command again\./,
    );
    expect(read(file)).toBe(theirs);
    expect(backups()).toEqual([]);
    expect(leftovers()).toEqual([]);
    expect(await runUninstall({ settings: file, stateDir })).toMatch(/has not changed this file/);
    await expectError(
      runInstall(
        { settings: file, stateDir, add: ['notify'] },
        { beforeCommit: () => writeFileSync(file, REAL_LOOKING) },
      ),
      /the file changed/,
    );
    expect(existsSync(path.join(home, '.local', 'share', 'hookd'))).toBe(false);
  });

  it('refuses an uninstall the same way and keeps the install record', async () => {
    const file = settingsFile(REAL_LOOKING);
    await runInstall({ settings: file, stateDir });
    const installed = read(file);
    const theirs = installed.replace('"dark"', '"light"');
    await expectError(
      runUninstall({ settings: file, stateDir }, { beforeCommit: () => writeFileSync(file, theirs) }),
      /the file changed while hookd was editing it/,
    );
    expect(read(file)).toBe(theirs);
    await runUninstall({ settings: file, stateDir });
    expect(read(file)).toBe(REAL_LOOKING.replace('"dark"', '"light"'));
  });

  it('notices a file created by someone else while install was creating it', async () => {
    const file = path.join(dir, 'settings.json');
    await expectError(
      runInstall({ settings: file, stateDir, add: ['log'] }, { beforeCommit: () => writeFileSync(file, '{}') }),
      /the file changed while hookd was editing it/,
    );
    expect(read(file)).toBe('{}');
  });
});
