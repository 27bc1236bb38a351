// Which way the Windows executor ends a hook's tree (src/executor/windows-job.ts), decided on any
// system: through the native bridge's Job Object only where HOOKD_JOB_BRIDGE (or the installed
// package) names a bridge that is there; a name of nothing, or an empty one, walks the tree instead.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { jobBridge, spawnable } from '../../src/executor/windows-job.js';
import type { ShellLaunch } from '../../src/executor/windows-shell.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

afterEach(cleanupTempDirs);

const launch: ShellLaunch = { shell: 'cmd', file: process.execPath, args: ['-e', 'process.exit(0)'], verbatim: false };

describe('jobBridge and spawnable', () => {
  it('takes the bridge HOOKD_JOB_BRIDGE names only where it is, and spawns the shell itself otherwise', () => {
    const bridge = path.join(tempDir(), 'hookd-bridge.exe');
    writeFileSync(bridge, '');
    expect(jobBridge({ HOOKD_JOB_BRIDGE: bridge })).toBe(bridge);
    for (const named of ['', path.join(tempDir(), 'gone.exe'), 'relative\u0000nul']) {
      expect(jobBridge({ HOOKD_JOB_BRIDGE: named })).toBeUndefined();
    }
    expect(spawnable(launch, {}, undefined)).toEqual({
      file: launch.file,
      args: launch.args,
      verbatim: false,
      job: false,
    });
    expect(spawnable(launch, {}, bridge)).toMatchObject({ file: bridge, job: true, verbatim: true });
  });
});
