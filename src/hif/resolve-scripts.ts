// The scripts a manifest's command runs, found where the manifest says (spec §3.5: script references
// are relative to the hook directory) and written as absolute paths, since the clients run hooks
// from the project, not from the manifest's folder. A script is a word in command position (`./x.sh`,
// `'./my guard.sh'`, after `;`, `&&`, `|`…) or the script an interpreter in command position runs
// (`python3 ./guard.py`), quoted or not. One that is not there is reported: installed, it would run
// nothing, and the guard would stop guarding without a word (issue 41, 6). Words that expand
// (`$X`, a backquote, a glob) are left as written; bare program names are the client's PATH's.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { shellQuote } from '../common/shell-word.js';

/** A word of the command: where it is, and its value once unquoted (undefined when it expands). */
interface Word {
  start: number;
  end: number;
  value: string | undefined;
}

type Token = Word | { op: string };

// Programs whose first argument that is not an option is the script they run.
const INTERPRETERS = new Set(['sh', 'bash', 'dash', 'zsh', 'python', 'python3', 'node', 'deno', 'bun', 'ruby', 'perl']);
// Options after which an interpreter runs no script file (`sh -c '…'`, `python3 -m mod`, `node -e '…'`).
const NO_SCRIPT = new Set(['-c', '-m', '-e', '--eval', '-p', '--print']);
const OPS = ';&|()<>\n';
// Words after which a program still comes: sh's keywords and the wrappers that run the next word.
const STILL_COMMAND = new Set([
  '{',
  '!',
  'if',
  'then',
  'else',
  'elif',
  'do',
  'while',
  'until',
  'exec',
  'command',
  'nohup',
  'time',
]);

/** `command` as words and operators, by sh's quoting rules (enough of them to find a script's word). */
function tokens(command: string): Token[] {
  const out: Token[] = [];
  let at = 0;
  while (at < command.length) {
    const c = command[at]!;
    if (c === ' ' || c === '\t') at++;
    else if (c === '#') break;
    else if (OPS.includes(c)) {
      const two = command.slice(at, at + 2);
      const op = ['&&', '||', '>>', '>&', '<&', '<<'].includes(two) ? two : c;
      out.push({ op });
      at += op.length;
    } else {
      const start = at;
      let value: string | undefined = '';
      while (at < command.length && !' \t'.includes(command[at]!) && !OPS.includes(command[at]!)) {
        const ch = command[at]!;
        if (ch === "'") {
          const close = command.indexOf("'", at + 1);
          if (close < 0) return out; // sh cannot parse it: the client fails on it alike.
          value = value === undefined ? undefined : value + command.slice(at + 1, close);
          at = close + 1;
        } else if (ch === '"') {
          let inner = '';
          for (at++; at < command.length && command[at] !== '"'; at++) {
            if (command[at] === '\\' && '"\\$`'.includes(command[at + 1] ?? '')) inner += command[++at];
            else if ('$`'.includes(command[at]!)) value = undefined;
            else inner += command[at];
          }
          at++;
          value = value === undefined ? undefined : value + inner;
        } else if (ch === '\\') {
          value = value === undefined ? undefined : value + (command[at + 1] ?? '');
          at += 2;
        } else {
          if ('$`*?['.includes(ch) || (ch === '~' && at !== start)) value = undefined;
          else if (value !== undefined) value += ch;
          at++;
        }
      }
      out.push({ start, end: at, value });
    }
  }
  return out;
}

/** The words of `command` that name a script it runs. */
function scriptWords(command: string): Word[] {
  const found: Word[] = [];
  let expect: 'command' | 'script' | 'args' = 'command';
  let redirect = false;
  for (const token of tokens(command)) {
    if ('op' in token) {
      redirect = /[<>]/.test(token.op);
      if (!redirect) expect = 'command';
      continue;
    }
    if (redirect) {
      redirect = false;
      continue;
    }
    const raw = command.slice(token.start, token.end);
    if (expect === 'command') {
      // VAR=value before the program, and the words after which a program still comes.
      if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(raw) || STILL_COMMAND.has(raw)) continue;
      if (token.value?.includes('/')) found.push(token);
      expect = INTERPRETERS.has(path.basename(token.value ?? '')) ? 'script' : 'args';
    } else if (expect === 'script' && token.value !== undefined) {
      if (NO_SCRIPT.has(token.value)) expect = 'args';
      else if (!token.value.startsWith('-')) {
        found.push(token);
        expect = 'args';
      }
    }
  }
  return found;
}

/** `command` with its scripts relative to `dir` made absolute, and the scripts that are not there (as written, and where they were looked for). */
export function resolveScripts(
  command: string,
  dir: string,
  home: string,
): { command: string; missing: Array<{ written: string; looked: string }> } {
  let out = '';
  let from = 0;
  const missing: Array<{ written: string; looked: string }> = [];
  for (const word of scriptWords(command)) {
    const value = word.value!;
    const relative = value.startsWith('./') || value.startsWith('../');
    const looked = relative
      ? path.resolve(dir, value)
      : value.startsWith('~/')
        ? path.join(home, value.slice(2))
        : value;
    if (!path.isAbsolute(looked)) continue; // `bin/x`: relative to wherever the client runs it
    if (!existsSync(looked)) missing.push({ written: command.slice(word.start, word.end), looked });
    if (!relative) continue;
    out += command.slice(from, word.start) + (/^[A-Za-z0-9_./+-]+$/.test(looked) ? looked : shellQuote(looked));
    from = word.end;
  }
  return { command: out + command.slice(from), missing };
}
