// The guards' reading of a shell command: bash's own grammar (tree-sitter-bash, run by web-tree-sitter
// as WASM), never regular expressions over the raw string. A command line becomes the list of simple
// commands it would run, in order, wherever bash would find them: lists across newlines, pipelines,
// `{ …; }`, subshells, `if`/`for`/`while`/`case` bodies, functions, `$(…)`, backquotes, `<(…)`, what a
// shell's `-c`, `eval`, a here-document or a pipe feeds to a shell, and what a wrapper (`sudo`, `env`,
// `xargs`, `busybox`, `find -exec`…) runs. Quoted text is data: `echo "rm -rf /"` is one echo.
// The parser is loaded once per process (20 to 35 ms here); reading a command then takes about 0.1 ms.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { Language, Parser } from 'web-tree-sitter';
import { unwrap } from './wrappers.mjs';
import { oneLinerCommands } from './one-liners.mjs';

// Baseline (Liftoff) code only: otherwise V8 compiles the grammar's 1.3 MB of WASM a second time,
// optimised, in the background, and Node waits for that before it exits (1 to 3 s on a busy machine,
// after every cold run). Measured here, the optimised code parses no faster at a guard's scale.
v8.setFlagsFromString('--liftoff-only');
await Parser.init();
const parser = new Parser();
// The grammar ships beside this file (tree-sitter-bash.LICENSE says why it is not a dependency).
parser.setLanguage(await Language.load(fileURLToPath(new URL('tree-sitter-bash.wasm', import.meta.url))));

/** Programs that run a script: a shell reads one from its `-c`, a file, or its stdin. */
export const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'fish', 'ash', 'yash', 'rbash']);
/** Interpreters that run code given on their command line or on stdin. */
export const INTERPRETERS = new Set([
  'python',
  'python2',
  'python3',
  'perl',
  'ruby',
  'node',
  'nodejs',
  'bun',
  'deno',
  'php',
]);
const MAX_DEPTH = 6;
// A command line longer than this is not read (a guard has milliseconds): the guards deny it (tooLong in guard-kit.mjs).
const MAX_TEXT = 256 * 1024;

/** The program a word names: its base name (`/bin/rm` is rm, `\rm` is rm). */
export const programOf = (word) => path.basename(word ?? '');

/**
 * The simple commands of `text`, in the order bash would meet them. Each is `{ words, pipedFrom, from,
 * redirects, fed, stdinArgs, stdinText }`: its words after expansion (a variable the environment or the
 * line itself sets is expanded, others kept as `$NAME`; a glob kept as its pattern, with `globs[i]` set),
 * without leading `VAR=value` words and wrappers; the command piped into it; how it was found (`line`,
 * `sh -c`, `eval`, `$(…)`, `here-document`, `python -c`…); its redirections (`{op, target}`); the commands
 * of substitutions in its words (`fed`: `bash <(curl …)`, `sh -c "$(curl …)"`); whether `xargs` adds words
 * from stdin; and the text a here-document or here-string gives its stdin. An unreadable line is one
 * command `{ words: [text], unparsed: true }`.
 */
export function simpleCommands(text, env = {}, depth = 0, from = 'line') {
  if (typeof text !== 'string' || depth > MAX_DEPTH) return [];
  if (text.length > MAX_TEXT) return [{ words: [text], globs: [], from, redirects: [], fed: [], unparsed: true }];
  const tree = parser.parse(text);
  try {
    const reader = new Reader(env, depth, from);
    reader.visit(tree.rootNode, {});
    // Where the grammar stumbles (tree-sitter-bash reads `[ -d / ] && rm -rf /` as one test, its `]`
    // missing), what it recovered may hide a command: each piece between the line's operators is read
    // on its own too, so a guard sees more rather than less.
    if (tree.rootNode.hasError)
      for (const piece of pieces(text))
        if (piece !== text) reader.found.push(...simpleCommands(piece, env, depth + 1, from));
    return reader.found;
  } finally {
    tree.delete();
  }
}

/** `text` cut at the operators outside quotes and parentheses: `;`, `&`, `|`, `&&`, `||`, newlines. */
export function pieces(text) {
  const found = [];
  let start = 0;
  let quote;
  let level = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '(') level++;
    else if (c === ')') level = Math.max(0, level - 1);
    else if (level === 0 && (c === ';' || c === '&' || c === '|' || c === '\n')) {
      found.push(text.slice(start, i));
      start = i + 1;
    }
  }
  found.push(text.slice(start));
  return found.map((piece) => piece.trim()).filter(Boolean);
}

class Reader {
  constructor(env, depth, from) {
    this.vars = { ...env };
    this.depth = depth;
    this.from = from;
    this.found = [];
    this.extraDepth = 0;
  }

  /** Visit `node`; returns the command whose output leaves it (for a pipe), if any. */
  visit(node, context) {
    switch (node.type) {
      case 'command':
        return this.command(node, [], context);
      case 'redirected_statement':
        return this.redirected(node, context);
      case 'pipeline':
        return this.pipeline(node, context);
      case 'variable_assignment':
        this.assign(node);
        return undefined;
      case 'declaration_command':
        for (const child of node.namedChildren) {
          if (child.type === 'variable_assignment') this.assign(child);
          else this.substitutionsIn(child);
        }
        return undefined;
      case 'command_substitution':
      case 'process_substitution':
        this.substitution(node);
        return undefined;
      case 'function_definition': {
        // A function's body runs when it is called; the line may call it anywhere, so it is read as run.
        const body = node.childForFieldName('body');
        return body ? this.visit(body, context) : undefined;
      }
      case 'comment':
      case 'heredoc_body':
        return undefined;
      default: {
        let last;
        for (const child of node.namedChildren) last = this.visit(child, context) ?? last;
        return last;
      }
    }
  }

  pipeline(node, context) {
    let previous = context.stdinFrom;
    for (const child of node.namedChildren) previous = this.visit(child, { ...context, stdinFrom: previous });
    return previous;
  }

  redirected(node, context) {
    const body = node.childForFieldName('body');
    const redirects = [];
    const after = [];
    for (const child of node.namedChildren) {
      if (child === body || child.id === body?.id) continue;
      if (child.type === 'file_redirect') {
        const target = child.childForFieldName('destination');
        const op = child.children.find((c) => !c.isNamed)?.type ?? '>';
        if (target) this.substitutionsIn(target);
        const value = target ? this.words(target)[0] : undefined;
        redirects.push({ op, target: value?.text ?? '' });
      } else if (child.type === 'herestring_redirect') {
        if (child.namedChildren[0]) this.substitutionsIn(child.namedChildren[0]);
        const value = child.namedChildren[0] ? this.words(child.namedChildren[0])[0] : undefined;
        redirects.push({ op: '<<<', target: value?.text ?? '', text: value?.text ?? '' });
      } else if (child.type === 'heredoc_redirect') {
        const bodyNode = child.namedChildren.find((c) => c.type === 'heredoc_body');
        redirects.push({ op: '<<', target: '', text: bodyNode?.text ?? '' });
        // What follows the here-document's start on its line (`cat <<EOF | sh`, `cat <<EOF && rm -rf /`).
        let piped = false;
        for (const part of child.children) {
          if (!part.isNamed && (part.type === '|' || part.type === '|&')) piped = true;
          else if (part.isNamed && !['heredoc_start', 'heredoc_body', 'heredoc_end'].includes(part.type))
            after.push({ node: part, piped: piped || part.type === 'pipeline' });
        }
      } else this.visit(child, context);
    }
    let out;
    if (body?.type === 'command') out = this.command(body, redirects, context);
    else if (body) {
      const before = this.found.length;
      out = this.visit(body, context);
      // Redirections of a compound statement apply to the commands inside it (`{ cat; } < .env`).
      for (const command of this.found.slice(before)) command.redirects.push(...redirects);
      const feeding = redirects.find((r) => r.text !== undefined);
      if (feeding) for (const command of this.found.slice(before)) command.stdinText ??= feeding.text;
    }
    for (const { node: next, piped } of after) {
      const result = this.visit(next, piped ? { ...context, stdinFrom: out } : context);
      out = result ?? out;
    }
    return out;
  }

  assign(node) {
    const name = node.childForFieldName('name')?.text;
    const value = node.childForFieldName('value');
    if (value) this.substitutionsIn(value);
    const words = value ? this.words(value) : [];
    if (name) this.vars[name] = words.map((w) => w.text).join(' ');
  }

  /** The commands of `$(…)`, `` `…` `` or `<(…)`, read as commands of their own. */
  substitution(node) {
    const open = node.children[0]?.type ?? '$(';
    const from = open === '`' ? '`…`' : `${open}…)`;
    const before = this.found.length;
    const saved = this.from;
    this.from = from;
    for (const child of node.namedChildren) this.visit(child, {});
    this.from = saved;
    return this.found.slice(before);
  }

  substitutionsIn(node) {
    if (node.type === 'command_substitution' || node.type === 'process_substitution') return this.substitution(node);
    const found = [];
    for (const child of node.namedChildren) found.push(...this.substitutionsIn(child));
    return found;
  }

  command(node, redirects, context) {
    const words = [];
    const globs = [];
    const fed = [];
    const own = { ...this.vars };
    for (const child of node.namedChildren) {
      if (child.type === 'variable_assignment') {
        // `X=1 cmd`: X holds for cmd only.
        const name = child.childForFieldName('name')?.text;
        const value = child.childForFieldName('value');
        if (name)
          own[name] = value
            ? this.words(value)
                .map((w) => w.text)
                .join(' ')
            : '';
        continue;
      }
      if (child.type === 'file_redirect' || child.type === 'herestring_redirect') {
        const target = child.type === 'file_redirect' ? child.childForFieldName('destination') : child.namedChildren[0];
        const op = child.type === 'herestring_redirect' ? '<<<' : (child.children.find((c) => !c.isNamed)?.type ?? '>');
        if (target) this.substitutionsIn(target);
        const value = target ? this.words(target)[0]?.text : '';
        redirects.push(op === '<<<' ? { op, target: value ?? '', text: value ?? '' } : { op, target: value ?? '' });
        continue;
      }
      if (child.type === 'comment') continue;
      const target = child.type === 'command_name' ? (child.namedChildren[0] ?? child) : child;
      const subs = this.substitutionsIn(target);
      if (subs.length)
        fed.push({ index: words.length, commands: subs, process: target.type === 'process_substitution' });
      for (const word of this.words(target, own)) {
        words.push(word.text);
        globs.push(word.glob);
      }
    }
    if (words.length === 0) return undefined;
    const stdinText = redirects.find((r) => r.text !== undefined)?.text;
    return this.add({ words, globs, fed, redirects, stdinText }, context);
  }

  /** Record a simple command (unwrapped), and what it runs in turn. */
  add(raw, context, from = this.from) {
    const unwrapped = unwrap(raw.words, raw.globs);
    if (unwrapped.words.length === 0 && unwrapped.runs.length === 0) return undefined;
    const command = {
      words: unwrapped.words,
      globs: unwrapped.globs,
      pipedFrom: raw.pipedFrom ?? context.stdinFrom,
      from,
      redirects: raw.redirects ?? [],
      fed: raw.fed ?? [],
      stdinArgs: unwrapped.stdinArgs,
      stdinText: raw.stdinText,
      cwd: unwrapped.cwd,
    };
    if (command.words.length) this.found.push(command);
    for (const inner of unwrapped.runs) this.nested(inner.text, inner.from, command);
    if (this.depth + this.extraDepth < MAX_DEPTH) {
      this.extraDepth++;
      for (const extra of unwrapped.commands) this.add({ ...extra, stdinText: command.stdinText }, context, extra.from);
      this.extraDepth--;
    }
    if (command.words.length) this.runsOf(command, context);
    return command.words.length ? command : undefined;
  }

  nested(text, from, parent, vars = this.vars) {
    const inner = simpleCommands(text, vars, this.depth + 1, from);
    for (const command of inner) command.pipedFrom ??= parent?.pipedFrom;
    this.found.push(...inner);
  }

  /** What `command` runs as code: a shell's -c, eval, a script fed on stdin, an interpreter's one-liner. */
  runsOf(command, context) {
    const [program, ...args] = command.words;
    const name = programOf(program);
    if (name === 'eval') return this.nested(args.join(' '), 'eval', command);
    if (SHELLS.has(name)) {
      const script = shellScript(args);
      if (script.code !== undefined) {
        // `sh -c CODE NAME ARG…`: $0, $1… inside CODE are the words after it.
        const after = args.slice(script.at + 1);
        const positional = Object.fromEntries(after.map((word, i) => [String(i), word]));
        if (after.length > 1) positional['@'] = positional['*'] = after.slice(1).join(' ');
        return this.nested(script.code, `${name} -c`, command, { ...this.vars, ...positional });
      }
      if (script.stdin) {
        const text = stdinScript(command);
        if (text !== undefined) this.nested(text, 'stdin of a shell', command);
      }
      return undefined;
    }
    if (INTERPRETERS.has(name) || INTERPRETERS.has(name.replace(/[\d.]+$/, ''))) {
      const kind = INTERPRETERS.has(name) ? name : name.replace(/[\d.]+$/, '');
      const code = interpreterCode(kind, args) ?? (readsStdin(kind, args) ? stdinScript(command) : undefined);
      if (code === undefined || this.extraDepth >= 2) return undefined;
      this.extraDepth++;
      for (const extra of oneLinerCommands(kind, code)) {
        if (extra.shell !== undefined) this.nested(extra.shell, `${name} code`, command);
        else this.add({ words: extra.words, pipedFrom: extra.pipedFrom }, context, `${name} code`);
      }
      this.extraDepth--;
    }
    return undefined;
  }

  /** The words `node` expands to (`{text, glob}`): usually one; an unquoted `{a,b}` or `$VAR` holding spaces, more. */
  words(node, vars = this.vars) {
    const { text, glob, quoted } = expand(node, vars);
    if (!quoted && /\{[^{}]*,[^{}]*\}/.test(text)) return braces(text).map((t) => ({ text: t, glob }));
    if (!quoted && (node.type === 'simple_expansion' || node.type === 'expansion') && /\s/.test(text.trim()))
      return text
        .trim()
        .split(/\s+/)
        .map((t) => ({ text: t, glob }));
    return [{ text, glob }];
  }
}

/** A word's text after quoting and expansion, whether an unquoted glob character is in it, and whether any part was quoted. */
function expand(node, vars) {
  switch (node.type) {
    case 'word': {
      const raw = node.text;
      return { text: raw.replace(/\\(.)/gs, '$1'), glob: /(^|[^\\])[*?[]/.test(raw), quoted: raw.includes('\\') };
    }
    case 'raw_string':
      return { text: node.text.slice(1, -1), glob: false, quoted: true };
    case 'ansi_c_string':
      return { text: ansiC(node.text.slice(2, -1)), glob: false, quoted: true };
    case 'string': {
      let text = '';
      for (const child of node.namedChildren) {
        if (child.type === 'string_content') text += child.text.replace(/\\([$`"\\\n])/g, '$1');
        else text += expand(child, vars).text;
      }
      return { text, glob: false, quoted: true };
    }
    case 'simple_expansion':
    case 'expansion': {
      const name = node.namedChildren.find((c) => c.type === 'variable_name' || c.type === 'special_variable_name');
      const value = name ? vars[name.text] : undefined;
      if (typeof value === 'string' && node.namedChildren.length <= 1)
        return { text: value, glob: false, quoted: false };
      // `${X:-default}` with X unset: the default.
      const op = node.children.find((c) => c.type === ':-' || c.type === '-');
      const fallback = node.namedChildren.at(-1);
      if (op && fallback && fallback !== name && typeof value !== 'string') return expand(fallback, vars);
      if (typeof value === 'string' && (op || node.namedChildren.length > 1))
        return { text: value, glob: false, quoted: false };
      return { text: node.text, glob: false, quoted: false };
    }
    case 'concatenation': {
      let text = '';
      let glob = false;
      let quoted = false;
      for (const child of node.children) {
        const part = expand(child, vars);
        text += part.text;
        glob ||= part.glob;
        quoted ||= part.quoted;
      }
      return { text, glob, quoted };
    }
    case 'command_substitution':
    case 'process_substitution':
      return { text: node.text, glob: false, quoted: true };
    default:
      return { text: node.text, glob: /[*?]/.test(node.text), quoted: false };
  }
}

function ansiC(text) {
  const escapes = {
    n: '\n',
    t: '\t',
    r: '\r',
    a: '\x07',
    b: '\b',
    e: '\x1b',
    f: '\f',
    v: '\v',
    '\\': '\\',
    "'": "'",
    '"': '"',
  };
  return text.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/gs, (_, e) =>
    e[0] === 'x'
      ? String.fromCharCode(parseInt(e.slice(1), 16))
      : /^[0-7]/.test(e)
        ? String.fromCharCode(parseInt(e, 8))
        : (escapes[e] ?? `\\${e}`),
  );
}

/** Brace expansion of an unquoted word: `{a,b}c` is `ac bc`. */
function braces(text, limit = 64) {
  const match = /\{([^{}]*,[^{}]*)\}/.exec(text);
  if (!match) return [text];
  const out = [];
  for (const part of match[1].split(','))
    out.push(...braces(text.slice(0, match.index) + part + text.slice(match.index + match[0].length), limit));
  return out.slice(0, limit);
}

/** A shell's arguments: the code of its -c, or whether it reads its script from stdin. */
export function shellScript(args) {
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    if (word === '--' || word === '-') return { stdin: i === args.length - 1 || word === '-' };
    if (/^-[a-zA-Z]*c[a-zA-Z]*$/.test(word)) return { code: args[i + 1] ?? '', at: i + 1 };
    if (/^[-+]o$/.test(word) || word === '-O' || word === '+O' || word === '--rcfile' || word === '--init-file') {
      i++;
      continue;
    }
    if (/^-[a-zA-Z]*s[a-zA-Z]*$/.test(word)) return { stdin: true };
    if (word.startsWith('-') || word.startsWith('+')) continue;
    return { stdin: false, file: word };
  }
  return { stdin: true };
}

/** An interpreter's code given on its command line (`python3 -c CODE`, `perl -e CODE`, `node -e CODE`…). */
export function interpreterCode(name, args) {
  const flag = /^python/.test(name)
    ? /^-[a-zA-Z]*c$/
    : name === 'php'
      ? /^-r$/
      : /^(node|nodejs|bun|deno)$/.test(name)
        ? /^(-e|-p|--eval|--print|-pe|eval)$/
        : /^-[a-zA-Z]*[eE]$/;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--') break;
    const eq = /^--(eval|print)=(.*)$/s.exec(args[i]);
    if (eq) return eq[2];
    if (flag.test(args[i])) return args[i + 1] ?? '';
    if (!args[i].startsWith('-') && !(name === 'deno' && args[i] === 'eval')) break;
  }
  return undefined;
}

/** Whether an interpreter run with `args` reads its program from stdin (`python3 -`, a bare `perl`). */
export function readsStdin(name, args) {
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    if (word === '-' || word === '/dev/stdin') return true;
    if (/^python/.test(name) && (/^-[a-zA-Z]*[cm]$/.test(word) || word.startsWith('-m'))) return false;
    if (/^(perl|ruby)$/.test(name) && /^-[a-zA-Z]*[eE]/.test(word)) return false;
    if (/^(node|nodejs|bun|deno)$/.test(name) && /^(-e|-p|--eval|--print|-pe|run|eval|x|install|test)$/.test(word))
      return false;
    if (name === 'php' && /^-[rfS]$/.test(word)) return false;
    if (/^(-W|-X|-Q|-I|-r|--require|-C|-x)$/.test(word)) {
      i++;
      continue;
    }
    if (word.startsWith('-')) continue;
    return false;
  }
  return true;
}

/** The script a shell or an interpreter reading stdin gets: a here-document, or what echo/printf/cat pipe into it. */
function stdinScript(command) {
  if (command.stdinText !== undefined) return command.stdinText;
  const source = command.pipedFrom;
  if (!source) return undefined;
  const name = programOf(source.words[0]);
  if (name === 'echo')
    return source.words
      .slice(1)
      .filter((w, i) => !(i === 0 && /^-[neE]+$/.test(w)))
      .join(' ');
  if (name === 'printf') return ansiC(source.words[1] ?? '').replace(/%%/g, '%') + source.words.slice(2).join(' ');
  if (name === 'cat' && source.stdinText !== undefined) return source.stdinText;
  return undefined;
}
