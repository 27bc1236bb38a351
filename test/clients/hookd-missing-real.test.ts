// Issue 29, item 1, with the real Claude Code: a guard installed through `hookd install`, and
// Claude Code started with a PATH that has no hookd (a desktop launcher, a teammate sharing the
// settings file). The entry install writes runs the guard itself there, so the model gets the
// denial and the shell command never runs; the bare entry older installs wrote fails with exit
// 127, which Claude Code reads as a non-blocking error: the command runs (shown here, so that the
// first test means something). A shipped guard (`hookd install --add no-rm-rf`) denies there too:
// install writes it as the absolute paths of Node and the guard's file, never `hookd guard NAME`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findOnPath } from '../../src/common/find-on-path.js';
import { FALLBACK_GUARD } from '../../src/settings/fallback-entry.js';
import { shellQuote } from '../../src/common/shell-word.js';
import { runHookd } from '../helpers/run-hookd.js';
import { ROOT } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { CASES, GUARD_REASON, RAN_MARKER, SHELL_COMMAND, anthropicCall, linesWith } from './deciding-cases.js';
import { expectCleanExit, scrubClientVariables } from './real-client-helpers.js';
import { prepareClient, runProcess, startFake } from './run-client.mjs';

scrubClientVariables();
afterAll(cleanupTempDirs);

const claude = CASES.find((c) => c.name === 'claude')!;
const GUARD = `echo '${GUARD_REASON}' >&2; exit 2`;
const TURN_MS = 60_000;

/** `pathVar` without the folders that hold a `hookd`. */
const withoutHookd = (pathVar: string) =>
  pathVar
    .split(':')
    .filter((dir) => !findOnPath('hookd', dir))
    .join(':');

// A recursive rm outside the project (of a folder that is not there), then the marker: what no-rm-rf denies.
const RM_OUTSIDE = `rm -r ../hookd-e2e-not-there; ${SHELL_COMMAND}`;

/**
 * One Claude Code turn whose model calls the shell, with the guard entry `entry` (or the guard,
 * installed by hookd; or the shipped no-rm-rf, added by hookd) and no hookd on PATH; what the model was told.
 */
async function turnWithoutHookd(entry: 'install' | 'no-rm-rf' | ((guard: string) => string)) {
  const shipped = entry === 'no-rm-rf';
  const fake = await startFake('claude', {
    respond: shipped ? anthropicCall('Bash', { command: RM_OUTSIDE, description: 'Clean up' }) : claude.callShell,
  });
  try {
    const dir = tempDir('hookd-missing-claude-');
    const stateDir = path.join(dir, 'state');
    const command = entry === 'install' || shipped ? GUARD : entry(GUARD);
    const client = prepareClient('claude', {
      dir,
      fakeUrl: fake.url,
      stateDir,
      hooks: shipped ? {} : { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] },
    });
    if (entry === 'install' || shipped) {
      const installed = await runHookd(['install', '--client', 'claude', ...(shipped ? ['--add', 'no-rm-rf'] : [])], {
        env: { HOME: client.home, HOOKD_STATE_DIR: stateDir },
      });
      expect(installed.exitCode, installed.stderr).toBe(0);
    }
    const written = JSON.parse(readFileSync(client.settingsFile, 'utf8')).hooks.PreToolUse[0].hooks[0]
      .command as string;
    const env = { ...client.env, PATH: withoutHookd(client.env.PATH!) };
    expect(findOnPath('hookd', env.PATH), 'the client must find no hookd').toBeUndefined();
    const [file, ...args] = client.turnArgs('say hi');
    const run = await runProcess(file!, [...args, ...claude.args], { cwd: client.project, env, timeoutMs: TURN_MS });
    expectCleanExit(run, 'a Claude Code turn without hookd on PATH');
    const told = (needle: string) =>
      fake.requests.flatMap((request) =>
        linesWith(request.body, needle, { [written]: '<the hook>', [client.home]: '<home>' }),
      );
    return { written, denial: told(shipped ? '(no-rm-rf)' : GUARD_REASON), ran: told(RAN_MARKER) };
  } finally {
    await fake.close();
  }
}

describe('Claude Code started without hookd on its PATH (issue 29)', () => {
  it('a guard installed through hookd still denies the shell command: the entry runs the guard itself', async () => {
    const { written, denial, ran } = await turnWithoutHookd('install');
    expect(written.startsWith(`${FALLBACK_GUARD}hookd sync `), written).toBe(true);
    expect(denial.length, "the guard's reason reached the model").toBeGreaterThan(0);
    expect(ran, 'the denied command ran').toEqual([]);
  });

  it('a shipped guard added by hookd install still denies: its entry runs Node and the guard by absolute path', async () => {
    const { written, denial, ran } = await turnWithoutHookd('no-rm-rf');
    expect(
      written.endsWith(` ${path.join(ROOT, 'hooks-examples', 'guards', 'guards.mjs')} no-rm-rf`) &&
        /; \/\S+ \/\S+ no-rm-rf$/.test(written),
      written,
    ).toBe(true);
    expect(denial.length, "no-rm-rf's reason reached the model").toBeGreaterThan(0);
    expect(ran, 'the denied command ran').toEqual([]);
  });

  it('the bare entry of older installs fails open there (why install writes the guarded one, and upgrades its own)', async () => {
    const { denial, ran } = await turnWithoutHookd(
      (guard) => `hookd sync --client claude --event PreToolUse -- ${shellQuote(guard)}`,
    );
    expect(denial).toEqual([]);
    expect(ran.length, 'the command ran: exit 127 does not deny').toBeGreaterThan(0);
  });
});
