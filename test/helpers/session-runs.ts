// One agent session's runs made the way the clients make them, for the session view's tests (issue
// 25): deciding hooks in line through `sh -c "hookd sync -- 'CMD'"` (the agent waits on each) and
// fire-and-forget ones through `hookd emit` (the daemon runs them beside the agent), then the
// history lines they left, read back from the daemon's own file.
import { execa } from 'execa';
import type { TestDaemon } from './daemon-process.js';
import { waitFor } from './wait-for.js';

// The commands of the session's runs: two beside the agent (one fails), three in line (one denies, one blocks, one fails).
/** Beside the agent, ok after 0.3 s. */
export const BESIDE_OK = 'sleep 0.3; echo beside';
/** Beside the agent, failed (exit 3). */
export const BESIDE_FAILS = 'echo "disk quota exceeded" >&2; exit 3';
/** In line: denies the tool call (`deny: no rm -rf`). */
export const DENY = `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm -rf"}}'`;
/** In line: blocks after 0.2 s (`block: tests fail`). */
export const BLOCK = 'sleep 0.2; echo "tests fail" >&2; exit 2';
/** In line: fails after 0.3 s (exit 1, which Claude Code does not act on). */
export const SYNC_FAILS = 'sleep 0.3; echo "guard crashed" >&2; exit 1';

/** Settings whose Stop event runs the two commands beside the agent through the bridge. */
export const BESIDE_HOOKS = {
  Stop: [
    {
      hooks: [BESIDE_OK, BESIDE_FAILS].map((command) => ({
        type: 'command',
        command: `hookd emit -- '${command.replace(/'/g, `'\\''`)}'`,
        timeout: 10,
      })),
    },
  ],
};

const quote = (command: string) => `'${command.replace(/'/g, `'\\''`)}'`;

/** The client's side of a deciding hook: `sh -c "hookd sync --client claude -- 'CMD'"`, payload on stdin. */
export function syncRun(daemon: TestDaemon, command: string, payload: object, env: Record<string, string> = {}) {
  return execa('sh', ['-c', `hookd sync --client claude -- ${quote(command)}`], {
    env: { ...daemon.env, ...env },
    input: JSON.stringify(payload),
    reject: false,
    timeout: 60_000,
  });
}

/** A history line, as the daemon wrote it. */
export type Line = Record<string, unknown> & {
  session: string;
  command: string;
  outcome: string;
  durationMs: number;
  bridge?: string;
  decision?: string;
  startedAt: string;
  project?: string;
};

/**
 * Make session `session`'s five runs in `project` (a started daemon with BESIDE_HOOKS): one in line,
 * the two beside it, two more in line; resolves with their history lines once all five are there.
 */
export async function makeSession(daemon: TestDaemon, session: string, project: string): Promise<Line[]> {
  const before = daemon.history().length;
  const preTool = {
    session_id: session,
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command: 'rm -rf /' },
    cwd: project,
  };
  const stop = JSON.stringify({
    session_id: session,
    transcript_path: '/tmp/t.jsonl',
    cwd: project,
    hook_event_name: 'Stop',
    stop_hook_active: false,
  });
  const deny = await syncRun(daemon, DENY, preTool);
  if (deny.exitCode !== 0) throw new Error(`hookd sync (deny) exited ${deny.exitCode}: ${deny.stderr}`);
  for (const command of [BESIDE_OK, BESIDE_FAILS]) await daemon.emit(command, stop, { CLAUDE_PROJECT_DIR: project });
  const block = await syncRun(daemon, BLOCK, preTool);
  if (block.exitCode !== 2) throw new Error(`hookd sync (block) exited ${block.exitCode}: ${block.stderr}`);
  await syncRun(daemon, SYNC_FAILS, preTool);
  const lines = await waitFor(
    `the five runs of ${session} in the history`,
    () => {
      const mine = (daemon.history().slice(before) as Line[]).filter((line) => line.session === session);
      return mine.length === 5 ? mine : undefined;
    },
    60_000,
  );
  return lines;
}

/** The time the agent waited on hooks in `lines`: the sum of the durations of the runs in line. */
export const waitedMs = (lines: readonly Line[]) =>
  lines.filter((line) => line.bridge === 'sync').reduce((sum, line) => sum + line.durationMs, 0);
