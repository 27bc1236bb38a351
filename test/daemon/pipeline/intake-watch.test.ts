// Issue 24: the intake checks the inbox when a watch says something changed, not on a 2 s clock
// (an idle daemon woke for it every 2 s). With the periodic check an hour apart, only the watches
// can bring a deleted folder back, or the whole inbox, and the records committed after it.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, rmSync } from 'node:fs';
import { execa } from 'execa';
import { Intake } from '../../../src/daemon/pipeline/intake.js';
import { WorkQueue } from '../../../src/daemon/pipeline/work-queue.js';
import { Inbox, type Claim } from '../../../src/inbox/inbox.js';
import { createLogger } from '../../../src/common/logger.js';
import { HOOKD } from '../../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../../helpers/temp-dir.js';
import { waitFor } from '../../helpers/wait-for.js';

const AN_HOUR = 3_600_000;
let intake: Intake | undefined;
afterEach(() => {
  intake?.stop();
  cleanupTempDirs();
});

/** An opened inbox, its intake started with the periodic check an hour away, and its log lines. */
async function watchedInbox() {
  const state = tempDir();
  const inbox = new Inbox(state);
  inbox.open();
  const queue = new WorkQueue<Claim>(10);
  const lines: Array<{ msg: string }> = [];
  intake = new Intake(
    inbox,
    queue,
    createLogger({ write: (line: string) => void lines.push(JSON.parse(line)) }, 'debug'),
    { scanIntervalMs: AN_HOUR },
  );
  await intake.start();
  // The bridge as the client runs it: a record written and committed into this state directory.
  const emit = (n: number) =>
    execa(HOOKD, ['emit', '--', `echo ${n}`], {
      input: JSON.stringify({ session_id: 's', hook_event_name: 'Stop', n }),
      env: { HOOKD_STATE_DIR: state },
    });
  const claimed = async () => {
    const read = inbox.read((await queue.take())!.key);
    return read.ok ? read.record.command : read.reason;
  };
  return { inbox, lines, emit, claimed };
}

describe('the intake, woken by its watches', () => {
  it('claims a committed record at once', async () => {
    const { emit, claimed } = await watchedInbox();
    await emit(1);
    expect(await claimed()).toBe('echo 1');
  });

  it('makes a deleted folder again, then the whole inbox, and claims what comes after each', async () => {
    const { inbox, lines, emit, claimed } = await watchedInbox();
    rmSync(inbox.dirs.cur, { recursive: true });
    await waitFor('cur/ to be made again', () => existsSync(inbox.dirs.cur));
    await emit(2);
    expect(await claimed()).toBe('echo 2');

    rmSync(inbox.dirs.root, { recursive: true });
    await waitFor('the inbox to be made again', () =>
      [inbox.dirs.tmp, inbox.dirs.new, inbox.dirs.cur, inbox.dirs.rejected].every((dir) => existsSync(dir)),
    );
    await emit(3);
    expect(await claimed()).toBe('echo 3');
    expect(lines.filter((line) => /deleted while the daemon ran; recreated/.test(line.msg))).toHaveLength(2);
  });
});
