// Issue 29, item 1, with the real Claude Code: a guard installed through `hookd install`, and
// Claude Code started with a PATH that has no hookd (a desktop launcher, a teammate sharing the
// settings file). The entry install writes runs the guard itself there, so the model gets the
// denial and the shell command never runs; the bare entry older installs wrote fails with exit
// 127, which Claude Code reads as a non-blocking error: the command runs (shown here, so that the
// first test means something).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findOnPath } from '../../src/common/find-on-path.js';
import { FALLBACK_GUARD } from '../../src/settings/fallback-entry.js';
import { shellQuote } from '../../src/common/shell-word.js';
import { runHookd } from '../helpers/run-hookd.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { CASES, GUARD_REASON, RAN_MARKER, linesWith } from './deciding-cases.js';
import { expectCleanExit, scrubClientVariables } from './real-client-helpers.js';
import { prepareClient, runProcess, startFake } from './run-client.mjs';

scrubClientVariables();
afterAll(cleanupTempDirs);

const claude = CASES.find((c) => c.name === 'claude')!;
const GUARD = `echo '${GUARD_REASON}' >&2; exit 2`;
const TURN_MS = 60_000;

/** `pathVar` without the folders that hold a `hookd`. */
const withoutHookd = (pathVar: string) => pathVar.split(':').filter((dir) => !findOnPath('hookd', dir)).join(':');

/** One Claude Code turn whose model calls the shell, with the guard entry `entry` (or the guard, installed by hookd) and no hookd on PATH; what the model was told. */
async function turnWithoutHookd(entry: 'install' | ((guard: string) => string)) {
  const fake = await startFake('claude', { respond: claude.callShell });
  try {
    const dir = tempDir('hookd-missing-claude-');
    const stateDir = path.join(dir, 'state');
    const command = entry === 'install' ? GUARD : entry(GUARD);
    const client = prepareClient('claude', { dir, fakeUrl: fake.url, stateDir, hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] } });
    if (entry === 'install') {
      const installed = await runHookd(['install', '--client', 'claude'], { env: { HOME: client.home, HOOKD_STATE_DIR: stateDir } });
      expect(installed.exitCode, installed.stderr).toBe(0);
    }
    const written = JSON.parse(readFileSync(client.settingsFile, 'utf8')).hooks.PreToolUse[0].hooks[0].command as string;
    const env = { ...client.env, PATH: withoutHookd(client.env.PATH!) };
    expect(findOnPath('hookd', env.PATH), 'the client must find no hookd').toBeUndefined();
    const [file, ...args] = client.turnArgs('say hi');
    const run = await runProcess(file!, [...args, ...claude.args], { cwd: client.project, env, timeoutMs: TURN_MS });
    expectCleanExit(run, 'a Claude Code turn without hookd on PATH');
    const told = (needle: string) => fake.requests.flatMap((request) => linesWith(request.body, needle, { [written]: '<the hook>', [client.home]: '<home>' }));
    return { written, denial: told(GUARD_REASON), ran: told(RAN_MARKER) };
  } finally {
    await fake.close();
  }
}

describe('Claude Code started without hookd on its PATH (issue 29)', () => {
  it('a guard installed through hookd still denies the shell command: the entry runs the guard itself', async () => {
    const { written, denial, ran } = await turnWithoutHookd('install');
    expect(written.startsWith(`${FALLBACK_GUARD}hookd sync `), written).toBe(true);
    expect(denial.length, 'the guard\'s reason reached the model').toBeGreaterThan(0);
    expect(ran, 'the denied command ran').toEqual([]);
  });

  it('the bare entry of older installs fails open there (why install writes the guarded one, and upgrades its own)', async () => {
    const { denial, ran } = await turnWithoutHookd((guard) => `hookd sync --client claude --event PreToolUse -- ${shellQuote(guard)}`);
    expect(denial).toEqual([]);
    expect(ran.length, 'the command ran: exit 127 does not deny').toBeGreaterThan(0);
  });
});
