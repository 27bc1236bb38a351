// Issue 30, item 2, against the real Claude Code 2.1.330: a session it ran and recorded (its
// transcript under ~/.claude/projects/) in which its Stop hook, behind hookd emit, never reached
// hookd, because disableAllHooks turned hooks off. hookd doctor names the hook, the session from
// the transcript, and the likeliest cause (the setting).
import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runHookd } from '../helpers/run-hookd.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { scrubClientVariables } from './real-client-helpers.js';
import { prepareClient, runProcess, startFake } from './run-client.mjs';

scrubClientVariables();
afterAll(cleanupTempDirs);

describe('configured, and did not fire, in a session Claude Code recorded (issue 30)', () => {
  it('names the Stop hook, the session of the transcript, and disableAllHooks as the likeliest cause', async () => {
    const fake = await startFake('claude');
    try {
      const dir = tempDir('hookd-did-not-fire-claude-');
      const stateDir = path.join(dir, 'state');
      const client = prepareClient('claude', {
        dir,
        fakeUrl: fake.url,
        stateDir,
        hooks: { Stop: [{ hooks: [{ type: 'command', command: "hookd emit -- 'echo turn-done'" }] }] },
      });
      const settings = JSON.parse(readFileSync(client.settingsFile, 'utf8')) as object;
      writeFileSync(client.settingsFile, JSON.stringify({ ...settings, disableAllHooks: true }, null, 2));
      const [file, ...args] = client.turnArgs('say hi');
      const run = await runProcess(file!, args, { cwd: client.project, env: client.env, timeoutMs: 90_000 });
      expect(run.timedOut, run.stderr).toBe(false);
      const projects = path.join(client.home, '.claude', 'projects');
      const transcripts = readdirSync(projects, { recursive: true, encoding: 'utf8' }).filter((name) =>
        name.endsWith('.jsonl'),
      );
      expect(transcripts.length, 'Claude Code recorded the session').toBe(1);
      const session = path.basename(transcripts[0]!, '.jsonl');
      // As an hour later: the settings before the session, the session settled.
      const hourAgo = new Date(Date.now() - 3600_000);
      const minuteAgo = new Date(Date.now() - 60_000);
      utimesSync(client.settingsFile, hourAgo, hourAgo);
      utimesSync(path.join(projects, transcripts[0]!), minuteAgo, minuteAgo);

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
      expect(check?.detail).toMatch(
        new RegExp(
          `Claude Code's Stop hook "echo turn-done" \\(.*settings\\.json, hooks\\.Stop\\[0\\]\\.hooks\\[0\\]\\) did not fire in session ${session}, which Claude Code recorded, with no hook of it reaching hookd; likeliest: Claude Code runs no hooks: disableAllHooks is true`,
        ),
      );
    } finally {
      await fake.close();
    }
  });
});
