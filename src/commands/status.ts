// `hookd status`: the daemon's state from GET /status; when the daemon is not running, say so
// plainly and count the events waiting for it in the inbox.
import { Inbox } from '../inbox/inbox.js';
import { requestDaemon } from '../server/socket-client.js';
import { resolvePaths } from '../common/paths.js';
import { silentHooksOf } from './silent-hooks.js';
import { COUNTED_KINDS } from '../settings/entry-kinds.js';
import { CheckFailed } from '../common/errors.js';
import { describeOutcome, tellingHead } from '../runs/outcome.js';
import { StatusSchema, readAnswer, type DaemonStatus } from '../server/local-api-schemas.js';
import { cleanLine } from '../common/terminal/clean-text.js';
import { missingSaid } from '../server/loopback-addresses.js';
import { columns, type Cell } from '../common/terminal/columns.js';
import { coloursFor, type Colours } from '../common/terminal/colours.js';
import { localTime } from '../common/terminal/local-time.js';
import { clientOf, oneLine, outcomePaint } from './history-format.js';
import type { HistoryEntry } from '../history/history.js';
import type { CannotRun } from '../cannot-run/cannot-run.js';
import { describeCannotRun, describeUnfired } from '../cannot-run/describe-cannot-run.js';
import type { UnfiredHook } from '../history/did-not-fire.js';

export interface StatusOptions {
  stateDir?: string;
  socket?: string;
  json?: boolean;
}

type Status = DaemonStatus;

// One run as a row: time, client, event, outcome, command (and its id, for the failures).
function entryRow(entry: HistoryEntry, colours: Colours, withId: boolean): Cell[] {
  const row: Cell[] = [
    localTime(entry.time),
    clientOf(entry),
    oneLine(entry.event || '?', 40),
    { text: oneLine(describeOutcome(entry.outcome, entry), 100), paint: outcomePaint(colours, entry.outcome) },
    oneLine(entry.command, 60),
  ];
  return withId ? [...row, { text: entry.eventId, paint: colours.dim }] : row;
}

// How each kind of entry reads in the split of a file's hooks (its row's name: settings/entry-kinds.ts).
const NAMED: ReadonlyMap<string, string> = new Map(COUNTED_KINDS.map(({ kind, named }) => [kind, named]));

// `3 daemon hook(s)`, split by kind when some do not go through hookd emit: `(2 hookd emit, 1 hookd sync)`.
function hooksSaid(count: number, byKind: Readonly<Record<string, number>> = {}): string {
  const kinds = Object.entries(byKind).filter(([, n]) => n > 0);
  const split = kinds.some(([kind]) => kind !== 'bridge')
    ? ` (${kinds.map(([kind, n]) => `${n} ${NAMED.get(kind) ?? kind}`).join(', ')})`
    : '';
  return `${count} daemon hook(s)${split}`;
}

function settingsLines(status: Status): string[] {
  const { files } = status.settings;
  const present = files.filter((file) => !file.missing);
  if (present.length === 0)
    return [`settings:  none of the followed files exists yet (${files.map((file) => file.path).join(', ')})`];
  return present.flatMap((file, i) => {
    const client = file.client === 'generic' ? '' : ` (${file.client})`;
    const state = file.ignored
      ? `not read: ${cleanLine(file.ignored)}`
      : `${hooksSaid(file.daemonHooks, file.hooksByKind)}, loaded ${file.loadedAt ? localTime(file.loadedAt) : 'never'}`;
    const lines = [`${i === 0 ? 'settings:' : ''.padEnd(9)}  ${cleanLine(file.path)}${client}, ${state}`];
    // What the client skips in the file, and hookd with it: said while the file stays so.
    lines.push(...(file.dropped ?? []).map((message) => `           skipped: ${cleanLine(message)}`));
    if (file.lastError)
      lines.push(
        `           last reload FAILED at ${localTime(file.lastReloadAt)}; keeping the last good config:`,
        ...file.lastError.map((e) => `             ${cleanLine(e)}`),
      );
    return lines;
  });
}

// Said first and in red for as long as it lasts: another process answers the http hooks sent to an address the listener lacks.
function loopbackLines(status: Status, colours: Colours): string[] {
  return (status.loopback?.missing ?? []).map((missing) =>
    colours.red(colours.bold(`WARNING: ${missingSaid(missing)}`)),
  );
}

function render(status: Status): string {
  const colours = coloursFor();
  const lines = [
    `hookd ${status.version} running (pid ${status.pid}, up ${Math.round(status.uptimeMs / 1000)}s)`,
    ...loopbackLines(status, colours),
    ...settingsLines(status),
  ];
  if (status.bridge) lines.push(`bridge:    ${status.bridge.summary}`);
  lines.push(
    `queue:     ${status.queue.running} running, ${status.queue.pending} queued, ${status.queue.waitingInInbox} in the inbox`,
  );
  const counts = Object.entries(status.counts)
    .map(([outcome, count]) => `${outcome} ${count}`)
    .join(', ');
  lines.push(`outcomes:  ${counts || 'none yet'}`);
  lines.push(
    ...columns(
      status.recent.map((entry) => entryRow(entry, colours, false)),
      { indent: '  ' },
    ),
  );
  lines.push(...failureLines(status.failures ?? [], colours));
  lines.push(...cannotRunLines(status, colours));
  lines.push(...unfiredLines(status, colours));
  return lines.join('\n');
}

// Configured hooks their client will not run (cannot-run/), in red: nothing else says so.
function cannotRunLines(status: Status, colours: Colours): string[] {
  const rows = (status.cannotRun ?? []) as CannotRun[];
  if (rows.length === 0) return [];
  return [
    colours.red(
      `will not run (${rows.length}): configured hooks their client skips or cannot start, and says nothing:`,
    ),
    ...rows.map((row) => `  ${cleanLine(describeCannotRun(row))}`),
  ];
}

// Configured hooks that did not fire where their siblings did (history/did-not-fire.ts).
function unfiredLines(status: Status, colours: Colours): string[] {
  const hooks = (status.didNotFire ?? []) as UnfiredHook[];
  if (hooks.length === 0) return [];
  return [
    colours.red(
      `silent hooks (${hooks.length}): configured, and did not fire where the client ran the others of their event:`,
    ),
    ...hooks.map((hook) => `  ${cleanLine(describeUnfired(hook))}`),
  ];
}

// The last failures, each with the telling lines of its stderr (runs/outcome.ts) and its id.
function failureLines(failures: readonly HistoryEntry[], colours: Colours): string[] {
  if (failures.length === 0) return [];
  const rows = columns(
    failures.map((entry) => entryRow(entry, colours, true)),
    { indent: '  ' },
  );
  return [
    'last failures (hookd history show ID for one whole):',
    ...failures.flatMap((entry, i) => {
      const stderr = entry.stderr ? tellingHead(entry.stderr, 3) : '';
      return [rows[i]!, ...(stderr ? stderr.split('\n').map((line) => `      ${oneLine(line, 160)}`) : [])];
    }),
  ];
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
    throw new CheckFailed(
      `the daemon is not running (no answer on ${paths.socket}: ${why}); ${waiting} event(s) wait in the inbox. Start it with: hookd daemon`,
    );
  }
  const status = readAnswer(StatusSchema, response, 'GET /status');
  // --json prints the answer as it came, fields this version does not know included.
  // Read from the history here, not asked of the daemon: advice about hooks that never decide (issue 19).
  const silent = silentHooksOf(paths.stateDir);
  if (options.json)
    process.stdout.write(
      `${JSON.stringify({ running: true, ...(response.body as object), neverDecides: silent.hooks }, null, 2)}\n`,
    );
  else process.stdout.write(`${render(status)}\n${silent.lines.map((line) => `note: ${line}\n`).join('')}`);
}
