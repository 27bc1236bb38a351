// Tells a bridge entry from a plain one, the way the client's shell would split it, and recovers
// the inner CMD: `hookd emit [--] CMD` (the asynchronous bridge: the daemon runs CMD later) and
// `hookd sync [--canonical] [--client ID] [--event NAME] [--timeout SEC] -- CMD` (the synchronous bridge: the
// client waits while hookd runs CMD in line, issue 19). The daemon runs only the first kind.
// Either may be written in the guarded form that runs CMD itself where hookd is missing
// (fallback-entry.ts, issue 29), or bare, as installs before it wrote them.
import { parse } from 'shell-quote';
import { fallbackSplits } from './fallback-entry.js';
import { windowsFallback } from './windows-entry.js';
import {
  EMIT_OPTIONS,
  SYNC_OPTIONS,
  parseBridgeArgs,
  speaksCanonical,
  type BridgeArgs,
  type BridgeOptions,
} from '../clients/bridge-options.js';

/** What an entry of either bridge says besides its CMD. */
interface BridgeParts {
  inner: string;
  unquotedShellSyntax: boolean;
  /** Why the bridge cannot read its options (bridge-options.ts): it would run nothing. */
  badOption?: string;
  program: string;
  stateDir?: string;
  /** Written in the guarded form: where the client finds no hookd, the entry runs CMD itself (fallback-entry.ts). */
  fallback: boolean;
  /** `--canonical`: CMD speaks the canonical form (HIF), and the bridge translates both ways (docs/bridges.md). */
  canonical: boolean;
}

/** The synchronous bridge's own options, as written. */
export interface SyncOptions {
  client?: string;
  event?: string;
  /** `--timeout SEC` as written (seconds); undefined when absent or not a number. */
  timeoutSec?: number;
  /** `--warm`: the daemon keeps CMD running as a warm handler (daemon/warm-route.ts). */
  warm?: true;
}

/** A hook command as hookd reads it: an entry of the asynchronous bridge, of the synchronous one, or a plain command. */
export type ClassifiedCommand =
  ({ kind: 'bridge' } & BridgeParts) | ({ kind: 'sync'; sync: SyncOptions } & BridgeParts) | { kind: 'plain' };

// Characters the client's shell acts on when they are not inside single quotes.
const SHELL_SYNTAX = /[$`|&;<>()*?]/;

// Each bridge's options: the one table's.
const TABLES: Record<'emit' | 'sync', BridgeOptions> = { emit: EMIT_OPTIONS, sync: SYNC_OPTIONS };

function isHookdProgram(word: unknown): boolean {
  return typeof word === 'string' && (word === 'hookd' || word.endsWith('/hookd'));
}

/** The text of `command` outside single quotes, skipping backslash-escaped characters (as in '\''). */
function outsideSingleQuotes(command: string): string {
  let out = '';
  for (let i = 0; i < command.length; i++) {
    if (command[i] === '\\') i++;
    else if (command[i] === "'") {
      const end = command.indexOf("'", i + 1);
      i = end === -1 ? command.length : end;
    } else out += command[i];
  }
  return out;
}

/** The command's text after the verb and the bridge's own options (and `--`): where CMD stands, as written. */
function tailOf(command: string, verb: 'emit' | 'sync'): string {
  const options = Object.values(TABLES[verb])
    .map((option) => (option.value !== undefined ? `\\s*${option.flag}\\s+('[^']*'|\\S+)` : `\\s*${option.flag}`))
    .join('|');
  // The verb right after the program's name (a path may hold the word too: /home/emit/bin/hookd).
  const at = /hookd'?\s+(emit|sync)\b/.exec(command);
  return command
    .slice(at ? at.index + at[0].length : 0)
    .replace(new RegExp(`^(${options})*`), '')
    .replace(/^\s*--(\s|$)/, '');
}

const build = (
  verb: 'emit' | 'sync',
  bare: Omit<BridgeParts, 'canonical'>,
  values: BridgeArgs<typeof SYNC_OPTIONS>['options'],
): ClassifiedCommand => {
  const parts: BridgeParts = { ...bare, canonical: speaksCanonical(values) };
  if (verb === 'emit') return { kind: 'bridge', ...parts };
  const timeout = Number(values.timeout);
  const sync: SyncOptions = {
    ...(values.client !== undefined && { client: values.client }),
    ...(values.event !== undefined && { event: values.event }),
    ...(values.timeout !== undefined && Number.isFinite(timeout) && timeout > 0 && { timeoutSec: timeout }),
    ...(values.warm === true && { warm: true as const }),
  };
  return { kind: 'sync', sync, ...parts };
};

/**
 * Classify one hook command. The inner CMD is its words after the bridge's options (and `--`),
 * joined by spaces. A guarded entry counts only when its fallback is exactly the CMD its bridge
 * runs, with `hookd` found on PATH: anything else would run one command with hookd and another
 * without, and is read as the plain command it is.
 */
export function classifyCommand(command: string): ClassifiedCommand {
  const windows = classifyWindows(command);
  if (windows) return windows;
  for (const { bridgeLine, fallback } of fallbackSplits(command)) {
    const bridged = classifyBare(bridgeLine);
    if (bridged.kind !== 'plain' && bridged.program === 'hookd' && bridged.inner === fallback)
      return { ...bridged, fallback: true };
  }
  return classifyBare(command);
}

// A PowerShell or cmd entry install wrote on Windows (settings/windows-entry.ts): its CMD is one
// quoted word, and its fallback exactly that CMD, or it is not read as hookd's.
function classifyWindows(command: string): ClassifiedCommand | undefined {
  const entry = windowsFallback(command);
  if (!entry) return undefined;
  const { options, unreadable } = parseBridgeArgs(TABLES[entry.bridge], [...entry.options, '--', entry.command]);
  const values = options as BridgeArgs<typeof SYNC_OPTIONS>['options'];
  return build(
    entry.bridge,
    {
      inner: entry.command,
      unquotedShellSyntax: false,
      program: entry.program.script,
      fallback: true,
      ...(values.stateDir ? { stateDir: values.stateDir } : {}),
      ...(unreadable ? { badOption: unreadable.why } : {}),
    },
    values,
  );
}

// A bridge entry without the guard: `hookd emit|sync [OPTIONS] [--] CMD`.
function classifyBare(command: string): ClassifiedCommand {
  let tokens: ReturnType<typeof parse>;
  try {
    // Keep $VAR literal: the bridge receives whatever the client's shell makes of it.
    tokens = parse(command, (name) => `$${name}`);
  } catch {
    // shell-quote gives up on some syntax (`${` unclosed): judge by the words up front instead.
    const match = /^\s*(\S*hookd)\s+(emit|sync)\b(.*)$/s.exec(command);
    if (!match || !isHookdProgram(match[1])) return { kind: 'plain' };
    const verb = match[2] as 'emit' | 'sync';
    const tail = tailOf(command, verb);
    // The bridge's switches, among the words before CMD.
    const before = command.slice(0, command.length - tail.length);
    const given = (flag: string) => new RegExp(`\\s${flag}(\\s|$)`).test(before);
    return build(
      verb,
      { inner: tail.trim(), unquotedShellSyntax: true, program: match[1]!, fallback: false },
      {
        ...(given(SYNC_OPTIONS.canonical.flag) && { canonical: true as const }),
        ...(verb === 'sync' && given(SYNC_OPTIONS.warm.flag) && { warm: true as const }),
      },
    );
  }
  const verb = tokens[1];
  if (!isHookdProgram(tokens[0]) || (verb !== 'emit' && verb !== 'sync')) return { kind: 'plain' };
  // The bridge's options are words: read those up to the first shell operator, as the bridge would.
  const after = tokens.slice(2);
  const operator = after.findIndex((token) => typeof token !== 'string');
  const words = (operator === -1 ? after : after.slice(0, operator)) as string[];
  const { options, command: cmdWords, unreadable } = parseBridgeArgs(TABLES[verb], words);
  const values = options as BridgeArgs<typeof SYNC_OPTIONS>['options']; // emit's options share sync's keys and kinds (stateDir, event, canonical)
  const rest = after.slice(words.length - cmdWords.length);
  const badOption = unreadable?.why;
  const inner = rest
    .map((token) => (typeof token === 'string' ? token : 'op' in token ? token.op : ''))
    .filter((word) => word !== '')
    .join(' ');
  const unquotedShellSyntax =
    rest.some((token) => typeof token !== 'string') || SHELL_SYNTAX.test(outsideSingleQuotes(tailOf(command, verb)));
  const stateDir = values.stateDir;
  return build(
    verb,
    {
      inner,
      unquotedShellSyntax,
      program: tokens[0] as string,
      fallback: false,
      ...(stateDir ? { stateDir } : {}),
      ...(badOption ? { badOption } : {}),
    },
    values,
  );
}
