// Tells a bridge entry from a plain one, the way the client's shell would split it, and recovers
// the inner CMD: `hookd emit [--] CMD` (the asynchronous bridge: the daemon runs CMD later) and
// `hookd sync [--client ID] [--event NAME] [--timeout SEC] -- CMD` (the synchronous bridge: the
// client waits while hookd runs CMD in line, issue 19). The daemon runs only the first kind.
import { parse } from 'shell-quote';
import { EMIT_OPTIONS, SYNC_OPTIONS, type BridgeOptions } from '../clients/bridge-options.js';

/** What an entry of either bridge says besides its CMD. */
interface BridgeParts {
  inner: string;
  unquotedShellSyntax: boolean;
  badOption?: string;
  program: string;
  stateDir?: string;
}

/** The synchronous bridge's own options, as written. */
export interface SyncOptions {
  client?: string;
  event?: string;
  /** `--timeout SEC` as written (seconds); undefined when absent or not a number. */
  timeoutSec?: number;
}

/** A hook command as hookd reads it: an entry of the asynchronous bridge, of the synchronous one, or a plain command. */
export type ClassifiedCommand = ({ kind: 'bridge' } & BridgeParts) | ({ kind: 'sync'; sync: SyncOptions } & BridgeParts) | { kind: 'plain' };

// Characters the client's shell acts on when they are not inside single quotes.
const SHELL_SYNTAX = /[$`|&;<>()*?]/;

// Each bridge's options that take a value, and those that take none: the one table's.
const flagsOf = (table: BridgeOptions, valued: boolean): string[] => Object.values(table).filter((option) => (option.value !== undefined) === valued).map((option) => option.flag);
const VALUED: Record<'emit' | 'sync', readonly string[]> = { emit: flagsOf(EMIT_OPTIONS, true), sync: flagsOf(SYNC_OPTIONS, true) };
const FLAGS: Record<'emit' | 'sync', readonly string[]> = { emit: flagsOf(EMIT_OPTIONS, false), sync: flagsOf(SYNC_OPTIONS, false) };

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
  const options = [...VALUED[verb].map((name) => `\\s*${name}\\s+('[^']*'|\\S+)`), ...FLAGS[verb].map((name) => `\\s*${name}`)].join('|');
  // The verb right after the program's name (a path may hold the word too: /home/emit/bin/hookd).
  const at = /hookd'?\s+(emit|sync)\b/.exec(command);
  return command
    .slice(at ? at.index + at[0].length : 0)
    .replace(new RegExp(`^(${options})*`), '')
    .replace(/^\s*--(\s|$)/, '');
}

const build = (verb: 'emit' | 'sync', parts: BridgeParts, values: Record<string, string>): ClassifiedCommand => {
  if (verb === 'emit') return { kind: 'bridge', ...parts };
  const timeout = Number(values['--timeout']);
  const sync: SyncOptions = {
    ...(values['--client'] !== undefined && { client: values['--client'] }),
    ...(values['--event'] !== undefined && { event: values['--event'] }),
    ...(values['--timeout'] !== undefined && Number.isFinite(timeout) && timeout > 0 && { timeoutSec: timeout }),
  };
  return { kind: 'sync', sync, ...parts };
};

/** Classify one hook command. The inner CMD is its words after the bridge's options (and `--`), joined by spaces. */
export function classifyCommand(command: string): ClassifiedCommand {
  let tokens: ReturnType<typeof parse>;
  try {
    // Keep $VAR literal: the bridge receives whatever the client's shell makes of it.
    tokens = parse(command, (name) => `$${name}`);
  } catch {
    // shell-quote gives up on some syntax (`${` unclosed): judge by the words up front instead.
    const match = /^\s*(\S*hookd)\s+(emit|sync)\b(.*)$/s.exec(command);
    if (!match || !isHookdProgram(match[1])) return { kind: 'plain' };
    const verb = match[2] as 'emit' | 'sync';
    return build(verb, { inner: tailOf(command, verb).trim(), unquotedShellSyntax: true, program: match[1]! }, {});
  }
  const verb = tokens[1];
  if (!isHookdProgram(tokens[0]) || (verb !== 'emit' && verb !== 'sync')) return { kind: 'plain' };
  let rest = tokens.slice(2);
  const values: Record<string, string> = {};
  for (;;) {
    const [option, value] = rest;
    if (typeof option === 'string' && VALUED[verb].includes(option) && typeof value === 'string') [values[option], rest] = [value, rest.slice(2)];
    else if (typeof option === 'string' && FLAGS[verb].includes(option)) rest = rest.slice(1);
    else break;
  }
  let badOption: string | undefined;
  if (rest[0] === '--') rest = rest.slice(1);
  else if (typeof rest[0] === 'string' && rest[0].startsWith('-')) badOption = rest[0];
  const words = rest.map((token) => (typeof token === 'string' ? token : 'op' in token ? token.op : ''));
  const inner = words.filter((word) => word !== '').join(' ');
  const unquotedShellSyntax = rest.some((token) => typeof token !== 'string') || SHELL_SYNTAX.test(outsideSingleQuotes(tailOf(command, verb)));
  const stateDir = values['--state-dir'];
  return build(verb, { inner, unquotedShellSyntax, program: tokens[0] as string, ...(stateDir ? { stateDir } : {}), ...(badOption ? { badOption } : {}) }, values);
}
