// What every guard of hooks-examples/guards/ shares. A guard is a hook in the canonical form (HIF
// hooks/0.1), written once for every client: installed with `hookd install --add NAME`, it runs as
// `hookd sync --canonical … -- 'NODE …/guards/NAME.mjs'` (or `hookd guard NAME`), reads the canonical fields hookd gives it
// (HOOKD_HIF_TOOL, HOOKD_HIF_COMMAND, HOOKD_HIF_FILE: docs/bridges.md) and denies (exit 2, the
// reason on stderr) or says nothing (allow); hookd hands that to each client in its terms.
// The shell command is read with a shell parser (shell-quote), never with regular expressions over
// the raw string: quotes, operators, `sh -c '…'`, `$(…)` and `<(…)` are taken apart first.
import { parse } from 'shell-quote';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What the guard reads: the canonical fields, the event's directory and the project. Run without
 * hookd (`node no-rm-rf.mjs` as a client's own hook), the fields are read from the payload by the
 * same rule hookd's bridges use (dist/hif/canonical-input.js of this package).
 */
export async function readInput(env = process.env, payload = readPayload()) {
  const direct = env.HOOKD_HIF_CLIENT === undefined;
  if (direct) env = { ...env, ...(await fieldsWithoutHookd(env, payload)) };
  // Cursor's payloads carry its version and workspace roots, whatever its variables say.
  const client =
    direct && (typeof payload.cursor_version === 'string' || Array.isArray(payload.workspace_roots))
      ? 'cursor'
      : env.HOOKD_HIF_CLIENT;
  const cwd =
    typeof payload.cwd === 'string'
      ? payload.cwd
      : Array.isArray(payload.workspace_roots) && typeof payload.workspace_roots[0] === 'string'
        ? payload.workspace_roots[0]
        : process.cwd();
  const project =
    env.CLAUDE_PROJECT_DIR ||
    env.FACTORY_PROJECT_DIR ||
    env.QWEN_PROJECT_DIR ||
    env.GEMINI_PROJECT_DIR ||
    env.COPILOT_PROJECT_DIR ||
    env.CURSOR_PROJECT_DIR ||
    env.OPENCODE_PROJECT_DIR ||
    env.PI_PROJECT_DIR ||
    env.CRUSH_PROJECT_DIR ||
    cwd;
  return {
    direct,
    client,
    event: env.HOOKD_HIF_EVENT ?? '',
    tool: env.HOOKD_HIF_TOOL ?? '',
    command: env.HOOKD_HIF_COMMAND,
    file: env.HOOKD_HIF_FILE,
    cwd,
    project: path.resolve(project),
    env,
  };
}

function readPayload() {
  try {
    const data = JSON.parse(readFileSync(0, 'utf8'));
    return data && typeof data === 'object' ? data : {};
  } catch {
    return {};
  }
}

async function fieldsWithoutHookd(env, payload) {
  const dist = new URL('../../dist/', import.meta.url);
  const { canonicalFields } = await import(new URL('hif/canonical-input.js', dist).href);
  const { clientFromEnv } = await import(new URL('clients/registry.js', dist).href);
  const client = clientFromEnv(env)?.id ?? 'generic';
  const event = typeof payload.hook_event_name === 'string' ? payload.hook_event_name : '';
  return canonicalFields(client, event, Buffer.from(JSON.stringify(payload)));
}

const SEPARATORS = new Set([';', '&&', '||', '|', '&', '|&', '\n']);
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'fish', 'busybox']);
// Words that run the rest of the line as a command of their own.
const WRAPPERS = new Set([
  'sudo',
  'doas',
  'command',
  'builtin',
  'exec',
  'nice',
  'nohup',
  'time',
  'env',
  'xargs',
  'timeout',
  'stdbuf',
  'ionice',
  'chronic',
]);

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
    else if ('comment' in token)
      break; // the rest of the line is a comment
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
      if (c !== -1 && rest[c + 1] !== undefined)
        found.push(...simpleCommands(rest[c + 1], env, depth + 1, `${programOf(program)} -c`));
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

/**
 * Answer the client: deny with `reason`, or nothing (allow). The denial is the spec's exit 2 with
 * the reason on stderr rather than `{"decision": "deny"}`: hookd translates both alike, and exit 2
 * is also what Claude Code, Droid, Qwen Code, Codex, Gemini CLI, Copilot CLI (its preToolUse denies
 * on exit 1 and 2) and hookd's OpenCode and pi shims read as a denial from a hook they run
 * themselves, so the guard keeps denying when run without hookd (`input.direct`). Cursor, run
 * without hookd, is also told in its documented fields on stdout: its before-events read
 * `{"permission": "deny"}`, and that holds whatever it makes of the exit code.
 */
export function answer(reason, input) {
  if (!reason) return;
  if (input?.direct && input.client === 'cursor')
    process.stdout.write(`${JSON.stringify({ permission: 'deny', user_message: reason, agent_message: reason })}\n`);
  process.stderr.write(`${reason}\n`);
  process.exitCode = 2;
}

/** Run `check(input)` on this process's input: its reason denies, undefined allows. */
export async function runGuard(check) {
  const input = await readInput();
  answer(check(input), input);
}
