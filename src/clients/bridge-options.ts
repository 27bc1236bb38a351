// The bridges' options, written once: the words a client's entry puts between `hookd emit` (or
// `hookd sync`) and `--`. Every reader of an entry asks this table: the Node bridges parse their
// words with it, the command table prints its help from it, the settings classifier reads entries
// with it, and the sh bridge (bin/hookd) and the native one (native/) get their lists generated from
// it (scripts/generate-sh-lists.mjs, scripts/build-native.mjs): they cannot load this at run time.
// It sits beside the profiles, at the bottom of the imports, so each of those can import it.

/** One option of a bridge: its flag, and the placeholder of its value in help (none for a switch). */
export interface BridgeOption {
  flag: `--${string}`;
  value?: string;
  help: string;
}

const stateDir = {
  flag: '--state-dir',
  value: 'dir',
  help: 'hookd state directory (env HOOKD_STATE_DIR)',
} as const satisfies BridgeOption;
// The hook speaks the Hook Interchange Format's canonical form (docs/bridges.md): it gets the
// canonical fields beside the client's payload, and `hookd sync` hands the client its answer in the client's own terms.
const canonical = {
  flag: '--canonical',
  help: "the hook speaks the canonical form (HIF hooks/0.1): it gets the HOOKD_HIF_* fields, and its answer is translated into the client's terms",
} as const satisfies BridgeOption;

/** `hookd emit`'s options (the asynchronous bridge). */
export const EMIT_OPTIONS = {
  stateDir,
  event: {
    flag: '--event',
    value: 'name',
    help: "the event, for a client whose payloads do not name it (Copilot CLI's camelCase events)",
  },
  payloadArg: {
    flag: '--payload-arg',
    help: "the event is the last argument instead of stdin (Codex's notify program)",
  },
  canonical,
} as const satisfies Record<string, BridgeOption>;

/** `hookd sync`'s options (the synchronous bridge). */
export const SYNC_OPTIONS = {
  stateDir,
  client: {
    flag: '--client',
    value: 'id',
    help: "whose contract a timeout and a silent hook follow (default: from the client's variables)",
  },
  event: {
    flag: '--event',
    value: 'name',
    help: "the event, for payloads that do not name it (default: the payload's hook_event_name)",
  },
  timeout: {
    flag: '--timeout',
    value: 'seconds',
    help: "the client's timeout for this hook; hookd ends it a little earlier (default: the client's)",
  },
  canonical,
  // A warm handler (docs/bridges.md, "Warm handlers"): the daemon keeps CMD running and the bridge asks
  // it first; CMD speaks the canonical form either way, and runs cold when the daemon cannot answer.
  warm: {
    flag: '--warm',
    help: 'the hook is a warm handler: the daemon keeps it running and answers from it; it runs cold (in line) whenever the daemon cannot; implies --canonical',
  },
} as const satisfies Record<string, BridgeOption>;

export type BridgeOptions = Readonly<Record<string, BridgeOption>>;

/**
 * Whether a bridge's hook speaks the canonical form: `--canonical`, or `--warm`, which implies it (a
 * warm handler answers in the canonical form, warm or cold). native/hookd-bridge.c keeps the same rule.
 */
export const speaksCanonical = (options: { canonical?: unknown; warm?: unknown }): boolean =>
  options.canonical === true || options.warm === true;

/** A bridge's words, read: the options given (a switch as `true`), whether help was asked, whether `--` ended the options, and CMD's words. */
export interface BridgeArgs<Table extends BridgeOptions> {
  options: {
    [Key in keyof Table]?: Table[Key] extends { value: string }
      ? string
      : Table[Key] extends { value?: undefined }
        ? true
        : string | true;
  };
  help: boolean;
  dashDash: boolean;
  /** CMD's words; where the options could not be read, the words from the one that could not on. */
  command: string[];
  /** The word before CMD the bridge cannot read, and why: it then runs nothing (issue 41, 8). */
  unreadable?: { word: string; why: string };
}

/**
 * Read a bridge's words as bin/hookd and native/ do (they are generated from this table; keep the rule
 * in step): its options up front, each `--flag value` or `--flag=value` (a switch takes no value), a
 * later one winning; then `-h`/`--help`, or an optional `--`, or the first word that does not start
 * with `-`, begins CMD. A word before CMD that is no option of the table, a switch given a value, or
 * an option whose value is missing is unreadable: the bridge runs nothing, rather than run it as CMD
 * (`sh -c --timeout=5` exits 2, a block nobody decided).
 */
export function parseBridgeArgs<Table extends BridgeOptions>(
  table: Table,
  words: readonly string[],
): BridgeArgs<Table> {
  const options: Record<string, string | true> = {};
  const byFlag = new Map(Object.entries(table).map(([key, option]) => [option.flag as string, { key, option }]));
  let unreadable: BridgeArgs<Table>['unreadable'];
  let i = 0;
  for (; i < words.length; i++) {
    const word = words[i]!;
    if (word === '--' || word === '-h' || word === '--help' || !word.startsWith('-')) break;
    const equals = word.startsWith('--') ? word.indexOf('=') : -1;
    const flag = equals === -1 ? word : word.slice(0, equals);
    const known = byFlag.get(flag);
    if (!known) unreadable = { word, why: `unknown option ${word}` };
    else if (known.option.value === undefined && equals !== -1)
      unreadable = { word, why: `${flag} takes no value (${word})` };
    else if (known.option.value === undefined) options[known.key] = true;
    else if (equals !== -1) options[known.key] = word.slice(equals + 1);
    else if (i + 1 < words.length) options[known.key] = words[++i]!;
    else unreadable = { word, why: `${flag} needs a value` };
    if (unreadable) break;
  }
  const help = !unreadable && (words[i] === '-h' || words[i] === '--help');
  const dashDash = !unreadable && words[i] === '--';
  return {
    options: options as BridgeArgs<Table>['options'],
    help,
    dashDash,
    command: words.slice(dashDash ? i + 1 : i),
    ...(unreadable && { unreadable }),
  };
}
