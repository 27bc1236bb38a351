// A cloned repository's hook files are untrusted input, read by the daemon on a record's way
// (settings/project-hooks.ts): malformed JSON, a hooks.json that is not a map or that Droid ignores,
// nesting 100,000 deep, a file past the bound, symlinks to a device, to themselves or to a file
// elsewhere. Each gets one log line saying which file and why; the record still runs (with the
// default timeout); the daemon stays up; another project's hooks are found as before.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { stopTestDaemons, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { waitFor } from '../helpers/wait-for.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const NOT_FOUND = "command not in the settings files the daemon follows, nor in its project's";
const bridged = (command: string) => ({
  hooks: [{ type: 'command', command: `hookd emit -- '${command}'`, timeout: 3 }],
});

/** A project whose `.factory/` holds `files` (text, or a symlink's target). */
function project(files: Record<string, string | { link: string }>): string {
  const dir = tempDir();
  mkdirSync(path.join(dir, '.factory'));
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, '.factory', name);
    if (typeof content === 'string') writeFileSync(file, content);
    else symlinkSync(content.link, file);
  }
  return dir;
}

async function emitFrom(daemon: TestDaemon, dir: string, command: string): Promise<void> {
  const payload = JSON.stringify({ session_id: 's', hook_event_name: 'Stop', cwd: dir });
  expect((await daemon.emit(command, payload, { FACTORY_PROJECT_DIR: dir })).exitCode).toBe(0);
}

const logLines = (daemon: TestDaemon) =>
  daemon
    .logs()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe("hostile project files, read by the daemon for a record's timeout", () => {
  it('are each named in one clear log line, never stop the daemon, and leave another project alone', async () => {
    const daemon = testDaemon();
    await daemon.start();
    const good = project({ 'hooks.json': JSON.stringify({ Stop: [bridged('true good')] }) });
    const elsewhere = path.join(tempDir(), 'team-settings.json');
    writeFileSync(elsewhere, JSON.stringify({ hooks: { Stop: [bridged('true linked')] } }));
    const hostile: [string, Record<string, string | { link: string }>, RegExp][] = [
      [
        'malformed',
        { 'settings.json': '{"hooks": {"Stop": [' },
        /settings\.json: not valid JSON: line 1 column 21: expected a closing \]/,
      ],
      ['not a map', { 'hooks.json': '[1, 2, 3]' }, /hooks\.json: expected a JSON object at the top level/],
      [
        'wrapped',
        { 'hooks.json': JSON.stringify({ hooks: { Stop: [bridged('true wrapped')] } }) },
        /reads this file only as a bare event map/,
      ],
      ['deep', { 'settings.json': '['.repeat(100_000) }, /refused: line 1 column 513: nested deeper than 512 levels/],
      [
        'huge',
        { 'settings.json': `{"hooks": {}, "pad": "${'x'.repeat(1_200_000)}"}` },
        /larger than 1 MiB; hookd reads hook files up to that size/,
      ],
      ['device', { 'settings.json': { link: '/dev/zero' } }, /not a regular file; hookd reads only regular files/],
      [
        'loop',
        { 'settings.json': { link: 'settings.json' } },
        /settings\.json: cannot read: ELOOP: too many symbolic links/,
      ],
    ];
    const dirs = hostile.map(([, files]) => project(files));
    // Twice from each: a file is read once while it is unchanged, and said to be bad once.
    for (const round of [1, 2]) {
      for (const [i, [name]] of hostile.entries()) await emitFrom(daemon, dirs[i]!, `true ${name} ${round}`);
    }
    await emitFrom(daemon, good, 'true good');
    // A `.factory` that is a file holds no hook file, as for Droid: nothing to say.
    const noFolder = tempDir();
    writeFileSync(path.join(noFolder, '.factory'), '');
    await emitFrom(daemon, noFolder, 'true no folder');
    // A symlink to a file outside the project is read as Droid reads it: through the link.
    await emitFrom(daemon, project({ 'settings.json': { link: elsewhere } }), 'true linked');
    await waitFor('every run in the history', () => daemon.history().length === hostile.length * 2 + 3);

    expect(daemon.history().every((run) => run.outcome === 'ok')).toBe(true);
    const lines = logLines(daemon);
    for (const [i, [name, , reason]] of hostile.entries()) {
      const said = lines.filter((line) => typeof line.settings === 'string' && line.settings.startsWith(dirs[i]!));
      expect(said, name).toHaveLength(1);
      expect(JSON.stringify(said[0]), name).toMatch(reason);
    }
    const notFound = lines.filter((line) => line.msg?.toString().startsWith(NOT_FOUND)).map((line) => line.command);
    expect(notFound.sort()).toEqual(
      [...hostile.flatMap(([name]) => [`true ${name} 1`, `true ${name} 2`]), 'true no folder'].sort(),
    );
    expect(lines.filter((line) => typeof line.settings === 'string' && line.settings.startsWith(noFolder))).toEqual([]);
    expect((await daemon.request('GET', '/health')).status).toBe(200);
  }, 120_000);
});
