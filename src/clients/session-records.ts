// The sessions a client keeps its own record of, so that hookd can tell "the client ran a session"
// from "no hook ran in it". Each record's name holds the id the client's hook payloads carry as
// session_id (checked with the real binaries: test/clients/session-records-real.test.ts):
// - Claude Code: ~/.claude/projects/<folder>/<session id>.jsonl
// - Codex: ~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<session id>.jsonl (0.169)
// - Droid: ~/.factory/sessions/<folder>/<session id>.jsonl, beside <session id>.settings.json (0.225)
// - Copilot CLI: ~/.copilot/session-state/<session id>/events.jsonl ($COPILOT_HOME when set; 1.0.102)
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** A session the client recorded: its id, the client, and when its record last changed (ms). */
export interface RecordedSession {
  client: string;
  session: string;
  at: number;
  record: string;
}

// The newest sessions looked at, per client: a hook that stopped firing matters lately, not a year ago.
const NEWEST = 200;

const UUID_AT_END = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/;

/** Called with each folder read, before it is read: the daemon keeps what it learnt until one of them changes. */
export type LookedAt = (dir: string) => void;

const folders = async (dir: string, lookedAt: LookedAt): Promise<string[]> =>
  (lookedAt(dir), await readdir(dir, { withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(dir, entry.name));

/** The `.jsonl` records of `dirs` as sessions of `client`, the id taken from each name by `idOf`. */
async function recordsIn(
  client: string,
  dirs: readonly string[],
  idOf: (name: string) => string | undefined,
  lookedAt: LookedAt,
): Promise<RecordedSession[]> {
  const found = await Promise.all(
    dirs.map(async (dir) => {
      lookedAt(dir);
      const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.jsonl'));
      return Promise.all(
        names.flatMap((name) => {
          const session = idOf(name);
          if (!session) return [];
          const record = path.join(dir, name);
          return [
            stat(record).then(
              (info) => ({ client, session, at: info.mtimeMs, record }),
              () => ({ client, session, at: 0, record }),
            ),
          ];
        }),
      );
    }),
  );
  return found
    .flat()
    .sort((a, b) => b.at - a.at)
    .slice(0, NEWEST);
}

// The folder each client keeps its records under.
const claudeRoot = (home: string) => path.join(home, '.claude', 'projects');
const droidRoot = (home: string) => path.join(home, '.factory', 'sessions');
const codexRoot = (home: string) => path.join(process.env.CODEX_HOME ?? path.join(home, '.codex'), 'sessions');
const copilotRoot = (home: string) =>
  path.join(process.env.COPILOT_HOME ?? path.join(home, '.copilot'), 'session-state');

/** Claude Code's recorded sessions under `home`, newest first. */
export async function claudeSessions(home: string, lookedAt: LookedAt = () => {}): Promise<RecordedSession[]> {
  return recordsIn(
    'claude',
    await folders(claudeRoot(home), lookedAt),
    (name) => name.slice(0, -'.jsonl'.length),
    lookedAt,
  );
}

/** Droid's recorded sessions under `home`, newest first. */
export async function droidSessions(home: string, lookedAt: LookedAt = () => {}): Promise<RecordedSession[]> {
  return recordsIn('droid', await folders(droidRoot(home), lookedAt), (name) => UUID_AT_END.exec(name)?.[1], lookedAt);
}

// Codex files its records by day: the newest days are read first, and older ones only while fewer than NEWEST were found.
const DAYS_LOOKED_AT = 60;

/** Codex's recorded sessions under `home` ($CODEX_HOME when set), newest first. */
export async function codexSessions(home: string, lookedAt: LookedAt = () => {}): Promise<RecordedSession[]> {
  const root = codexRoot(home);
  const newestFirst = async (dir: string) => (await folders(dir, lookedAt)).sort().reverse();
  const days: string[] = [];
  for (const year of await newestFirst(root)) {
    for (const month of await newestFirst(year)) {
      days.push(...(await newestFirst(month)));
      if (days.length >= DAYS_LOOKED_AT) break;
    }
    if (days.length >= DAYS_LOOKED_AT) break;
  }
  return recordsIn(
    'codex',
    days.slice(0, DAYS_LOOKED_AT),
    (name) => (name.startsWith('rollout-') ? UUID_AT_END.exec(name)?.[1] : undefined),
    lookedAt,
  );
}

/** Copilot CLI's recorded sessions under `home` ($COPILOT_HOME when set), newest first. */
export async function copilotSessions(home: string, lookedAt: LookedAt = () => {}): Promise<RecordedSession[]> {
  const dirs = await folders(copilotRoot(home), lookedAt);
  const withId = dirs.filter((dir) => UUID_AT_END.test(`${path.basename(dir)}.jsonl`));
  // One record per folder, events.jsonl, named by the folder: the id is the folder's name.
  const found = await Promise.all(
    withId.map((dir) =>
      recordsIn('copilot', [dir], (name) => (name === 'events.jsonl' ? path.basename(dir) : undefined), lookedAt),
    ),
  );
  return found
    .flat()
    .sort((a, b) => b.at - a.at)
    .slice(0, NEWEST);
}

/** Every client's recorded sessions under `home`; `lookedAt` hears of each folder read. */
export async function recordedSessions(home: string, lookedAt: LookedAt = () => {}): Promise<RecordedSession[]> {
  return (
    await Promise.all([
      claudeSessions(home, lookedAt),
      codexSessions(home, lookedAt),
      droidSessions(home, lookedAt),
      copilotSessions(home, lookedAt),
    ])
  ).flat();
}
