// Tells a bridge entry (`hookd emit [--] CMD`) from a plain one, the way the client's shell
// would split it, and recovers the inner CMD the daemon will run.
import { parse } from 'shell-quote';

export type ClassifiedCommand =
  | { kind: 'bridge'; inner: string; unquotedShellSyntax: boolean; badOption?: string; program: string; stateDir?: string }
  | { kind: 'plain' };

// Characters the client's shell acts on when they are not inside single quotes.
const SHELL_SYNTAX = /[$`|&;<>()*?]/;

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

/** Classify one hook command. The inner CMD is its words after `emit` (and `--`), joined by spaces. */
export function classifyCommand(command: string): ClassifiedCommand {
  let tokens: ReturnType<typeof parse>;
  try {
    // Keep $VAR literal: the bridge receives whatever the client's shell makes of it.
    tokens = parse(command, (name) => `$${name}`);
  } catch {
    // shell-quote gives up on some syntax (`${` unclosed): judge by the words up front instead.
    const match = /^\s*(\S*hookd)\s+emit(?:\s+--)?(?:\s+(.*))?$/s.exec(command);
    if (!match || !isHookdProgram(match[1])) return { kind: 'plain' };
    return { kind: 'bridge', inner: (match[2] ?? '').trim(), unquotedShellSyntax: true, program: match[1]! };
  }
  if (!isHookdProgram(tokens[0]) || tokens[1] !== 'emit') return { kind: 'plain' };
  let rest = tokens.slice(2);
  let badOption: string | undefined;
  let stateDir: string | undefined;
  // The bridge's own options (bin/hookd): --state-dir DIR, --payload-arg.
  for (;;) {
    if (rest[0] === '--state-dir' && typeof rest[1] === 'string') [stateDir, rest] = [rest[1], rest.slice(2)];
    else if (rest[0] === '--payload-arg') rest = rest.slice(1);
    else break;
  }
  if (rest[0] === '--') rest = rest.slice(1);
  else if (typeof rest[0] === 'string' && rest[0].startsWith('-')) badOption = rest[0];
  const words = rest.map((token) => (typeof token === 'string' ? token : 'op' in token ? token.op : ''));
  const inner = words.filter((word) => word !== '').join(' ');
  const tail = command.slice(command.indexOf('emit') + 'emit'.length).replace(/^(\s*--state-dir\s+('[^']*'|\S+)|\s*--payload-arg)*/, '').replace(/^\s*--(\s|$)/, '');
  const unquotedShellSyntax = rest.some((token) => typeof token !== 'string') || SHELL_SYNTAX.test(outsideSingleQuotes(tail));
  return { kind: 'bridge', inner, unquotedShellSyntax, program: tokens[0] as string, ...(stateDir ? { stateDir } : {}), ...(badOption ? { badOption } : {}) };
}
