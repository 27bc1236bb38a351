// Writes a hook command as a bridge entry, of either bridge. The client's shell reads the whole
// command line before the bridge sees it, so CMD must reach `hookd emit` or `hookd sync` as one
// word, untouched: a single-quoted word, where the shell expands nothing, with each embedded `'`
// written as `'\''`. The bridges' options are spelled by their one table (clients/bridge-options.ts).
// Each entry is written in the guarded form, which runs CMD itself where the client's shell finds
// no hookd (settings/fallback-entry.ts, issue 29).
import { shellQuote } from '../common/shell-word.js';
import { SYNC_OPTIONS } from '../clients/bridge-options.js';
import { withFallback } from '../settings/fallback-entry.js';

/** A word for the command line: as it is when plain, else single-quoted. */
const word = (value: string) => (/^[A-Za-z0-9_./:=+-]+$/.test(value) ? value : shellQuote(value));

/** The bridge entry that makes the daemon run `command`: `… hookd emit [OPTIONS] -- 'command'; command`. */
export function wrapCommand(command: string, emitOptions: readonly string[] = []): string {
  return withFallback(['hookd emit', ...emitOptions.map(word), '--', shellQuote(command)].join(' '), command);
}

/** What the synchronous bridge is told besides CMD: the client (its contract reads the answer), the event, and the entry's timeout. */
export interface SyncWrap {
  /** The client's profile id; absent for a file of no known client. */
  client?: string;
  event: string;
  /** The client's timeout for the entry, in seconds: hookd ends the hook a little before it. */
  timeoutSec: number;
  /** Options written before the others (`--state-dir DIR` when the state is not in its default place). */
  bridgeOptions?: readonly string[];
  /** The hook speaks the canonical form (HIF): written `--canonical`, so the bridge translates its answer. */
  canonical?: boolean;
  /** A warm handler (`--warm`, which implies --canonical): the daemon keeps it running and answers from it. */
  warm?: boolean;
}

/** The sync entry that runs `command` in line: `… hookd sync [--state-dir DIR] [--canonical] [--client ID] --event NAME --timeout SEC -- 'command'; command`. */
export function syncCommand(command: string, wrap: SyncWrap): string {
  return withFallback(['hookd sync', ...syncOptions(wrap).map(word), '--', shellQuote(command)].join(' '), command);
}

/** The sync bridge's words before `--` for `wrap`, unquoted: `[--state-dir DIR] [--canonical] [--client ID] --event NAME --timeout SEC`. */
export function syncOptions(wrap: SyncWrap): string[] {
  const { client, event, timeout, canonical, warm } = SYNC_OPTIONS;
  return [
    ...(wrap.bridgeOptions ?? []),
    ...(wrap.warm ? [warm.flag] : wrap.canonical ? [canonical.flag] : []),
    ...(wrap.client ? [client.flag, wrap.client] : []),
    event.flag,
    wrap.event,
    timeout.flag,
    String(wrap.timeoutSec),
  ];
}

/** A path as the first word of a command: `~/…` stays unquoted so sh expands it; anything unusual is quoted. */
export function commandPath(file: string, home: string): string {
  const underHome = file.startsWith(`${home}/`) ? file.slice(home.length + 1) : undefined;
  const rest = underHome ?? file;
  const safe = /^[A-Za-z0-9_./+-]+$/.test(rest) ? rest : shellQuote(rest);
  return underHome !== undefined ? `~/${safe}` : safe;
}
