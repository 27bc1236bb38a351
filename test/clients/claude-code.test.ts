// Claude Code 2.1.332 (re-pinned from 2.1.330), the real binary, offline against a fake Messages API (issue 15): `claude -p`
// turns, and an interactive session in a pseudo-terminal for Notification, which `-p` never sends.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { CLIENT_BINS } from './install-clients.mjs';
import { arrivals, recordingHooks, scrubClientVariables, theArrival, waitForBridged } from './real-client-helpers.js';
import { realClientSuite } from './real-client-suite.js';
import { prepareClient, runProcess, startFake, startInPty, type PtySession } from './run-client.mjs';
import { mkdirSync, writeFileSync } from 'node:fs';
import { claude } from '../../src/clients/claude/profile.js';

scrubClientVariables();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

realClientSuite({
  name: 'claude',
  label: 'Claude Code 2.1.332',
  events: ['SessionStart', 'UserPromptSubmit', 'Stop', 'SessionEnd'],
  stopEvent: 'Stop',
  // The profile's list, which `hookd run` sets: this real run confirms it.
  projectVariables: claude.hookVariables.projectDir,
  userVariables: (arrival, client) => ({
    CLAUDECODE: '1',
    CLAUDE_PROJECT_DIR: client.project,
    CLAUDE_CODE_SESSION_ID: String(arrival.payload.session_id),
  }),
  // One file per SessionStart hook command: …/session-env/SESSION/sessionstart-hook-N.sh.
  perHookVariables: {
    CLAUDE_ENV_FILE: (value) =>
      expect.stringMatching(new RegExp(`^${escapeRegExp(path.dirname(value))}/sessionstart-hook-\\d+\\.sh$`)),
  },
  sessionEnd: 'kills',
});

/** The fake model's answer: one Bash call from the main loop (the request that offers Bash), until a tool result is back. */
const bashOnce =
  (id: string, command: string, description: string) =>
  (body: { tools?: { name: string }[]; messages?: unknown[] }) => {
    const isMainLoop = (body.tools ?? []).some((tool) => tool.name === 'Bash');
    if (!isMainLoop || JSON.stringify(body.messages ?? []).includes('tool_result')) return undefined;
    return [{ type: 'tool_use', id, name: 'Bash', input: { command, description } }];
  };

describe('Claude Code 2.1.332 in an interactive session (pseudo-terminal)', () => {
  afterAll(async () => {
    await stopTestDaemons();
    cleanupTempDirs();
  });

  it('sends Notification (permission_prompt) to the direct and the bridged hook alike, then Stop, and SessionEnd on /exit', async () => {
    // The model asks to run a shell command: in the default permission mode that is a permission
    // prompt, and Claude Code sends Notification at once (its idle_prompt would take 60 s).
    const fake = await startFake('claude', {
      respond: bashOnce('toolu_hookd_e2e_01', 'echo hello > hello.txt', 'Write hello.txt'),
    });
    const events = ['Notification', 'Stop', 'SessionEnd'];
    const daemon = testDaemon();
    const out = tempDir('hookd-claude-pty-out-');
    const client = prepareClient('claude', {
      dir: tempDir('hookd-claude-pty-'),
      fakeUrl: fake.url,
      stateDir: daemon.stateDir,
      hooks: recordingHooks(events, out),
    });
    await daemon.start(['--settings', client.settingsFile]);
    let session: PtySession | undefined;
    const step = async (what: string, check: () => boolean, timeoutMs: number) => {
      try {
        await waitFor(what, check, timeoutMs);
      } catch (error) {
        throw new Error(
          `${(error as Error).message}\n--- the terminal's last output ---\n${session?.screen().slice(-2500)}`,
        );
      }
    };
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    try {
      session = startInPty([CLIENT_BINS.claude, '--permission-mode', 'default'], {
        cwd: client.project,
        env: client.env,
      });
      await step(
        'the interactive session to show its prompt',
        () => /for shortcuts|mode on/.test(session!.screen()),
        40_000,
      );
      session.type('say hi');
      await pause(300);
      session.type('\r');
      await step(
        'Notification (permission_prompt) to reach the direct hook',
        () => arrivals(out, 'direct', 'Notification').length > 0,
        40_000,
      );
      await step('the permission dialog', () => /Do ?you ?want ?to ?proceed/.test(session!.screen()), 10_000);
      session.type('\r'); // 1. Yes
      await step(
        'Stop, once the approved command ran and the model answered',
        () => arrivals(out, 'direct', 'Stop').length > 0,
        40_000,
      );
      await pause(300);
      session.type('/exit');
      await pause(300);
      session.type('\r');
      let exited = false;
      void session.exited.then(() => (exited = true));
      await step('the session to exit on /exit', () => exited, 20_000);
      expect((await session.exited).exitCode).toBe(0);
      await waitForBridged(out, events);
      await pause(500);

      const notification = theArrival(out, 'direct', 'Notification');
      expect(notification.payload).toMatchObject({
        hook_event_name: 'Notification',
        notification_type: 'permission_prompt',
        cwd: client.project,
      });
      expect(theArrival(out, 'direct', 'SessionEnd').payload.reason).toBe('prompt_input_exit');
      for (const event of events) {
        const direct = theArrival(out, 'direct', event);
        const bridged = theArrival(out, 'bridged', event);
        expect(
          Buffer.compare(bridged.bytes, direct.bytes),
          `${event}: the bridged hook got the bytes the client sent`,
        ).toBe(0);
        expect(bridged.env.CLAUDE_PROJECT_DIR, `${event}: CLAUDE_PROJECT_DIR`).toBe(client.project);
        expect(bridged.env.CLAUDECODE, `${event}: CLAUDECODE`).toBe('1');
        expect(bridged.env.CLAUDE_CODE_SESSION_ID, `${event}: CLAUDE_CODE_SESSION_ID`).toBe(direct.payload.session_id);
      }
    } finally {
      session?.kill();
      await fake.close();
    }
  }, 180_000);
});

// Issue 43 item 4: 2.1.332's newer events in one `-p` turn, offline. The prompt is a custom slash
// command whose text runs a shell command (`!` in .claude/commands/): expanding it fires
// PreSkillShellCommand for that command and UserPromptExpansion for the expansion; the model then
// asks for Bash once, and PostToolBatch fires when that batch resolves. Each event reaches the direct
// hook and the one behind hookd emit with the same payload, matched by the field hookd's profile
// names for it, and is in the daemon's history as Claude Code's.
describe("Claude Code's newer events in a -p turn", () => {
  afterAll(async () => {
    await stopTestDaemons();
    cleanupTempDirs();
  });

  it('PreSkillShellCommand, UserPromptExpansion and PostToolBatch reach the bridged hook as the direct one', async () => {
    const fake = await startFake('claude', {
      respond: bashOnce('toolu_hookd_batch_01', 'echo hookd-batch', 'Print'),
    });
    const events = ['PreSkillShellCommand', 'UserPromptExpansion', 'PostToolBatch'];
    const daemon = testDaemon();
    const out = tempDir('hookd-claude-newer-out-');
    const client = prepareClient('claude', {
      dir: tempDir('hookd-claude-newer-'),
      fakeUrl: fake.url,
      stateDir: daemon.stateDir,
      hooks: recordingHooks(events, out),
    });
    const commands = path.join(client.project, '.claude', 'commands');
    mkdirSync(commands, { recursive: true });
    writeFileSync(
      path.join(commands, 'hookd-deploy.md'),
      '---\ndescription: a command whose text runs a shell command\nallowed-tools: Bash(echo:*)\n---\nDeploy. Status: !`echo hookd-skill-shell`\n',
    );
    await daemon.start(['--settings', client.settingsFile]);
    try {
      const [bin, ...args] = client.turnArgs('/hookd-deploy');
      const turn = await runProcess(bin!, [...args, '--allowedTools', 'Bash'], {
        cwd: client.project,
        env: client.env,
        timeoutMs: 90_000,
      });
      expect(turn.exitCode, turn.stderr.slice(-2000) + turn.stdout.slice(-2000)).toBe(0);
      await waitForBridged(out, events);
      for (const event of events) {
        const direct = theArrival(out, 'direct', event);
        const bridged = theArrival(out, 'bridged', event);
        expect(bridged.bytes.equals(direct.bytes), `${event}: the payload through the bridge`).toBe(true);
        expect(direct.payload.hook_event_name).toBe(event);
      }
      // The fields the profile matches them by (claude/profile.ts matchFields), as 2.1.332 sends them.
      expect(theArrival(out, 'direct', 'PreSkillShellCommand').payload).toMatchObject({
        tool_name: 'Bash',
        tool_input: { command: expect.stringContaining('hookd-skill-shell') },
        command_name: 'hookd-deploy',
      });
      expect(theArrival(out, 'direct', 'UserPromptExpansion').payload).toMatchObject({
        command_name: 'hookd-deploy',
        expansion_type: 'slash_command',
      });
      expect(theArrival(out, 'direct', 'PostToolBatch').payload.tool_calls).toEqual([
        expect.objectContaining({ tool_name: 'Bash' }),
      ]);
      expect([claude.matchFields.PreSkillShellCommand, claude.matchFields.UserPromptExpansion]).toEqual([
        'tool_name',
        'command_name',
      ]);
      await waitFor('the three in the history', () =>
        events.every((event) => daemon.history().some((line) => line.event === event && line.client === 'claude')),
      );
    } finally {
      await fake.close();
    }
  }, 120_000);
});
