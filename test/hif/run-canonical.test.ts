// `hookd run` of a canonical hook (issue 31, item 2): it shows what the hook answered in the
// canonical form and what its client is handed, and reads the client's decision from the latter.
// Also the daemon's side: a hook behind `hookd emit --canonical` gets the canonical fields.
import { writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runHookd } from '../helpers/run-hookd.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { ROOT } from '../helpers/paths.js';
import { hookEnv } from '../../src/runner/hook-env.js';

afterEach(cleanupTempDirs);

// The hook, as a script: its command is one plain word inside the entry's single quotes.
function denyScript(dir: string): string {
  const file = path.join(dir, 'deny.sh');
  writeFileSync(file, `echo '{"decision":"deny","reason":"not on main"}'\n`);
  return `sh ${file}`;
}

describe('hookd run of a canonical hook', () => {
  it('shows the canonical answer and what each client is handed', async () => {
    const dir = tempDir();
    const DENY = denyScript(dir);
    const claudeFile = path.join(dir, '.claude', 'settings.json');
    const copilotFile = path.join(dir, '.copilot', 'hooks', 'guard.json');
    for (const [file, text] of [
      [
        claudeFile,
        {
          hooks: {
            PreToolUse: [
              {
                matcher: 'Bash',
                hooks: [
                  {
                    type: 'command',
                    command: `hookd sync --canonical --client claude --event PreToolUse -- '${DENY}'`,
                  },
                ],
              },
            ],
          },
        },
      ],
      [
        copilotFile,
        {
          version: 1,
          hooks: {
            preToolUse: [
              { type: 'command', bash: `hookd sync --canonical --client copilot --event preToolUse -- '${DENY}'` },
            ],
          },
        },
      ],
    ] as const) {
      (await import('node:fs')).mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(text));
    }
    const claude = await runHookd(
      [
        'run',
        'PreToolUse',
        '--settings',
        claudeFile,
        '--client',
        'claude',
        '--payload',
        path.join(ROOT, 'samples/claude/PreToolUse.json'),
      ],
      { env: { HOME: dir } },
    );
    expect(claude.stdout).toContain(
      'canonical answer: deny, reason "not on main"; Claude Code is handed exit 0, stdout {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"not on main"}}',
    );
    expect(claude.stdout).toContain('not on main');
    expect(claude.exitCode).toBe(3); // a block
    const copilot = await runHookd(
      [
        'run',
        'preToolUse',
        '--settings',
        copilotFile,
        '--client',
        'copilot',
        '--payload',
        path.join(ROOT, 'samples/copilot/preToolUse.json'),
        '--json',
      ],
      { env: { HOME: dir } },
    );
    const [hook] = JSON.parse(copilot.stdout).hooks;
    expect(hook.decision).toContain(
      'GitHub Copilot CLI is handed exit 0, stdout {"permissionDecision":"deny","permissionDecisionReason":"not on main"}',
    );
    expect(hook.block).toBe('not on main');
    expect(copilot.exitCode).toBe(3);
  }, 60_000);

  it('leaves a hook not marked canonical as it was: its raw JSON is no Claude Code decision', async () => {
    const dir = tempDir();
    const DENY = denyScript(dir);
    const file = path.join(dir, 'settings.json');
    writeFileSync(
      file,
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { hooks: [{ type: 'command', command: `hookd sync --client claude --event PreToolUse -- '${DENY}'` }] },
          ],
        },
      }),
    );
    const run = await runHookd(
      [
        'run',
        'PreToolUse',
        '--settings',
        file,
        '--client',
        'claude',
        '--payload',
        path.join(ROOT, 'samples/claude/PreToolUse.json'),
        '--json',
      ],
      { env: { HOME: dir } },
    );
    const [hook] = JSON.parse(run.stdout).hooks;
    expect(hook.decision ?? '').not.toContain('canonical answer');
    expect(hook.stdout.text).toBe('{"decision":"deny","reason":"not on main"}\n');
  }, 60_000);
});

describe('the daemon side (hookd emit --canonical)', () => {
  it('gives the canonical fields only to a hook whose record says canonical', () => {
    const payload = readFileSync(path.join(ROOT, 'samples/droid/PreToolUse.json'));
    const clientEnv = { FACTORY_PROJECT_DIR: '/p', HOOKD_BRIDGE_CANONICAL: '1' };
    const env = hookEnv({ eventId: 'e', event: 'PreToolUse', attempt: 1, clientEnv, payload, command: 'x' }, {});
    expect(env).toMatchObject({
      HOOKD_HIF_CLIENT: 'droid',
      HOOKD_HIF_EVENT: 'before_tool_execute',
      HOOKD_HIF_TOOL: 'shell',
      HOOKD_HIF_COMMAND: 'echo hello',
    });
    expect(env.HOOKD_BRIDGE_CANONICAL).toBeUndefined();
    const plain = hookEnv(
      {
        eventId: 'e',
        event: 'PreToolUse',
        attempt: 1,
        clientEnv: { FACTORY_PROJECT_DIR: '/p' },
        payload,
        command: 'x',
      },
      {},
    );
    expect(Object.keys(plain).filter((name) => name.startsWith('HOOKD_HIF_'))).toEqual([]);
  });

  it('is noted in the record by the sh bridge and the Node one', async () => {
    for (const node of [false, true]) {
      const state = tempDir();
      const env = { HOOKD_STATE_DIR: state, ...(node ? { HOOKD_BRIDGE_NODE: '1' } : {}) };
      await runHookd(['emit', '--canonical', '--', 'notify.sh'], { env, input: '{"hook_event_name":"Stop"}' });
      const dir = path.join(state, 'inbox', 'tmp');
      const [record] = (await import('node:fs')).readdirSync(dir);
      expect(readFileSync(path.join(dir, record!), 'latin1')).toContain('HOOKD_BRIDGE_CANONICAL=1\0');
    }
  }, 60_000);
});
