// `hookd install --client a,b` (issue 31) names several clients: a bad name among them, an empty one
// (`claude,,gemini`, a trailing comma) or nothing at all is refused with exit 2, naming the choices,
// and no file is touched.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { runHookd } from '../helpers/run-hookd.js';

afterEach(cleanupTempDirs);

describe('install --client with a list', () => {
  it.each([
    ['claude,nope', '"nope"'],
    ['claude,,claude', '""'],
    [',', '"", ""'],
    ['', '""'],
  ])('refuses %j with exit 2 and writes nothing', async (list, named) => {
    const home = tempDir('hookd-home-');
    const file = path.join(home, '.claude', 'settings.json');
    mkdirSync(path.dirname(file), { recursive: true });
    const text = '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo done"}]}]}}\n';
    writeFileSync(file, text);
    const result = await runHookd(['install', '--client', list], {
      env: { HOME: home, HOOKD_STATE_DIR: path.join(home, 'state') },
    });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`hookd: --client: unknown client ${named}; choose from droid, claude,`);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});
