// `hookd status`: the daemon's state from GET /status; when the daemon is not running, say so
// plainly and count the events waiting for it in the inbox.
import { Inbox } from '../events/inbox.js';
import { requestDaemon } from '../daemon/socket-client.js';
import { resolvePaths } from '../common/paths.js';
import { CheckFailed } from '../common/errors.js';
import { describeOutcome } from '../runner/outcome.js';
import { StatusSchema, readAnswer, type DaemonStatus } from '../daemon/local-api-schemas.js';
import type { HistoryEntry } from '../history/history.js';

export interface StatusOptions {
  stateDir?: string;
  socket?: string;
  json?: boolean;
}

type Status = DaemonStatus;

const outcomeText = (entry: HistoryEntry) => describeOutcome(entry.outcome, entry);

function render(status: Status): string {
  const settings = status.settings;
  const lines = [`hookd ${status.version} running (pid ${status.pid}, up ${Math.round(status.uptimeMs / 1000)}s)`];
  const present = settings.files.filter((file) => !file.missing);
  present.forEach((file, i) => {
    const client = file.client === 'generic' ? '' : ` (${file.client})`;
    const state = file.ignored ? `not read: ${file.ignored}` : `${file.daemonHooks} daemon hook(s), loaded ${file.loadedAt ?? 'never'}`;
    lines.push(`${i === 0 ? 'settings:' : ''.padEnd(9)}  ${file.path}${client}, ${state}`);
    if (file.lastError) lines.push(`           last reload FAILED at ${file.lastReloadAt}; keeping the last good config:`, ...file.lastError.map((e) => `             ${e}`));
  });
  if (present.length === 0) lines.push(`settings:  none of the followed files exists yet (${settings.files.map((file) => file.path).join(', ')})`);
  lines.push(`queue:     ${status.queue.running} running, ${status.queue.pending} queued, ${status.queue.waitingInInbox} in the inbox`);
  const counts = Object.entries(status.counts).map(([outcome, count]) => `${outcome} ${count}`).join(', ');
  lines.push(`outcomes:  ${counts || 'none yet'}`);
  for (const entry of status.recent) lines.push(`  ${entry.time}  ${entry.event.padEnd(12)} ${outcomeText(entry).padEnd(18)} ${entry.command}`);
  lines.push(...failureLines(status.failures ?? []));
  return lines.join('\n');
}

// The last failures, each with the first lines of its stderr and the command that shows it whole.
function failureLines(failures: readonly HistoryEntry[]): string[] {
  if (failures.length === 0) return [];
  const lines = ['last failures (hookd history show ID for one whole):'];
  for (const entry of failures) {
    lines.push(`  ${entry.time}  ${entry.event.padEnd(12)} ${outcomeText(entry).padEnd(18)} ${entry.command}  ${entry.eventId}`);
    const stderr = (entry.stderr ?? '').trimEnd();
    if (stderr) lines.push(...stderr.split('\n').slice(0, 3).map((line) => `      ${line.length > 160 ? `${line.slice(0, 159)}…` : line}`));
  }
  return lines;
}

/** Print the daemon's status; exit 1 when it is not running. */
export async function statusCommand(options: StatusOptions): Promise<void> {
  const paths = resolvePaths(options);
  let response;
  try {
    response = await requestDaemon(paths.socket, 'GET', '/status');
  } catch (error) {
    const waiting = new Inbox(paths.stateDir).waiting();
    if (options.json) {
      process.stdout.write(`${JSON.stringify({ running: false, socket: paths.socket, waitingInInbox: waiting })}\n`);
      process.exitCode = 1;
      return;
    }
    const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new CheckFailed(`the daemon is not running (no answer on ${paths.socket}: ${why}); ${waiting} event(s) wait in the inbox. Start it with: hookd daemon`);
  }
  const status = readAnswer(StatusSchema, response, 'GET /status');
  // --json prints the answer as it came, fields this version does not know included.
  if (options.json) process.stdout.write(`${JSON.stringify({ running: true, ...(response.body as object) }, null, 2)}\n`);
  else process.stdout.write(`${render(status)}\n`);
}
