// Cline's hook files at the file level (the real binary's turn is cline.test.ts): a hook file read
// as one hook of its event; `--dry-run` writes nothing; a wrapper changed since install is left as
// it is by uninstall, which says where the original is and keeps it; and Cline's payload (captured
// from 3.0.65: test/fixtures/cline/) is read with the event the entry names, not Cline's own
// `hookName` (`tool_call`). Real files, the built hookd.
import { afterEach, describe, expect, it } from 'vitest';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { execa } from 'execa';
import path from 'node:path';
import { parsePayload } from '../../src/payload/parse-payload.js';
import { parseSettingsText } from '../../src/settings/load.js';
import { clientById, clientForPath } from '../../src/clients/registry.js';
import { readDecision } from '../../src/clients/contract.js';
import { runHookd } from '../helpers/run-hookd.js';
import { HOOKD, ROOT } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

afterEach(cleanupTempDirs);

const cline = clientById('cline')!;
const PAYLOAD = readFileSync(path.join(ROOT, 'test', 'fixtures', 'cline', 'pre-tool-use.json'));

function homeWithGuard(): { home: string; file: string; env: Record<string, string> } {
  const home = tempDir();
  const file = path.join(home, '.cline', 'hooks', 'PreToolUse');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, '#!/bin/sh\ncat > /dev/null\necho \'{"cancel": true, "errorMessage": "no"}\'\n', { mode: 0o755 });
  return { home, file, env: { HOME: home, HOOKD_STATE_DIR: path.join(tempDir(), 'state') } };
}

describe("Cline's hook files", () => {
  it('reads a hook file as one hook of the event it is named after', () => {
    const file = '/home/u/.cline/hooks/PreToolUse';
    expect(clientForPath(file)?.id).toBe('cline');
    expect(clientForPath('/home/u/.cline/hooks/notes.txt')).toBeUndefined();
    const result = parseSettingsText('#!/bin/sh\nexit 0\n', file, cline);
    if (!result.ok) throw new Error(result.errors.join('\n'));
    expect(result.config.entries).toMatchObject([
      { event: 'PreToolUse', command: file, kind: 'plain', decides: true, timeoutMs: 120_000 },
    ]);
  });

  it("reads Cline's payload with the entry's event, and its cancel as a block", () => {
    const parsed = parsePayload(PAYLOAD, 'payload', 'PreToolUse');
    if (!parsed.ok) throw new Error(parsed.reason);
    expect([parsed.payload.event, parsed.payload.sessionId]).toEqual(['PreToolUse', 'conv_1795876484403_hu19cv7']);
    const out = (text: string) => ({ text, bytes: text.length, truncated: false });
    expect(
      readDecision(cline.contract, 'PreToolUse', 0, out('{"cancel": true, "errorMessage": "no shell"}'), '').reads,
    ).toBe('block: no shell');
    expect(readDecision(cline.contract, 'PreToolUse', 0, out('{"cancel": false}'), '').reads).toBe('none');
    expect(
      readDecision(cline.contract, 'UserPromptSubmit', 0, out('{"contextModification": "use pnpm"}'), '').reads,
    ).toBe('context (8 bytes)');
    // No exit code blocks in Cline (exit 1 and 2 let the tool run, checked with 3.0.65).
    expect(readDecision(cline.contract, 'PreToolUse', 2, out(''), 'no').reads).toBe('none');
  });

  it('--dry-run writes nothing; uninstall leaves a wrapper changed since as it is and keeps the original', async () => {
    const { file, env } = homeWithGuard();
    const before = readFileSync(file, 'utf8');
    const dry = await runHookd(['install', '--client', 'cline', '--dry-run'], { env });
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/1 change to make \(dry run: nothing written\)/);
    expect(readFileSync(file, 'utf8')).toBe(before);

    const install = await runHookd(['install', '--client', 'cline'], { env });
    expect(install.exitCode, install.stderr).toBe(0);
    const again = await runHookd(['install', '--client', 'cline'], { env });
    expect(again.stdout).toMatch(/nothing to change: it already runs through hookd/);
    writeFileSync(file, `${readFileSync(file, 'utf8')}# edited\n`);
    const uninstall = await runHookd(['uninstall', '--client', 'cline'], { env });
    expect(uninstall.exitCode, uninstall.stderr).toBe(0);
    expect(uninstall.stdout).toMatch(
      /changed since hookd install wrapped it; left as it is, and its original stays at (\S+)/,
    );
    const stored = /original stays at (\S+)/.exec(uninstall.stdout)![1]!;
    expect(readFileSync(stored, 'utf8')).toBe(before);
    expect(readFileSync(file, 'utf8')).toMatch(/# edited\n$/);
  });

  // Issue 41, item 7: the original was kept under the state directory; with that folder deleted the
  // wrapper exited 127, which Cline ignores: the guard was gone.
  it('runs the original wherever hookd state is, and uninstall gives it back byte for byte', async () => {
    const { home, file, env } = homeWithGuard();
    const before = readFileSync(file);
    const install = await runHookd(['install', '--client', 'cline'], { env });
    expect(install.exitCode, install.stderr).toBe(0);
    rmSync(env.HOOKD_STATE_DIR!, { recursive: true, force: true });
    // Cline runs the file by its name, with hookd on PATH (the bridge) and without it (the fallback).
    const bin = path.join(tempDir(), 'bin');
    mkdirSync(bin);
    symlinkSync(HOOKD, path.join(bin, 'hookd'));
    symlinkSync(process.execPath, path.join(bin, 'node'));
    for (const PATH of [`${bin}:/usr/bin:/bin`, '/usr/bin:/bin']) {
      const run = await execa(file, [], {
        env: { HOME: home, PATH, HOOKD_STATE_DIR: env.HOOKD_STATE_DIR! },
        extendEnv: false,
        input: PAYLOAD,
        reject: false,
      });
      expect({ PATH, code: run.exitCode, stdout: run.stdout }).toEqual({
        PATH,
        code: 0,
        stdout: '{"cancel": true, "errorMessage": "no"}',
      });
    }
    // The record went with the state directory; a new install finds the wrapper and its original.
    const state = path.join(tempDir(), 'state');
    const again = await runHookd(['install', '--client', 'cline'], { env: { ...env, HOOKD_STATE_DIR: state } });
    expect(again.stdout).toMatch(/nothing to change: it already runs through hookd/);

    // With its record, uninstall gives the original back exactly, and leaves no copy beside it.
    const fresh = homeWithGuard();
    const mode = statSync(fresh.file).mode;
    expect((await runHookd(['install', '--client', 'cline'], { env: fresh.env })).exitCode).toBe(0);
    expect(readdirSync(path.dirname(fresh.file)).sort()).toEqual(['.PreToolUse.hookd-original', 'PreToolUse']);
    const uninstall = await runHookd(['uninstall', '--client', 'cline'], { env: fresh.env });
    expect(uninstall.exitCode, uninstall.stderr).toBe(0);
    expect(readFileSync(fresh.file)).toEqual(before);
    expect(statSync(fresh.file).mode).toBe(mode);
    expect(readdirSync(path.dirname(fresh.file))).toEqual(['PreToolUse']);
  });

  it("moves an older install's original out of the state directory, beside its wrapper", async () => {
    const { file, env } = homeWithGuard();
    expect((await runHookd(['install', '--client', 'cline'], { env })).exitCode).toBe(0);
    // What an older install left: the original under <state>/script-hooks/, the wrapper and the record naming it.
    const beside = path.join(path.dirname(file), '.PreToolUse.hookd-original');
    const old = path.join(env.HOOKD_STATE_DIR!, 'script-hooks', '0123456789ab-PreToolUse');
    mkdirSync(path.dirname(old), { recursive: true });
    writeFileSync(old, readFileSync(beside), { mode: 0o755 });
    rmSync(beside);
    writeFileSync(file, readFileSync(file, 'utf8').split(beside).join(old));
    const record = path.join(env.HOOKD_STATE_DIR!, 'install-manifest.json');
    writeFileSync(record, readFileSync(record, 'utf8').split(beside).join(old));

    const upgrade = await runHookd(['install', '--client', 'cline'], { env });
    expect(upgrade.exitCode, upgrade.stderr).toBe(0);
    expect(upgrade.stdout).toContain(`move the original of ${file} beside it`);
    expect(existsSync(old)).toBe(false);
    expect(readFileSync(file, 'utf8')).toContain(beside);
    expect(readFileSync(file, 'utf8')).not.toContain(old);
    rmSync(env.HOOKD_STATE_DIR!, { recursive: true, force: true });
    const run = await execa(file, [], {
      env: { PATH: '/usr/bin:/bin' },
      extendEnv: false,
      input: PAYLOAD,
      reject: false,
    });
    expect(run.stdout).toBe('{"cancel": true, "errorMessage": "no"}');
  });

  it('hookd run runs the hook file on a Cline payload and reads its cancel', async () => {
    const { file, env } = homeWithGuard();
    const payload = path.join(tempDir(), 'payload.json');
    writeFileSync(payload, PAYLOAD);
    const run = await runHookd(['run', 'PreToolUse', '--client', 'cline', '--payload', payload], { env });
    expect(run.stdout + run.stderr).toContain(file);
    expect(run.stdout).toMatch(/block: no/);
    expect(
      existsSync(path.join(env.HOOKD_STATE_DIR!, 'script-hooks')) &&
        readdirSync(path.join(env.HOOKD_STATE_DIR!, 'script-hooks')).length,
    ).toBeFalsy();
  });
});
