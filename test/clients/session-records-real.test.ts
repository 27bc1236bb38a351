// Issue 30, item 2, against the real Codex 0.169 and Droid 0.225: each records its sessions in
// files of its own (Codex ~/.codex/sessions/YYYY/MM/DD/rollout-…-<id>.jsonl, Droid
// ~/.factory/sessions/<folder>/<id>.jsonl) under the id its hook payloads carry; a session it ran
// in which its Stop hook never reached hookd is named by hookd doctor, with the session and the
// likeliest cause: Codex's trust (a hook never trusted), Droid's PATH (no hookd on it).
import { existsSync, readdirSync, readFileSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runHookd } from '../helpers/run-hookd.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { waitFor } from '../helpers/wait-for.js';
import { scrubClientVariables } from './real-client-helpers.js';
import { HOOKD_BIN_DIR, prepareClient, runProcess, startFake, type ClientName } from './run-client.mjs';

scrubClientVariables();
afterAll(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

/** A turn of `name` whose Stop hook goes behind hookd emit; the session ids its records hold, and doctor's "did not fire" check. */
async function silentTurn(
  name: ClientName,
  options: {
    dropArgs?: string[];
    pathWithoutHookd?: boolean;
    daemon?: boolean;
    event?: string;
    records: (home: string) => string;
  },
) {
  const fake = await startFake(name);
  try {
    const dir = tempDir(`hookd-records-${name}-`);
    const home = path.join(dir, 'home');
    const daemon = options.daemon ? testDaemon({}, { home }) : undefined;
    const stateDir = daemon?.stateDir ?? path.join(dir, 'state');
    const client = prepareClient(name, {
      dir,
      fakeUrl: fake.url,
      stateDir,
      hooks: {
        [options.event ?? 'Stop']: [{ hooks: [{ type: 'command', command: "hookd emit -- 'echo turn-done'" }] }],
      },
    });
    const env = options.pathWithoutHookd
      ? {
          ...client.env,
          PATH: client.env
            .PATH!.split(':')
            .filter((dir) => dir !== HOOKD_BIN_DIR)
            .join(':'),
        }
      : client.env;
    await daemon?.start();
    const [file, ...args] = client.turnArgs('say hi');
    const run = await runProcess(
      file!,
      args.filter((arg) => !(options.dropArgs ?? []).includes(arg)),
      { cwd: client.project, env, timeoutMs: 90_000 },
    );
    expect(run.timedOut, run.stderr).toBe(false);
    const history = path.join(stateDir, 'history.jsonl');
    if (daemon)
      await waitFor(
        'the Stop hook in the history',
        () => existsSync(history) && readFileSync(history, 'utf8').includes('turn-done'),
      );
    const root = options.records(client.home);
    const records = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((record) =>
      record.endsWith('.jsonl'),
    );
    expect(records.length, `${name} recorded the session under ${root}`).toBe(1);
    // As an hour later: the hook file before the session, the session settled.
    const hourAgo = new Date(Date.now() - 3600_000);
    const minuteAgo = new Date(Date.now() - 60_000);
    utimesSync(client.settingsFile, hourAgo, hourAgo);
    utimesSync(path.join(root, records[0]!), minuteAgo, minuteAgo);
    const doctor = await runHookd(['doctor', '--json', '--timeout', '2'], {
      env: {
        ...(process.env as Record<string, string>),
        HOME: client.home,
        HOOKD_STATE_DIR: stateDir,
        HOOKD_CLAUDE_MANAGED_SETTINGS: path.join(dir, 'none.json'),
      },
      cwd: client.project,
    });
    const check = (JSON.parse(doctor.stdout) as { checks: { name: string; detail: string }[] }).checks.find(
      (c) => c.name === 'hooks that did not fire',
    );
    return { record: records[0]!, said: check?.detail ?? '' };
  } finally {
    await fake.close();
  }
}

const UUID = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/;

describe('configured, and did not fire, in sessions Codex and Droid recorded (issue 30, item 2)', () => {
  it('Codex: an untrusted Stop hook in a session codex exec recorded is named, with the session and Codex trust as the cause', async () => {
    const result = await silentTurn('codex', {
      dropArgs: ['--dangerously-bypass-hook-trust'],
      records: (home) => path.join(home, '.codex', 'sessions'),
    });
    expect(path.basename(result.record)).toMatch(/^rollout-.*\.jsonl$/);
    const session = UUID.exec(result.record)![1]!;
    expect(result.said).toMatch(
      new RegExp(
        `Codex CLI's Stop hook "echo turn-done" \\(.*hooks\\.json, hooks\\.Stop\\[0\\]\\.hooks\\[0\\]\\) did not fire in session ${session}, which Codex CLI recorded, with no hook of it reaching hookd; likeliest: Codex has not trusted this hook`,
      ),
    );
  });

  it('Droid: a Stop hook that found no hookd on its PATH, in a session droid exec recorded, is named with the session', async () => {
    const result = await silentTurn('droid', {
      pathWithoutHookd: true,
      records: (home) => path.join(home, '.factory', 'sessions'),
    });
    const session = UUID.exec(result.record)![1]!;
    expect(result.said).toMatch(
      new RegExp(
        `Droid's Stop hook "echo turn-done" \\(.*settings\\.json, hooks\\.Stop\\[0\\]\\.hooks\\[0\\]\\) did not fire in session ${session}, which Droid recorded, with no hook of it reaching hookd; likeliest: no hook of Droid reached hookd in these sessions: the client may not find hookd on its PATH`,
      ),
    );
  });

  it('Droid: the same session with hookd on its PATH, the hook reaching hookd, is not named', async () => {
    const result = await silentTurn('droid', {
      daemon: true,
      records: (home) => path.join(home, '.factory', 'sessions'),
    });
    expect(UUID.test(result.record)).toBe(true);
    expect(result.said).not.toMatch(/turn-done/);
  });

  it('Copilot CLI: an agentStop hook that found no hookd on its PATH, in a session copilot -p recorded, is named; with hookd there, not', async () => {
    const records = (home: string) => path.join(home, '.copilot', 'session-state');
    const silent = await silentTurn('copilot', { event: 'agentStop', pathWithoutHookd: true, records });
    const session = path.dirname(silent.record);
    expect(silent.record).toBe(`${session}/events.jsonl`);
    expect(silent.said).toMatch(
      new RegExp(
        `GitHub Copilot CLI's agentStop hook "echo turn-done" \\(.*hooks\\.json, hooks\\.agentStop\\[0\\]\\) did not fire in session ${session}, which GitHub Copilot CLI recorded, with no hook of it reaching hookd`,
      ),
    );
    const heard = await silentTurn('copilot', { event: 'agentStop', daemon: true, records });
    expect(heard.said).not.toMatch(/turn-done/);
  });
});
