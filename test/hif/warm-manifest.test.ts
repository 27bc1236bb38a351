// A manifest's hook marked `warm: true` (hookd's own key beside hooks/0.1's) installs behind
// `hookd sync --warm`, which the daemon reads as a warm handler to keep running; on an event the
// client does not wait on it goes behind hookd emit, as it would, and install says why.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { runHookdWithEnv } from '../helpers/run-hookd.js';
import { parseSettingsText } from '../../src/settings/load.js';
import { clientById } from '../../src/clients/registry.js';

afterEach(cleanupTempDirs);

const MANIFEST = `spec: hooks/0.1
hooks:
  - name: py-guard
    event: before_tool_execute
    matcher: shell
    handler: {type: command, command: 'python3 ./guard.py', timeout: 10, warm: true}
    blocking: true
  - name: warm-notifier
    event: agent_stop
    handler: {type: command, command: 'notify-send done', warm: true}
    blocking: false
`;

describe('a warm hook from a manifest', () => {
  it('installs behind hookd sync --warm, which hookd reads as warm', async () => {
    const home = tempDir();
    mkdirSync(path.join(home, '.claude'));
    const settings = path.join(home, '.claude', 'settings.json');
    writeFileSync(settings, '{}\n');
    const manifest = path.join(home, 'hooks.yaml');
    writeFileSync(manifest, MANIFEST);
    const script = path.join(home, 'guard.py');
    writeFileSync(script, 'import sys\n');
    const env = { HOME: home, XDG_STATE_HOME: path.join(home, 'state'), XDG_CONFIG_HOME: path.join(home, '.config') };
    const result = await runHookdWithEnv(['install', '--hooks', manifest], env);
    expect(result.exitCode).toBe(0);
    expect(result.stdout + result.stderr).toMatch(/warm: .*runs behind hookd emit/);
    const parsed = parseSettingsText(readFileSync(settings, 'utf8'), settings, clientById('claude')!);
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    const guard = parsed.config.entries.find(
      (entry) => entry.run.startsWith('python3 ') && entry.run.endsWith('guard.py'),
    );
    expect(guard?.command).toMatch(/hookd sync --warm /);
    expect(guard?.sync?.warm).toBe(true);
    expect(guard?.canonical).toBe(true);
    const notifier = parsed.config.entries.find((entry) => entry.run === 'notify-send done');
    expect(notifier?.kind).toBe('bridge');
    expect(notifier?.sync).toBeUndefined();
  });
});
