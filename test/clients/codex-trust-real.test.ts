// Issue 30, item 2, against the real Codex 0.169: the trust Codex records for a hook is the hash
// hookd computes (clients/codex/hook-hash.ts): a hook trusted with it runs in `codex exec`, one whose
// recorded hash is another's (a hook rewritten after it was trusted) does not, and hookd doctor
// names it. hookd install, rewriting a trusted hook, says that it un-trusts it; doctor names it
// until it is trusted again.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runHookd } from '../helpers/run-hookd.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { codexTrustLines } from '../helpers/codex-trust.js';
import { scrubClientVariables } from './real-client-helpers.js';
import { prepareClient, runProcess, startFake } from './run-client.mjs';

scrubClientVariables();
afterAll(cleanupTempDirs);

const TURN_MS = 90_000;

async function codexCase() {
  const fake = await startFake('codex');
  const dir = tempDir('hookd-codex-trust-');
  const marker = path.join(dir, 'hook-ran');
  const client = prepareClient('codex', {
    dir,
    fakeUrl: fake.url,
    stateDir: path.join(dir, 'state'),
    hooks: { Stop: [{ hooks: [{ type: 'command', command: `touch ${marker}; echo '{}'`, timeout: 30 }] }] },
  });
  const config = path.join(client.home, '.codex', 'config.toml');
  const configBefore = readFileSync(config, 'utf8');
  const env = {
    ...(process.env as Record<string, string>),
    HOME: client.home,
    HOOKD_STATE_DIR: path.join(dir, 'hookd-state'),
    HOOKD_CLAUDE_MANAGED_SETTINGS: path.join(dir, 'none.json'),
  };
  return {
    client,
    env,
    marker,
    close: () => fake.close(),
    /** config.toml trusting the hooks file's Stop hook as it is now (or `hash` instead). */
    trust(hash?: string) {
      const lines = codexTrustLines(client.settingsFile, [['Stop', 0, 0]]);
      writeFileSync(config, `${configBefore}\n${hash ? lines.replace(/sha256:[0-9a-f]+/, hash) : lines}`);
    },
    /** One `codex exec` turn, trust not bypassed (`inRepository`: in the project's git repository): whether the hook ran. */
    async turn(inRepository = false) {
      rmSync(marker, { force: true });
      const [file, ...args] = client.turnArgs('say hi');
      // In a git repository Codex finds the project (and its .codex/) without --skip-git-repo-check.
      const dropped = ['--dangerously-bypass-hook-trust', ...(inRepository ? ['--skip-git-repo-check'] : [])];
      const run = await runProcess(
        file!,
        args.filter((arg) => !dropped.includes(arg)),
        { cwd: client.project, env: client.env, timeoutMs: TURN_MS },
      );
      expect(run.timedOut, run.stderr).toBe(false);
      expect(run.exitCode, run.stderr).toBe(0);
      return existsSync(marker);
    },
    async doctorSays() {
      const doctor = await runHookd(['doctor', '--json', '--timeout', '2'], { env, cwd: client.project });
      return (
        (JSON.parse(doctor.stdout) as { checks: { name: string; detail: string }[] }).checks.find(
          (c) => c.name === 'hooks that will not run',
        )?.detail ?? ''
      );
    },
  };
}

describe("Codex's hook trust, as the real binary keeps it (issue 30, item 2)", () => {
  it('a hook trusted with the hash hookd computes runs; trusted with another hash (rewritten since) it does not, and doctor says why', async () => {
    const codex = await codexCase();
    try {
      codex.trust();
      expect(await codex.turn(), 'the hook trusted with its own hash must run').toBe(true);
      expect(await codex.doctorSays()).not.toMatch(/Codex/);
      codex.trust('sha256:' + '0'.repeat(64));
      expect(await codex.turn(), 'a hook whose trusted hash is not its own must not run').toBe(false);
      expect(await codex.doctorSays()).toMatch(
        /Codex CLI's Stop hook .* will not run: Codex trusted this hook before it was rewritten \(by hookd install or by hand\): the trusted_hash under \[hooks\.state\.".*hooks\.json:stop:0:0"\] .* is not the hook's hash now \(sha256:[0-9a-f]{64}\)/,
      );
    } finally {
      await codex.close();
    }
  });

  it('the hash counts a matcher, a statusMessage and the default timeout as Codex does (a SessionStart hook trusted with it runs)', async () => {
    const codex = await codexCase();
    try {
      const group = {
        matcher: 'startup|resume',
        hooks: [{ type: 'command', command: `touch ${codex.marker}`, statusMessage: 'checking the tree' }],
      };
      writeFileSync(codex.client.settingsFile, JSON.stringify({ hooks: { SessionStart: [group] } }, null, 2));
      const config = path.join(codex.client.home, '.codex', 'config.toml');
      writeFileSync(
        config,
        `${readFileSync(config, 'utf8')}\n${codexTrustLines(codex.client.settingsFile, [['SessionStart', 0, 0]])}`,
      );
      expect(await codex.turn(), 'the SessionStart hook trusted with the hash hookd computes must run').toBe(true);
      expect(await codex.doctorSays()).not.toMatch(/Codex CLI's SessionStart hook/);
    } finally {
      await codex.close();
    }
  });

  it('hookd install says it un-trusts a trusted Codex hook it rewrites; doctor names it until trusted again', async () => {
    const codex = await codexCase();
    try {
      codex.trust();
      const dry = await runHookd(['install', '--dry-run'], { env: codex.env, cwd: codex.client.project });
      expect(dry.stdout).toMatch(
        /Codex had trusted 1 of these hooks \(Stop "touch .*hook-ran; echo '\{\}'"\); rewriting them un-trusts them/,
      );
      const install = await runHookd(['install'], { env: codex.env, cwd: codex.client.project });
      expect(install.exitCode, install.stderr).toBe(0);
      expect(install.stdout).toMatch(/Codex had trusted 1 of these hooks .* hookd doctor lists them until then/);
      expect(readFileSync(codex.client.settingsFile, 'utf8')).toContain('hookd');
      expect(await codex.doctorSays()).toMatch(
        /Codex CLI's Stop hook .* will not run: Codex trusted this hook before it was rewritten/,
      );
      // The real client agrees: the rewritten hook does not run until trusted again.
      expect(await codex.turn(), 'a hook rewritten after it was trusted must not run').toBe(false);
      codex.trust();
      expect(await codex.doctorSays()).not.toMatch(/Codex CLI's Stop hook/);
      // A second install changes nothing, and says nothing of trust.
      const again = await runHookd(['install'], { env: codex.env, cwd: codex.client.project });
      expect(again.stdout).not.toMatch(/Codex had trusted/);
      // Uninstall restores the command, whose hash is not the one trusted now: it says so too.
      const uninstall = await runHookd(['uninstall'], { env: codex.env, cwd: codex.client.project });
      expect(uninstall.exitCode, uninstall.stderr).toBe(0);
      expect(uninstall.stdout).toMatch(
        /Codex had trusted 1 of these hooks \(Stop ".*hookd sync .*"\); rewriting them un-trusts them/,
      );
      expect(await codex.doctorSays()).toMatch(
        /Codex CLI's Stop hook "touch .* will not run: Codex trusted this hook before it was rewritten/,
      );
    } finally {
      await codex.close();
    }
  });

  it("a project's hooks run only in a project Codex trusts, and once trusted themselves; doctor names each step", async () => {
    const codex = await codexCase();
    try {
      // The hook in the project's .codex/hooks.json instead of the user's.
      const projectHooks = path.join(codex.client.project, '.codex', 'hooks.json');
      mkdirSync(path.dirname(projectHooks), { recursive: true });
      renameSync(codex.client.settingsFile, projectHooks);
      execFileSync('git', ['init', '-q'], { cwd: codex.client.project });
      const config = path.join(codex.client.home, '.codex', 'config.toml');
      const before = readFileSync(config, 'utf8');
      writeFileSync(config, `${before}\n${codexTrustLines(projectHooks, [['Stop', 0, 0]])}`);
      expect(await codex.turn(true), 'a project Codex has not trusted runs no hook of its .codex/').toBe(false);
      expect(await codex.doctorSays()).toMatch(
        /Codex CLI's Stop hook .*\.codex\/hooks\.json, hooks\.Stop\[0\]\.hooks\[0\]\) will not run: Codex loads no project configuration from .* in a project it has not trusted: no trust_level = "trusted" under \[projects\."/,
      );
      writeFileSync(config, `${before}\n[projects."${codex.client.project}"]\ntrust_level = "trusted"\n`);
      expect(await codex.turn(true), 'a trusted project whose hook is not trusted').toBe(false);
      expect(await codex.doctorSays()).toMatch(
        /Codex CLI's Stop hook .* will not run: Codex has not trusted this hook: no trusted_hash under \[hooks\.state\.".*demo\/\.codex\/hooks\.json:stop:0:0"\]/,
      );
      writeFileSync(
        config,
        `${before}\n[projects."${codex.client.project}"]\ntrust_level = "trusted"\n\n${codexTrustLines(projectHooks, [['Stop', 0, 0]])}`,
      );
      expect(await codex.turn(true), 'a trusted project and hook').toBe(true);
      expect(await codex.doctorSays()).not.toMatch(/Codex CLI's Stop hook/);
    } finally {
      await codex.close();
    }
  });
});
