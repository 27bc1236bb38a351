// The intake's periodic check on an inbox it can no longer reach (issue 11: after `chmod 000` of
// the state directory a daemon once died of an uncaught EACCES from the inbox repair, before the
// lifeline could stop it with the reason). Every part of the check fails here, every time: the
// intake goes on checking, says so once (not every 2 s), and nothing escapes as an unhandled rejection (which
// vitest reports as an error of this file). The daemon-level case, stopping with "permission
// denied", is in test/reliability/small-refusals.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { Intake } from '../../src/daemon/pipeline/intake.js';
import { WorkQueue } from '../../src/daemon/pipeline/work-queue.js';
import { createLogger } from '../../src/common/logger.js';
import type { Claim, Inbox } from '../../src/inbox/inbox.js';
import { waitFor } from '../helpers/wait-for.js';

const denied = () => {
  throw Object.assign(new Error("EACCES: permission denied, mkdir '/state/inbox/tmp'"), { code: 'EACCES' });
};

/** An inbox whose every file operation is refused; `repairs` counts the repair attempts. */
function unreachableInbox(repair: () => string[] = denied) {
  const counts = { repairs: 0 };
  const inbox = {
    dirs: {
      root: '/state/inbox',
      tmp: '/state/inbox/tmp',
      new: '/state/inbox/new',
      cur: '/state/inbox/cur',
      rejected: '/state/inbox/rejected',
    },
    unfinished: () => [],
    ensure: denied,
    repair: () => (counts.repairs++, repair()),
    arrivals: denied,
    abandoned: denied,
    claim: denied,
  };
  return { inbox: inbox as unknown as Inbox, counts };
}

function logLines() {
  const lines: Array<{ msg: string; error?: string }> = [];
  const logger = createLogger({ write: (line: string) => void lines.push(JSON.parse(line)) }, 'debug');
  return { logger, lines };
}

let intake: Intake | undefined;
afterEach(() => intake?.stop());

describe('the intake on an inbox it cannot reach', () => {
  it('keeps checking, logs the failing scan once, and never throws out of a check', async () => {
    const { inbox, counts } = unreachableInbox();
    const { logger, lines } = logLines();
    intake = new Intake(inbox, new WorkQueue<Claim>(10), logger, { scanIntervalMs: 5 });
    await intake.start();
    await waitFor('ten checks', () => counts.repairs >= 10);
    expect(lines.filter((line) => line.msg === 'inbox scan failed; trying again every scan')).toHaveLength(1);
    expect(lines.filter((line) => line.msg === 'cannot take abandoned records')).toHaveLength(1);
  });

  it('a check that fails beyond the parts it guards is logged once, and the checks go on', async () => {
    // A repair that answers nothing usable: reading its answer throws outside the repair's own guard.
    const { inbox, counts } = unreachableInbox(() => undefined as unknown as string[]);
    const { logger, lines } = logLines();
    intake = new Intake(inbox, new WorkQueue<Claim>(10), logger, { scanIntervalMs: 5 });
    await intake.start();
    await waitFor('ten checks', () => counts.repairs >= 10);
    const failed = lines.filter((line) => line.msg === 'inbox check failed; trying again every scan');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.error).toMatch(/length/);
  });
});
