// What every guard of hooks-examples/guards/ shares. A guard is a hook in the canonical form (HIF
// hooks/0.1), written once for every client: installed with `hookd install --add NAME`, it runs as
// `hookd sync --canonical … -- 'hookd guard NAME'`, reads the canonical fields hookd gives it
// (HOOKD_HIF_TOOL, HOOKD_HIF_COMMAND, HOOKD_HIF_FILE: docs/bridges.md) and answers
// {"decision": "deny", "reason"} or nothing (allow); hookd hands that to each client in its terms.
// The shell command is read with a shell parser (shell-quote), never with regular expressions over
// the raw string: quotes, operators, `sh -c '…'`, `$(…)` and `<(…)` are taken apart first.
import { parse } from 'shell-quote';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** What the guard reads: the canonical fields, the event's directory and the project. */
export function readInput(env = process.env, payload = readPayload()) {
  const cwd = typeof payload.cwd === 'string' ? payload.cwd : Array.isArray(payload.workspace_roots) && typeof payload.workspace_roots[0] === 'string' ? payload.workspace_roots[0] : process.cwd();
  const project = env.CLAUDE_PROJECT_DIR || env.FACTORY_PROJECT_DIR || env.QWEN_PROJECT_DIR || env.GEMINI_PROJECT_DIR || env.COPILOT_PROJECT_DIR || env.CURSOR_PROJECT_DIR || cwd;
  return { event: env.HOOKD_HIF_EVENT ?? '', tool: env.HOOKD_HIF_TOOL ?? '', command: env.HOOKD_HIF_COMMAND, file: env.HOOKD_HIF_FILE, cwd, project: path.resolve(project), env };
}

function readPayload() {
  try {
    const data = JSON.parse(readFileSync(0, 'utf8'));
    return data && typeof data === 'object' ? data : {};
  } catch {
    return {};
  }
}

const SEPARATORS = new Set([';', '&&', '||', '|', '&', '|&', '\n']);
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'fish', 'busybox']);
// Words that run the rest of the line as a command of their own.
const WRAPPERS = new Set(['sudo', 'doas', 'command', 'builtin', 'exec', 'nice', 'nohup', 'time', 'env', 'xargs', 'timeout', 'stdbuf', 'ionice', 'chronic']);

/** The program a word names: its base name (`/bin/rm` is rm). */
export const programOf = (word) => path.basename(word ?? '');

/**
 * The simple commands of `text`, each `{ words, pipedFrom, from }`: its words (a variable the guard's
 * environment holds expanded, others kept as `$NAME`; a glob as its pattern), the command piped into it,
 * and how it was found (`line`, `sh -c`, `eval`, `$(…)`, `<(…)`). A command run by a shell's `-c`,
 * by eval, or in a substitution is read as a command too, to a bounded depth.
 */
export function simpleCommands(text, env = {}, depth = 0, from = 'line') {
  if (typeof text !== 'string' || depth > 4) return [];
  let tokens;
  try {
    tokens = parse(text, (name) => (typeof env[name] === 'string' ? env[name] : `$${name}`));
  } catch {
    return [{ words: [text], pipedFrom: undefined, from, unparsed: true }];
  }
  const found = [];
  let words = [];
  let piped;
  let last;
  const end = (op) => {
    if (words.length) {
      const command = { words: unwrap(words), pipedFrom: piped, from };
      found.push(command);
      last = command;
    }
    piped = op === '|' || op === '|&' ? last : undefined;
    words = [];
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (typeof token === 'string') words.push(token);
    else if ('comment' in token) break; // the rest of the line is a comment
    else if (token.op === 'glob') words.push(token.pattern);
    else if (token.op === '<(' || token.op === '>(' || token.op === '$(' || token.op === '(') {
      // A process substitution or subshell: its text up to the matching `)`, read as commands of their own.
      let level = 1;
      const inner = [];
      for (i++; i < tokens.length && level > 0; i++) {
        const t = tokens[i];
        if (typeof t === 'object' && ['<(', '>(', '$(', '('].includes(t.op)) level++;
        if (typeof t === 'object' && t.op === ')' && --level === 0) break;
        inner.push(typeof t === 'string' ? quoteWord(t) : t.op === 'glob' ? t.pattern : t.op);
      }
      const nested = simpleCommands(inner.join(' '), env, depth + 1, token.op === '(' ? 'subshell' : `${token.op}…)`);
      found.push(...nested);
      if (token.op === '<(' || token.op === '$(') words.push(`<(${nested.map((c) => c.words.join(' ')).join('; ')})`);
    } else if (SEPARATORS.has(token.op)) end(token.op);
    else if (typeof token.op === 'string') words.push(token.op); // a redirection: kept as a word (`<`, `>`), the file after it too
  }
  end();
  // What a shell's -c, eval, or a $(…) / `…` inside a word runs.
  for (const command of [...found]) {
    const [program, ...rest] = command.words;
    if (SHELLS.has(programOf(program))) {
      const c = rest.findIndex((word) => /^-[a-z]*c[a-z]*$/.test(word));
      if (c !== -1 && rest[c + 1] !== undefined) found.push(...simpleCommands(rest[c + 1], env, depth + 1, `${programOf(program)} -c`));
    }
    if (programOf(program) === 'eval') found.push(...simpleCommands(rest.join(' '), env, depth + 1, 'eval'));
    for (const word of command.words) {
      for (const inner of substitutions(word)) found.push(...simpleCommands(inner, env, depth + 1, '$(…)'));
    }
  }
  return found;
}

const quoteWord = (word) => (/^[\w@%+=:,./~-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);

/** The texts of the `$(…)` and `` `…` `` substitutions in one word, outermost first. */
export function substitutions(word) {
  const found = [];
  for (let i = 0; i < word.length; i++) {
    if (word[i] === '`') {
      const close = word.indexOf('`', i + 1);
      if (close === -1) break;
      found.push(word.slice(i + 1, close));
      i = close;
    } else if (word.startsWith('$(', i)) {
      let level = 0;
      let j = i + 1;
      for (; j < word.length; j++) {
        if (word[j] === '(') level++;
        else if (word[j] === ')' && --level === 0) break;
      }
      found.push(word.slice(i + 2, j));
      i = j;
    }
  }
  return found;
}

/** `words` without leading variable assignments and wrappers (`sudo`, `env X=1`, `nice -n 5`, `timeout 10`…). */
function unwrap(words) {
  let i = 0;
  for (;;) {
    while (i < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i])) i++;
    if (i >= words.length || !WRAPPERS.has(programOf(words[i]))) break;
    const wrapper = programOf(words[i++]);
    // The wrapper's own options (and a value after -n, -u, -C…; timeout's duration).
    while (i < words.length && words[i].startsWith('-')) i += /^-[nugCkps]$/.test(words[i]) ? 2 : 1;
    if (wrapper === 'timeout' && i < words.length) i++;
  }
  return words.slice(i);
}

/** Whether `target` (resolved from `cwd`) lies inside `project` (not the project itself). */
export function insideProject(target, cwd, project) {
  const full = path.resolve(cwd, target);
  const rel = path.relative(project, full);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

/** Answer the client through hookd: deny with `reason`, or nothing (allow). */
export function answer(reason) {
  if (reason) process.stdout.write(`${JSON.stringify({ decision: 'deny', reason })}\n`);
}

/** Run `check(input)` on this process's input: its reason denies, undefined allows. */
export function runGuard(check) {
  answer(check(readInput()));
}
