// hookd's guards on Windows: the synchronous bridge under node.exe runs a guard through cmd (the
// shell where no Git Bash is found, and the one HOOKD_SHELL=cmd names) and the guard's own decision
// reaches the client in its dialect; a command the guard lets through is let through.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { NODE_EXE, runWindows, windowsPath } from './wine.js';

const BIN = path.join(ROOT, 'dist', 'bin.js');
const GUARDS = windowsPath(path.join(ROOT, 'hooks-examples', 'guards', 'guards.mjs'));

afterEach(cleanupTempDirs);

/** Claude Code's PreToolUse for a Bash command, with CRLF line ends and a Windows working directory. */
const preToolUse = (command: string) =>
  [
    '{',
    '"session_id": "s-1", "hook_event_name": "PreToolUse", "tool_name": "Bash",',
    `"cwd": "C:\\\\Users\\\\J\u00fcrgen \u00d1", "tool_input": { "command": ${JSON.stringify(command)} }`,
    '}',
    '',
  ].join('\r\n');

const guard = (command: string, shell?: string) =>
  runWindows(
    'node.exe',
    [
      ...[BIN, 'sync', '--canonical', '--client', 'claude-code', '--event', 'PreToolUse', '--timeout', '30', '--'],
      `"${windowsPath(NODE_EXE)}" "${GUARDS}" no-rm-rf,no-force-push`,
    ],
    {
      input: preToolUse(command),
      env: { HOOKD_STATE_DIR: windowsPath(tempDir()), ...(shell && { HOOKD_SHELL: shell }) },
    },
  );

describe('the guards through cmd (node.exe under wine)', () => {
  it.each([undefined, 'cmd'])("hands on a guard's denial as Claude Code reads it (HOOKD_SHELL %s)", async (shell) => {
    const run = await guard('rm -rf /', shell);
    // Claude Code's denial: exit 2, the reason on stderr, the payload's non-ASCII working folder intact.
    expect(run.code).toBe(2);
    expect(String(run.stderr)).toContain('reaches outside the project C:\\Users\\Jürgen Ñ');
    expect(String(run.stderr)).toContain('(no-rm-rf)');
  });

  it('lets through what the guards allow', async () => {
    const run = await guard('git status');
    expect(run.code).toBe(0);
    expect(String(run.stdout)).not.toMatch(/deny/);
  });
});
