// Configured, and did not fire (issue 30, item 2): in a session where an event of a client ran some
// of the hooks hookd handles, a hook hookd handles, configured for the same client and event and
// matching the same payload, that has no run there. "The same payload" is known without the
// payload: a hook with no matcher (or `*`) matches every one, and a hook whose matcher is the same
// string as one that ran matched the very payload that one did. Sessions whose runs came before
// the hook's file last changed do not count: the hook may not have been there yet. And where a
// client keeps its own record of sessions (Claude Code's transcripts), a session it ran in which
// hookd saw no run of that client at all misses every hook of an event that fires in each session.
import type { HistoryEntry } from '../runs/history-line.js';
import type { HookEntry } from '../settings/config.js';

/** A configured hook that did not fire where its siblings did (a type: it travels in GET /status's loose schema). */
export type UnfiredHook = {
  client: string;
  event: string;
  /** The command that would have run (a bridge entry's inner command), its file and its place there. */
  command: string;
  file: string;
  location: string;
  /** The sessions where the event ran other hooks of the client and not this one, newest first (at most 10). */
  sessions: string[];
  /** The likeliest cause, from the client's files (cannot-run/), or what to try when none is found. */
  cause: string;
  /** How hookd knows: its other hooks of the event ran (`siblings`), or the client recorded the session and no hook of it reached hookd (`client-record`). */
  evidence: ('siblings' | 'client-record')[];
};

/** What of a run the lists read: who ran it, where, and when. */
export type RunSeen = Pick<HistoryEntry, 'probe' | 'client' | 'session' | 'event' | 'command' | 'time'>;

const MAX_SESSIONS = 10;
const matchesAll = (matcher: string | undefined) => matcher === undefined || matcher === '' || matcher === '*';

/**
 * The hooks of `configured` (those the daemon runs) missing from sessions of `history` where their
 * siblings ran; `changedAt` gives each file's last change (ms), `causeOf` the likeliest cause.
 */
export function hooksThatDidNotFire(
  history: Iterable<RunSeen>,
  configured: readonly HookEntry[],
  changedAt: (file: string) => number,
  causeOf: (entry: HookEntry) => string,
): UnfiredHook[] {
  // Per client, event and session: the commands that ran and the time of the latest run.
  const ran = new Map<string, { commands: Set<string>; latest: number; session: string }>();
  for (const entry of history) {
    if (entry.probe || !entry.client || !entry.session) continue;
    const key = `${entry.client}\0${entry.event}\0${entry.session}`;
    const seen = ran.get(key) ?? { commands: new Set(), latest: 0, session: entry.session };
    seen.commands.add(entry.command);
    seen.latest = Math.max(seen.latest, Date.parse(entry.time) || 0);
    ran.set(key, seen);
  }
  const found: UnfiredHook[] = [];
  for (const hook of configured) {
    const siblings = configured.filter(
      (other) =>
        other !== hook &&
        other.client.id === hook.client.id &&
        other.event === hook.event &&
        (matchesAll(hook.matcher) || other.matcher === hook.matcher),
    );
    const since = changedAt(hook.file);
    const sessions = [...ran]
      .filter(
        ([key, seen]) =>
          key.startsWith(`${hook.client.id}\0${hook.event}\0`) &&
          seen.latest > since &&
          !seen.commands.has(hook.run) &&
          siblings.some((sibling) => seen.commands.has(sibling.run)),
      )
      .sort(([, a], [, b]) => b.latest - a.latest)
      .map(([, seen]) => seen.session);
    if (sessions.length)
      found.push({
        client: hook.client.id,
        event: hook.event,
        command: hook.run,
        file: hook.file,
        location: hook.location,
        sessions: sessions.slice(0, MAX_SESSIONS),
        cause: causeOf(hook),
        evidence: ['siblings'],
      });
  }
  return found;
}

/** A session the client itself recorded (clients/session-records.ts). */
export interface ClientSession {
  client: string;
  session: string;
  at: number;
}

// Events that fire in every session a client records: Claude Code's SessionStart (without a
// matcher) at its start, and Stop at the end of each turn (its matcher is ignored); Codex's Stop;
// Droid's Stop and SessionEnd (both in `droid exec` too, checked with the 0.225 binary); Copilot
// CLI's agentStop and Stop (its PascalCase name), in `copilot -p` too (1.0.102).
const EVERY_SESSION: Readonly<Record<string, readonly string[]>> = {
  claude: ['SessionStart', 'Stop'],
  codex: ['Stop'],
  droid: ['Stop', 'SessionEnd'],
  copilot: ['agentStop', 'Stop'],
};

/** A session whose record changed this recently may still be in its first turn, before its Stop. */
export const SETTLED_MS = 30_000;

/**
 * The hooks of `configured` on an event that fires in every session, for sessions the client
 * recorded (after the hook's file last changed) in which hookd saw no run of that client at all.
 */
export function hooksSilentInRecordedSessions(
  history: Iterable<RunSeen>,
  sessions: readonly ClientSession[],
  configured: readonly HookEntry[],
  changedAt: (file: string) => number,
  causeOf: (entry: HookEntry) => string,
): UnfiredHook[] {
  const seen = new Set<string>();
  for (const entry of history) if (entry.client && entry.session) seen.add(`${entry.client}\0${entry.session}`);
  const found: UnfiredHook[] = [];
  const settled = Date.now() - SETTLED_MS;
  for (const hook of configured) {
    const always = EVERY_SESSION[hook.client.id] ?? [];
    if (!always.includes(hook.event) || (hook.event === 'SessionStart' && !matchesAll(hook.matcher))) continue;
    const since = changedAt(hook.file);
    const missed = sessions
      .filter(
        (s) => s.client === hook.client.id && s.at > since && s.at < settled && !seen.has(`${s.client}\0${s.session}`),
      )
      .map((s) => s.session);
    if (missed.length)
      found.push({
        client: hook.client.id,
        event: hook.event,
        command: hook.run,
        file: hook.file,
        location: hook.location,
        sessions: missed.slice(0, MAX_SESSIONS),
        cause: causeOf(hook),
        evidence: ['client-record'],
      });
  }
  return found;
}
