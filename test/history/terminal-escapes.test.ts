// Reproduction of issue 21 item 8 (first point): an event name, a session id and a hook's output
// carry terminal control sequences (OSC 52 writes the clipboard, OSC 8 makes a link, ESC[2J clears
// the screen); `hookd history`, `history show`, `history --follow`, `status` and `run` printed them
// to the terminal as they came. Each must print the text around them and not one control byte.
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { testDaemon, stopTestDaemons } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { runHookd, runHookdWithEnv } from '../helpers/run-hookd.js';
import { HOOKD } from '../helpers/paths.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const CLIPBOARD = '\x1b]52;c;cm0gLXJmIH4K\x07';
const LINK = '\x1b]8;;https://evil.example/\x1b\\';
const CLEAR = '\x1b[2J\x1b[H';
// Any control byte but newline and tab: ESC, BEL, CR, C1 controls.
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

// A payload whose event name and session id carry sequences, and a hook that prints some on both streams.
const payload = JSON.stringify({ hook_event_name: `Stop${CLIPBOARD}${CLEAR}`, session_id: `sess${LINK}ion` });
const HOOK = String.raw`printf 'out-before\033]52;c;cm0gLXJmIH4K\007\033[2Jout-after\n'; printf 'err-before\033]8;;https://evil.example/\033\\err-after\n' >&2; exit 1`;

describe('issue 21 item 8: what the CLI prints from runs is cleaned of control sequences', () => {
  it('history, history show, history --follow and status print the text and no control byte', async () => {
    const daemon = testDaemon();
    await daemon.start();
    const follow = execa(HOOKD, ['history', '--follow'], {
      env: daemon.env,
      extendEnv: false,
      reject: false,
      buffer: false,
    });
    let followed = '';
    follow.stdout?.on('data', (chunk: Buffer) => (followed += chunk.toString()));
    try {
      // The stream may open after the first event: emit until one comes through.
      await waitFor('a run streamed to hookd history --follow', async () => {
        await daemon.emit(HOOK, payload);
        await new Promise((resolve) => setTimeout(resolve, 300));
        return followed.includes('\n');
      });
    } finally {
      follow.kill('SIGTERM');
      await follow;
    }
    // The run itself, not a repeat of its event the daemon set aside as a duplicate (on a loaded
    // machine the repeat is recorded while the first still runs).
    const ran = await waitFor('the run in the history', () =>
      daemon.history().find((entry) => entry.outcome === 'failed'),
    );
    // The history keeps what came, byte for byte: only the printing cleans.
    expect(ran).toMatchObject({ event: `Stop${CLIPBOARD}${CLEAR}`, stderr: expect.stringContaining('\x1b]8;;') });
    const id = String(ran.eventId);

    const printed = {
      follow: followed,
      history: (await runHookdWithEnv(['history'], daemon.env)).stdout,
      show: (await runHookdWithEnv(['history', 'show', id], daemon.env)).stdout,
      status: (await runHookdWithEnv(['status'], daemon.env)).stdout,
    };
    for (const [what, text] of Object.entries(printed)) {
      expect(text, what).not.toMatch(CONTROL);
      expect(text, what).toMatch(/Stop[ (]/);
      // Emitted until the stream saw one: the later ones are duplicates of the first.
      if (what !== 'follow') expect(text, what).toContain('failed (exit 1)');
    }
    expect(printed.show).toContain('(session session)');
    expect(printed.show).toContain('    out-beforeout-after');
    expect(printed.show).toContain('    err-beforeerr-after');
    expect(printed.status).toContain('      err-beforeerr-after');
  });

  it('hookd run prints the failing line of a hook without its sequences', async () => {
    const file = path.join(tempDir(), 'settings.json');
    writeFileSync(file, JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: HOOK }] }] } }));
    const result = await runHookd(['run', 'Stop', '--settings', file]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).not.toMatch(CONTROL);
    expect(result.stdout).toMatch(/failed \(exit 1\) .* — err-beforeerr-after$/m);
    // An error message that quotes what it was given (here an event name) is cleaned too.
    const refused = await runHookd(['run', `Stpo${CLIPBOARD}`, '--settings', file]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).not.toMatch(CONTROL);
    expect(refused.stderr).toMatch(/^hookd: unknown event "Stpo"/);
  });
});
