// Both bridges refuse a state directory another user owns, as the daemon does
// (src/daemon/state-dir.ts): the event would be theirs to read. bin/hookd's sh path checks it with
// `[ ! -O "$state" ]`; the Node path (HOOKD_BRIDGE_NODE=1, or dist/bin.js run directly) once did
// not. Same words, exit 0 (the bridge never fails the agent), nothing stored or created there.
//
// A directory of another user's needs a second local user, and creating one needs root: CI runs as
// root. Elsewhere these tests do not run.
import { afterEach, describe, expect, it } from 'vitest';
import { chownSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { EMIT_WAYS } from '../helpers/emit-ways.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { stopPayload } from '../helpers/daemon-process.js';
import { isRoot, otherUser } from '../helpers/second-user.js';

afterEach(cleanupTempDirs);

describe('a state directory another user owns', () => {
  for (const way of EMIT_WAYS) {
    // Needs a second local user: see the note at the top of this file.
    it.runIf(isRoot)(
      `the ${way.name} bridge refuses it with one line, exit 0, nothing stored; its own is taken`,
      async () => {
        const uid = await otherUser();
        const state = path.join(tempDir(), 'state');
        mkdirSync(state, { mode: 0o700 });
        chownSync(state, uid, uid);
        const env = { HOOKD_STATE_DIR: state, PATH: process.env.PATH!, ...way.env };
        const refused = await execa(way.hookd, ['emit', '--', 'true'], {
          env,
          extendEnv: false,
          input: stopPayload(),
          reject: false,
        });
        expect(refused).toMatchObject({
          exitCode: 0,
          stdout: '',
          stderr: `hookd emit: the state directory ${state} belongs to another user; the event was not stored`,
        });
        // Refused before anything is made there: not even the inbox folders.
        expect(readdirSync(state)).toEqual([]);
        const inboxNew = path.join(state, 'inbox', 'new');
        chownSync(state, process.getuid!(), process.getgid!());
        const taken = await execa(way.hookd, ['emit', '--', 'true'], {
          env,
          extendEnv: false,
          input: stopPayload(),
          reject: false,
        });
        expect(taken).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
        expect(readdirSync(inboxNew)).toHaveLength(1);
      },
    );
  }
});
