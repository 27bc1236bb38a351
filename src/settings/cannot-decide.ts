// Whether a hook command can decide anything (issue 30, item 6): install puts a command that
// cannot behind hookd emit even on an event whose answer the client reads, so the agent stops
// waiting for a notifier; anything hookd is not sure of stays behind hookd sync. A command can
// decide when its stdout can reach the client (a JSON answer, text added to the context) or when
// it can exit 2 by choice (a block). So a command counts as unable only when it is a list (`;`,
// `&&`, `||`, `&`, `|`) of simple commands, each a program of quiet-programs.ts with its stdout
// sent elsewhere where that program prints, and nothing else: no script, no substitution, no
// compound command. It is read with the project's shell parser (shell-quote), as classify-command.ts
// reads bridge entries, and errs towards "can decide" wherever the parser could misread sh.
import { parse } from 'shell-quote';
import { printsWithArgs, quietProgram } from './quiet-programs.js';
import { blocks } from '../clients/contract.js';
import type { ClientProfile } from '../clients/profile.js';

type Token = ReturnType<typeof parse>[number];

// Operators between commands; any other operator (a subshell, a here-document, `&>`, which sh reads
// as `&` then `>` and so leaves stdout with the client) makes the command one hookd is not sure of.
const LISTS = new Set([';', '&&', '||', '&']);
const REDIRECTS = new Set(['>', '>>', '>&', '<']);

const opOf = (token: Token | undefined): string | undefined =>
  typeof token === 'object' && token !== null && 'op' in token ? token.op : undefined;
// A glob is still a word to sh: its pattern stands for the file names it expands to.
const wordOf = (token: Token | undefined): string | undefined =>
  typeof token === 'string' ? token : opOf(token) === 'glob' ? (token as { pattern: string }).pattern : undefined;

/** Where a simple command's stdout and stderr end: with the client (stdout, stderr) or elsewhere (a file, /dev/null, the next command of a pipe). */
type Sink = 'stdout' | 'stderr' | 'elsewhere';

interface SimpleCommand {
  words: string[];
  out: Sink;
  err: Sink;
}

// One simple command's words and redirections, or undefined for one hookd does not follow.
function readSimple(tokens: readonly Token[], pipedOn: boolean): SimpleCommand | undefined {
  const fds: Record<number, Sink> = { 1: pipedOn ? 'elsewhere' : 'stdout', 2: 'stderr' };
  const words: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const word = wordOf(tokens[i]);
    const op = opOf(tokens[i]);
    // `2>file`: shell-quote splits the descriptor off; a number right before a redirection is one.
    const fdFirst = word !== undefined && /^\d+$/.test(word) && REDIRECTS.has(opOf(tokens[i + 1]) ?? '');
    if (word !== undefined && !fdFirst) {
      words.push(word);
      continue;
    }
    const fd = fdFirst ? Number(word) : undefined;
    const redirect = fdFirst ? opOf(tokens[++i]) : op;
    const target = wordOf(tokens[++i]);
    if (!redirect || !REDIRECTS.has(redirect) || target === undefined) return undefined;
    if (redirect === '<') {
      if (fd === 1 || fd === 2) return undefined;
    } else if (redirect === '>&') {
      if (target === '-') fds[fd ?? 1] = 'elsewhere';
      else if (target === '1' || target === '2') fds[fd ?? 1] = fds[Number(target)]!;
      else return undefined;
    } else fds[fd ?? 1] = 'elsewhere';
  }
  return { words, out: fds[1]!, err: fds[2]! };
}

// What one simple command does when it cannot decide (`a desktop notification (notify-send)`), else undefined.
function quietPart(command: SimpleCommand): string | undefined {
  // Variable assignments before the program change its environment only.
  const words = command.words.slice(command.words.findIndex((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word)));
  const [name, ...args] = words;
  if (name === undefined || command.words.every((word) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(word))) return undefined;
  if (name.includes('$') || name.includes('*') || name.includes('?')) return undefined;
  const known = quietProgram(name);
  if (!known) return undefined;
  // Its stderr on the client's stdout would be read as an answer.
  if (command.err === 'stdout') return undefined;
  if (command.out === 'stdout' && (known.program.prints || printsWithArgs(known.program, args))) return undefined;
  return `${known.program.what} (${known.name})`;
}

/**
 * Why `command` cannot decide anything, in a few words ("a desktop notification (notify-send)"),
 * or undefined when it can or hookd is not sure: then it stays behind hookd sync.
 */
export function whyCannotDecide(command: string): string | undefined {
  // A newline is a separator shell-quote reads as a space; a substitution runs a command of its own.
  if (/[\n\r`]|\$\(/.test(command)) return undefined;
  let tokens: Token[];
  try {
    tokens = parse(command, (name) => `$${name}`);
  } catch {
    return undefined;
  }
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i <= tokens.length; i++) {
    const op = i < tokens.length ? opOf(tokens[i]) : ';';
    if (typeof tokens[i] === 'object' && tokens[i] !== null && 'comment' in (tokens[i] as object)) return undefined;
    if (op === undefined || op === 'glob' || REDIRECTS.has(op)) continue;
    if (!LISTS.has(op) && op !== '|') return undefined;
    const simple = readSimple(tokens.slice(start, i), op === '|');
    const part = simple && quietPart(simple);
    if (!part) {
      // A list's trailing `;` or `&` ends it: nothing after.
      if (i === tokens.length && start === i && start > 0) break;
      return undefined;
    }
    parts.push(part);
    start = i + 1;
  }
  if (parts.length === 0) return undefined;
  return [...new Set(parts)].join(', ');
}

/**
 * Why `command`, a hook of `event` in `client`'s file, cannot decide anything there, or undefined.
 * Never where the client reads exit 1 as a denial (Copilot CLI's preToolUse): a notifier that fails
 * exits 1, and there its failure is a decision.
 */
export function cannotDecideOn(client: ClientProfile, event: string, command: string): string | undefined {
  return blocks(client.contract, event, 1) ? undefined : whyCannotDecide(command);
}
