// The end of every doctor probe, however it was sent: the daemon's history has the probe's run,
// and it succeeded. Polled on the unix socket until `timeoutMs`.
import { requestDaemon } from '../server/socket-client.js';
import { describeOutcome, meaningOf } from '../runs/outcome.js';
import type { HistoryEntry } from '../history/history.js';
import type { Paths } from '../common/paths.js';

export type ProbeRun = { ran: true; entry: HistoryEntry } | { ran: false; detail: string } | undefined;

/** The probe run of `command`: succeeded, failed (why), or undefined when none came within `timeoutMs`. */
export async function awaitProbeRun(paths: Paths, command: string, timeoutMs: number): Promise<ProbeRun> {
  const started = Date.now();
  for (;;) {
    const recent = await requestDaemon(paths.socket, 'GET', '/events?limit=200');
    const entry = (recent.body as { events?: HistoryEntry[] }).events?.find((event) => event.command === command);
    if (entry)
      return meaningOf(entry.outcome).failed
        ? { ran: false, detail: `the probe hook did not succeed: ${describeOutcome(entry.outcome, entry)}` }
        : { ran: true, entry };
    if (Date.now() - started > timeoutMs) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
