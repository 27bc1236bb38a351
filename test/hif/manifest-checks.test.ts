// Issue 41, item 6: manifest commands that stopped guarding without a word. A quoted relative script
// (`'./guards/my guard.sh'`) was not made absolute, so the client, running hooks from the project,
// found nothing; a `before_tool_execute` hook without `blocking: true` went behind hookd emit (it
// allowed) while its fallback ran in line (it blocked); a script that is not there installed
// silently; a typo'd event or matcher installed nowhere with exit 0. Now scripts are resolved or the
// manifest refused, a hook on an event the client reads goes in line unless the manifest says
// otherwise, names are refused with "did you mean", and a hook no client takes stops the install.
import { claudeDenial } from '../helpers/claude-denial.js';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { runHookd } from '../helpers/run-hookd.js';
import { HOOKD } from '../helpers/paths.js';
import { resolveScripts } from '../../src/hif/resolve-scripts.js';
import { encodeFor } from '../../src/hif/encode.js';
import { clientById, type ClientId } from '../../src/clients/registry.js';
import type { HifHook } from '../../src/hif/manifest-schema.js';

afterEach(cleanupTempDirs);

const DENY = '#!/bin/sh\ncat >/dev/null\necho "no: guarded" >&2\nexit 2\n';

/** A home with Claude Code's settings, a project folder holding `scripts`, and a manifest there. */
function project(manifest: string, scripts: Record<string, string> = {}) {
  const home = tempDir('hookd-home-');
  mkdirSync(path.join(home, '.claude'));
  writeFileSync(path.join(home, '.claude', 'settings.json'), '{}\n');
  const dir = path.join(home, 'project');
  for (const [name, text] of Object.entries(scripts)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
    chmodSync(path.join(dir, name), 0o755);
  }
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'hooks.yaml');
  writeFileSync(file, manifest);
  const env = { HOME: home, HOOKD_STATE_DIR: path.join(home, 'state') };
  return { home, dir, file, env, settings: path.join(home, '.claude', 'settings.json') };
}

const entries = (settings: string) =>
  JSON.parse(readFileSync(settings, 'utf8')).hooks as Record<string, Array<{ hooks: Array<{ command: string }> }>>;

/** What Claude Code's `sh -c` gives for `entry`, run from `cwd` (another folder than the manifest's), with or without hookd. */
async function run(entry: string, cwd: string, withHookd: boolean) {
  const bin = path.join(tempDir(), 'bin');
  mkdirSync(bin);
  if (withHookd) {
    const { symlinkSync } = await import('node:fs');
    symlinkSync(HOOKD, path.join(bin, 'hookd'));
    symlinkSync(process.execPath, path.join(bin, 'node'));
  }
  const result = await execa('sh', ['-c', entry], {
    cwd,
    env: { PATH: `${bin}:/usr/bin:/bin`, HOOKD_STATE_DIR: path.join(tempDir(), 'state') },
    extendEnv: false,
    input: '{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}',
    reject: false,
  });
  // Through hookd Claude Code gets the JSON denial, without it exit 2: the same denial either way.
  return { denied: claudeDenial(result.exitCode, result.stdout, result.stderr) };
}

describe('a manifest command (issue 41, item 6)', () => {
  it('finds a quoted script relative to the manifest and runs it from any folder, through hookd and without it', async () => {
    const { file, env, settings } = project(
      `spec: hooks/0.1\nhooks:\n  - {event: before_tool_execute, matcher: shell, blocking: true, handler: {type: command, command: "'./guards/my guard.sh' --strict"}}\n`,
      { 'guards/my guard.sh': DENY },
    );
    const install = await runHookd(['install', '--hooks', file, '--client', 'claude'], { env });
    expect(install.exitCode, install.stderr).toBe(0);
    const entry = entries(settings).PreToolUse![0]!.hooks[0]!.command;
    const elsewhere = tempDir();
    for (const withHookd of [true, false])
      expect(await run(entry, elsewhere, withHookd), `hookd on PATH: ${withHookd}`).toEqual({ denied: 'no: guarded' });
  });

  it('resolves the scripts in command position and those an interpreter runs; leaves the rest as written', () => {
    const dir = tempDir();
    for (const name of ['g.sh', 'my guard.py', "it's.sh"]) writeFileSync(path.join(dir, name), '');
    const home = '/home/nobody';
    const resolve = (command: string) => resolveScripts(command, dir, home);
    expect(resolve('./g.sh --strict').command).toBe(`${dir}/g.sh --strict`);
    expect(resolve(`"./my guard.py" -v`).command).toBe(`'${dir}/my guard.py' -v`);
    expect(resolve(`python3 -u './my guard.py'`).command).toBe(`python3 -u '${dir}/my guard.py'`);
    expect(resolve('jq . | X=1 ./g.sh 2>/dev/null && sh ./g.sh').command).toBe(
      `jq . | X=1 ${dir}/g.sh 2>/dev/null && sh ${dir}/g.sh`,
    );
    expect(resolve(`./it\\'s.sh`).command).toBe(`'${dir}/it'\\''s.sh'`);
    // An argument, a substitution and a program on PATH are the client's to read.
    expect(resolve('grep -q ./g.sh log; "$HOME/x.sh"; sh -c ./nothing.sh').command).toBe(
      'grep -q ./g.sh log; "$HOME/x.sh"; sh -c ./nothing.sh',
    );
    expect(resolve('./gone.sh; python3 ../gone.py; ~/gone.sh; /gone').missing.map((one) => one.looked)).toEqual([
      path.join(dir, 'gone.sh'),
      path.join(path.dirname(dir), 'gone.py'),
      '/home/nobody/gone.sh',
      '/gone',
    ]);
  });

  it('refuses a script that is not there, a typo of an event or a tool, and says what was meant; nothing written', async () => {
    const { file, env, settings } = project(
      `spec: hooks/0.1
hooks:
  - {event: before_tool_execute, matcher: shel, blocking: true, handler: {type: command, command: ./guards/missing.sh}}
  - {event: agent_stopp, handler: {type: command, command: 'notify-send done'}}
  - {event: pre_tool_use, matcher: [shell, Bassh], handler: {type: command, command: 'python3 ./nope.py'}}
`,
    );
    const install = await runHookd(['install', '--hooks', file, '--client', 'claude'], { env });
    expect(install.exitCode).toBe(2);
    const said = install.stderr;
    expect(said).toContain(`${file}: hooks[0].matcher: "shel" is a tool no client has`);
    expect(said).toContain('(did you mean "shell"?)');
    expect(said).toContain(
      `${file}: hooks[0].handler.command: ./guards/missing.sh is not there (looked for ${path.join(path.dirname(file), 'guards', 'missing.sh')})`,
    );
    expect(said).toMatch(/hooks\[1\]\.event: "agent_stopp" is an event no client has.*\(did you mean "agent_stop"\?\)/);
    expect(said).toMatch(/hooks\[2\]\.event: "pre_tool_use" .*\(did you mean "before_tool_execute"\?\)/);
    expect(said).toMatch(/hooks\[2\]\.matcher\[1\]: "Bassh" .*\(did you mean "Bash"\?\)/);
    expect(said).toContain('./nope.py is not there');
    expect(said).toContain('nothing was changed');
    expect(readFileSync(settings, 'utf8')).toBe('{}\n');
  });

  it('refuses a hook none of the chosen clients can take, naming why in each; nothing written', async () => {
    const { file, env } = project(
      `spec: hooks/0.1
hooks:
  - {name: ping, event: notification, handler: {type: command, command: 'notify-send hi'}}
  - {name: web, event: before_tool_execute, matcher: web_search, blocking: true, handler: {type: command, command: 'exit 2'}}
`,
    );
    const codex = path.join(env.HOME, '.codex', 'hooks.json');
    mkdirSync(path.dirname(codex));
    const install = await runHookd(['install', '--hooks', file, '--client', 'codex,claude'], { env });
    expect(install.exitCode).toBe(0);
    const only = await runHookd(['install', '--hooks', file, '--client', 'codex', '--settings', codex], { env });
    expect(only.exitCode).toBe(2);
    expect(only.stderr).toContain(`${file}: hooks[0] ("ping"): would be installed in no client here`);
    expect(only.stderr).toContain(`"ping": left out of Codex CLI: event 'notification' has no Codex CLI equivalent`);
    expect(only.stderr).toContain(`${file}: hooks[1] ("web"): would be installed in no client here`);
    expect(existsSync(codex)).toBe(false);
  });
});

describe('a hook on an event the client reads, blocking not said (issue 41, item 6)', () => {
  const encode = (id: ClientId, hook: HifHook) =>
    encodeFor({ spec: 'hooks/0.1', hooks: [hook] }, clientById(id)!, 'linux');
  const unsaid = (event: string, command: string): HifHook => ({ event, handler: { type: 'command', command } });

  it('goes in line, as its fallback runs it; behind hookd emit only when asked, or when it cannot decide (said)', () => {
    for (const id of ['claude', 'gemini', 'copilot', 'codex', 'cursor', 'crush'] as const)
      expect(encode(id, unsaid('before_tool_execute', './guard.sh')).hooks[0]?.inLine, id).toBe(true);
    expect(encode('claude', unsaid('agent_stop', 'python3 stop_gate.py')).hooks[0]?.inLine).toBe(true);
    expect(encode('claude', { ...unsaid('before_tool_execute', './g.sh'), blocking: false }).hooks[0]?.inLine).toBe(
      false,
    );
    const notifier = encode('claude', unsaid('agent_stop', "notify-send 'agent done'"));
    expect(notifier.hooks[0]?.inLine).toBe(false);
    expect(notifier.notes.join('\n')).toContain('behind hookd emit: it cannot decide (a desktop notification');
    // Copilot CLI's preToolUse reads exit 1 as a denial: nothing moves there.
    expect(encode('copilot', unsaid('before_tool_execute', 'notify-send x')).hooks[0]?.inLine).toBe(true);
    // An event whose answer the client ignores stays behind emit.
    expect(encode('claude', unsaid('session_end', './g.sh')).hooks[0]?.inLine).toBe(false);
  });

  it('denies through hookd as its fallback denies without it', async () => {
    const { file, env, settings } = project(
      'spec: hooks/0.1\nhooks:\n  - {event: before_tool_execute, matcher: shell, handler: {type: command, command: ./deny.sh}}\n',
      { 'deny.sh': DENY },
    );
    expect((await runHookd(['install', '--hooks', file, '--client', 'claude'], { env })).exitCode).toBe(0);
    const entry = entries(settings).PreToolUse![0]!.hooks[0]!.command;
    expect(entry).toContain('hookd sync --canonical');
    for (const withHookd of [true, false])
      expect((await run(entry, tempDir(), withHookd)).denied, `hookd on PATH: ${withHookd}`).toBeTruthy();
  });
});
