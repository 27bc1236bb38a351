// A retry runs only a command the live config still names for its event (history/retry-rule.ts):
// in a followed file, or in the files of the project the run came from (its payload's cwd).
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { retryRule } from '../../src/history/retry-rule.js';
import { LiveConfig } from '../../src/settings/live-config.js';
import { givenSource } from '../../src/clients/find-sources.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

afterEach(cleanupTempDirs);

const settings = (command: string) =>
  JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: `hookd emit -- '${command}'` }] }] } });

function claudeFile(dir: string, text: string): string {
  mkdirSync(path.join(dir, '.claude'), { recursive: true });
  writeFileSync(path.join(dir, '.claude', 'settings.json'), text);
  return path.join(dir, '.claude', 'settings.json');
}

describe('retryRule', () => {
  it('lets a command named by a followed file or by the run’s project be retried, and says why another is not', async () => {
    const config = new LiveConfig(
      [givenSource(claudeFile(tempDir(), settings('followed')), 'claude')],
      pino({ level: 'silent' }),
    );
    await config.reload();
    const project = tempDir();
    claudeFile(project, settings('in-project'));
    const rule = retryRule(config);
    const record = (command: string) => ({
      command,
      clientEnv: {},
      payload: Buffer.from(JSON.stringify({ hook_event_name: 'Stop', session_id: 's', cwd: project })),
    });
    expect(await rule('Stop', record('followed'))).toBeUndefined();
    expect(await rule('Stop', record('in-project'))).toBeUndefined();
    expect(await rule('Stop', record('removed'))).toBe(
      'no settings file names "removed" for Stop any more (neither those the daemon follows nor the project\'s)',
    );
    expect(await rule('Notification', record('followed'))).toMatch(
      /^no settings file names "followed" for Notification/,
    );
  });
});
