// Issue 30, item 1, against the real clients: each place hookd names as "not read" holds a hook
// the real binary does not run (its marker stays absent) while the hook in the client's own file,
// in the same turn, runs; and each project hook Copilot CLI 1.0.102 skips in a folder it has not
// trusted runs once the folder is in trusted_folders. Claude Code (`claude -p`), Copilot CLI
// (`copilot -p`), Droid (`droid exec`: its older hooks/hooks.json beside hooks.json).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runHookd } from '../helpers/run-hookd.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { scrubClientVariables } from './real-client-helpers.js';
import { prepareClient, startFake, type ClientName } from './run-client.mjs';

scrubClientVariables();
afterAll(cleanupTempDirs);

const TURN_MS = 90_000;

function put(file: string, value: unknown) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value, null, 2));
}

/** One turn of `name` after `setUp(client, hookThatMarks)`: which markers the client's hooks wrote, and what hookd doctor said. */
async function turn(
  name: ClientName,
  stopEvent: string,
  setUp: (client: ReturnType<typeof prepareClient>, marks: (label: string) => string) => void,
) {
  const fake = await startFake(name);
  try {
    const dir = tempDir(`hookd-not-read-${name}-`);
    const marks = (label: string) => `touch ${path.join(dir, `ran-${label}`)}; echo '{}'`;
    const client = prepareClient(name, {
      dir,
      fakeUrl: fake.url,
      stateDir: path.join(dir, 'state'),
      hooks: { [stopEvent]: [{ hooks: [{ type: 'command', command: marks('own-file') }] }] },
    });
    setUp(client, marks);
    const run = await client.run({ timeoutMs: TURN_MS });
    expect(run.timedOut, `${name} turn timed out:\n${run.stderr}`).toBe(false);
    const doctor = await runHookd(['doctor', '--json', '--timeout', '2'], {
      env: {
        ...process.env,
        HOME: client.home,
        HOOKD_STATE_DIR: path.join(dir, 'hookd-state'),
        HOOKD_CLAUDE_MANAGED_SETTINGS: path.join(dir, 'none.json'),
      },
      cwd: client.project,
    });
    const said =
      (JSON.parse(doctor.stdout) as { checks: { name: string; detail: string }[] }).checks.find(
        (c) => c.name === 'hooks that will not run',
      )?.detail ?? '';
    return { ran: (label: string) => existsSync(path.join(dir, `ran-${label}`)), said };
  } finally {
    await fake.close();
  }
}

const claudeHooks = (command: string) => ({ hooks: { Stop: [{ hooks: [{ type: 'command', command }] }] } });
const copilotHooks = (command: string) => ({ version: 1, hooks: { agentStop: [{ type: 'command', bash: command }] } });

describe('hooks in files their client does not read, as the real clients behave (issue 30, item 1)', () => {
  it('Claude Code runs none of ~/.claude/hooks.json, hooks in ~/.claude.json, a project .claude/hooks.json or .claude/hooks/hooks.json; hookd doctor names each', async () => {
    const result = await turn('claude', 'Stop', (client, marks) => {
      put(path.join(client.home, '.claude', 'hooks.json'), claudeHooks(marks('user-hooks-json')));
      const state = path.join(client.home, '.claude.json');
      put(state, { ...JSON.parse(readFileSync(state, 'utf8')), ...claudeHooks(marks('claude-json')) });
      put(path.join(client.project, '.claude', 'hooks.json'), claudeHooks(marks('project-hooks-json')));
      put(path.join(client.project, '.claude', 'hooks', 'hooks.json'), claudeHooks(marks('project-hooks-folder')));
      put(path.join(client.project, '.claude', 'settings.json'), {});
    });
    expect(result.ran('own-file')).toBe(true);
    for (const label of ['user-hooks-json', 'claude-json', 'project-hooks-json', 'project-hooks-folder']) {
      expect(result.ran(label), `Claude Code ran the hook in ${label}`).toBe(false);
      expect(result.said).toMatch(
        new RegExp(
          `Claude Code's Stop hook "touch [^"]*ran-${label};.* will not run: Claude Code does not read hooks from`,
        ),
      );
    }
  });

  it('Copilot CLI runs none of ~/.copilot/hooks.json, .github/hooks.json, .github/copilot/hooks.json; its .github/hooks/ only in a trusted folder', async () => {
    const setUp =
      (trusted: boolean) => (client: ReturnType<typeof prepareClient>, marks: (label: string) => string) => {
        mkdirSync(path.join(client.project, '.git'), { recursive: true });
        put(path.join(client.home, '.copilot', 'hooks.json'), copilotHooks(marks('user-hooks-json')));
        put(path.join(client.project, '.github', 'hooks.json'), copilotHooks(marks('github-hooks-json')));
        put(
          path.join(client.project, '.github', 'copilot', 'hooks.json'),
          copilotHooks(marks('github-copilot-hooks-json')),
        );
        put(path.join(client.project, '.github', 'hooks', 'team.json'), copilotHooks(marks('project-hooks')));
        if (trusted) put(path.join(client.home, '.copilot', 'config.json'), { trusted_folders: [client.project] });
      };
    const untrusted = await turn('copilot', 'agentStop', setUp(false));
    expect(untrusted.ran('own-file')).toBe(true);
    expect(untrusted.ran('project-hooks'), 'copilot -p must skip the project hooks of a folder not trusted').toBe(
      false,
    );
    expect(untrusted.said).toMatch(
      /GitHub Copilot CLI's agentStop hook "touch [^"]*ran-project-hooks;.* will not run: GitHub Copilot CLI has not trusted the folder/,
    );
    const trusted = await turn('copilot', 'agentStop', setUp(true));
    expect(trusted.ran('project-hooks'), 'in a trusted folder the project hook runs').toBe(true);
    expect(trusted.said).not.toMatch(/ran-project-hooks/);
    for (const label of ['user-hooks-json', 'github-hooks-json', 'github-copilot-hooks-json']) {
      expect(trusted.ran(label), `Copilot CLI ran the hook in ${label}`).toBe(false);
      expect(trusted.said).toMatch(
        new RegExp(
          `GitHub Copilot CLI's agentStop hook "touch [^"]*ran-${label};.* will not run: GitHub Copilot CLI does not read hooks from`,
        ),
      );
    }
  });

  it('Droid runs its older hooks/hooks.json only without hooks.json; hookd doctor names it when both exist', async () => {
    const result = await turn('droid', 'Stop', (client, marks) => {
      put(path.join(client.home, '.factory', 'hooks.json'), {
        SessionEnd: [{ hooks: [{ type: 'command', command: marks('hooks-json') }] }],
      });
      put(path.join(client.home, '.factory', 'hooks', 'hooks.json'), {
        SessionEnd: [{ hooks: [{ type: 'command', command: marks('older-hooks-json') }] }],
      });
    });
    expect(result.ran('own-file')).toBe(true);
    expect(result.ran('hooks-json')).toBe(true);
    expect(result.ran('older-hooks-json'), 'Droid ran the older file beside hooks.json').toBe(false);
    expect(result.said).toMatch(
      /Droid's SessionEnd hook "touch [^"]*ran-older-hooks-json;.* will not run: Droid does not read this file: Droid reads .*\.factory\/hooks\.json instead/,
    );
  });
});
