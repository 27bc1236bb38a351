// Issue 30, item 1, against the real clients: each "will not run" reason hookd encodes, set in the
// client's own file, keeps the real binary from running the hook (a marker file stays absent, and a
// control turn without the setting writes it), and hookd doctor names that hook with that reason.
// Codex 0.169 (a hook never trusted: `codex exec` without --dangerously-bypass-hook-trust), Gemini
// CLI 0.61 (hooksConfig.enabled false), Claude Code 2.1.330 (disableAllHooks).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runHookd } from '../helpers/run-hookd.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { scrubClientVariables } from './real-client-helpers.js';
import { prepareClient, runProcess, startFake, type ClientName } from './run-client.mjs';

scrubClientVariables();
afterAll(cleanupTempDirs);

const TURN_MS = 90_000;
const STOP: Record<string, string> = { claude: 'Stop', gemini: 'AfterAgent', codex: 'Stop' };

/** One turn of `name` whose stop hook touches a marker, with `setUp` applied to the client's files; whether the hook ran, and what doctor said. */
async function turn(
  name: ClientName,
  setUp: (client: ReturnType<typeof prepareClient>) => void,
  dropArgs: readonly string[] = [],
) {
  const fake = await startFake(name);
  try {
    const dir = tempDir(`hookd-will-not-run-${name}-`);
    const marker = path.join(dir, 'hook-ran');
    const client = prepareClient(name, {
      dir,
      fakeUrl: fake.url,
      stateDir: path.join(dir, 'state'),
      hooks: { [STOP[name]!]: [{ hooks: [{ type: 'command', command: `touch ${marker}; echo '{}'` }] }] },
    });
    setUp(client);
    const [file, ...args] = client.turnArgs('say hi');
    const run = await runProcess(
      file!,
      args.filter((arg) => !dropArgs.includes(arg)),
      { cwd: client.project, env: client.env, timeoutMs: TURN_MS },
    );
    expect(run.timedOut, `${name} turn timed out:\n${run.stderr}`).toBe(false);
    const doctor = await runHookd(['doctor', '--json', '--timeout', '2'], {
      env: {
        ...process.env,
        HOME: client.home,
        HOOKD_STATE_DIR: path.join(dir, 'hookd-state'),
        HOOKD_CLAUDE_MANAGED_SETTINGS: path.join(dir, 'no-managed-settings.json'),
      },
      cwd: client.project,
    });
    const check = (JSON.parse(doctor.stdout) as { checks: { name: string; detail: string }[] }).checks.find(
      (c) => c.name === 'hooks that will not run',
    );
    return { ran: existsSync(marker), said: check?.detail ?? '' };
  } finally {
    await fake.close();
  }
}

const addToJson = (file: string, keys: object) =>
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), ...keys }, null, 2));

describe('each "will not run" reason, as the real client behaves (issue 30)', () => {
  it('Codex 0.169 skips a hook it has not trusted, silently; hookd doctor names it untrusted', async () => {
    const control = await turn('codex', () => {});
    expect(control.ran, 'with --dangerously-bypass-hook-trust the hook runs').toBe(true);
    const skipped = await turn('codex', () => {}, ['--dangerously-bypass-hook-trust']);
    expect(skipped.ran, 'an untrusted hook must not run').toBe(false);
    expect(skipped.said).toMatch(
      /Codex CLI's Stop hook .* will not run: Codex has not trusted this hook: no trusted_hash under \[hooks\.state\.".*\/\.codex\/hooks\.json:stop:0:0"\]/,
    );
  });

  it('Gemini CLI 0.61 runs no hook with hooksConfig.enabled false; hookd doctor names the setting', async () => {
    const control = await turn('gemini', () => {});
    expect(control.ran).toBe(true);
    const off = await turn('gemini', (client) => addToJson(client.settingsFile, { hooksConfig: { enabled: false } }));
    expect(off.ran, 'hooksConfig.enabled false must stop the hook').toBe(false);
    expect(off.said).toMatch(
      /Gemini CLI's AfterAgent hook .* will not run: Gemini CLI runs no hooks: hooksConfig\.enabled is false in .*\.gemini\/settings\.json/,
    );
  });

  it('Claude Code 2.1.330 runs no hook with disableAllHooks; hookd doctor names the setting', async () => {
    const control = await turn('claude', () => {});
    expect(control.ran).toBe(true);
    const off = await turn('claude', (client) => addToJson(client.settingsFile, { disableAllHooks: true }));
    expect(off.ran, 'disableAllHooks must stop the hook').toBe(false);
    expect(off.said).toMatch(
      /Claude Code's Stop hook .* will not run: Claude Code runs no hooks: disableAllHooks is true in .*\.claude\/settings\.json/,
    );
  });
});
