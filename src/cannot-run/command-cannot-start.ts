// A command hook that cannot start at all: its program or script is missing, a script is not
// executable, or the interpreter it names (in the command, or on its #! line) is not on the PATH
// the client gives its hooks. The client sees exit 126 or 127, which every client reads as a
// non-blocking error: the hook "ran", and nothing happened (issue 30's "twenty hooks, six weeks").
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { HookEntry } from '../settings/config.js';
import { findOnPath, isExecutable } from '../common/find-on-path.js';
import { leadingWords } from './command-words.js';
import { cannotRunRow } from './cannot-run-row.js';
import type { CannotRun, CannotRunContext, ReasonCheck } from './cannot-run.js';

// Shell builtins and keywords: never looked up on PATH.
const BUILTINS = new Set([
  '.',
  ':',
  '[',
  'alias',
  'break',
  'case',
  'cd',
  'command',
  'continue',
  'echo',
  'eval',
  'exec',
  'exit',
  'export',
  'false',
  'for',
  'if',
  'printf',
  'read',
  'return',
  'set',
  'shift',
  'source',
  'test',
  'trap',
  'true',
  'type',
  'ulimit',
  'umask',
  'unset',
  'wait',
  'while',
  '{',
  '!',
]);
// Programs that take a script as their first argument: the script needs no exec bit, but must exist.
const INTERPRETERS = /^(?:python[0-9.]*|node|bash|sh|zsh|dash|ruby|perl|deno|bun|php|lua|tsx|uv)$/;

// The variables the clients set for a hook that hookd can know here: a plugin's root, and HOME.
function varsFor(entry: HookEntry, context: CannotRunContext): Record<string, string> {
  const vars: Record<string, string> = { HOME: context.home };
  if (path.basename(path.dirname(entry.file)) === 'hooks' && entry.file.includes(`${path.sep}plugins${path.sep}`)) {
    const root = path.dirname(path.dirname(entry.file));
    vars.CLAUDE_PLUGIN_ROOT = root;
    vars.PLUGIN_ROOT = root;
  }
  return vars;
}

const isFile = (file: string) => statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;

// The interpreter of a script's #! line (`/usr/bin/env python3` → python3), if it has one.
function shebangOf(file: string): string | undefined {
  let head = '';
  try {
    head = readFileSync(file, { encoding: 'utf8', flag: 'r' }).slice(0, 200);
  } catch {
    return undefined;
  }
  const line = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(head);
  if (!line) return undefined;
  return path.basename(line[1]!) === 'env' && line[2] ? line[2] : line[1];
}

// Why the program `word` cannot start, if it cannot; `asScript` when an interpreter runs it.
function whyNot(
  word: string,
  asScript: boolean,
  pathVar: string | undefined,
): { why: string; fix: string } | undefined {
  if (!word.includes('/')) {
    if (asScript || BUILTINS.has(word) || findOnPath(word, pathVar)) return undefined;
    return {
      why: `${word} is not on the PATH the client gives its hooks`,
      fix: `install ${word}, or write its full path in the command (the client's PATH may not be your shell's: hookd doctor --path "$CLIENT_PATH")`,
    };
  }
  if (!path.isAbsolute(word)) return undefined; // relative to the project the client runs in: unknown here
  if (!isFile(word))
    return { why: `${word} does not exist`, fix: `restore ${word}, or correct the path in the command` };
  if (asScript) return undefined;
  if (!isExecutable(word)) return { why: `${word} is not executable`, fix: `chmod +x ${word}` };
  const interpreter = shebangOf(word);
  if (interpreter && !interpreter.includes('/') && !findOnPath(interpreter, pathVar))
    return {
      why: `${word} starts with #! for ${interpreter}, which is not on the PATH the client gives its hooks`,
      fix: `install ${interpreter}, or point the #! line at one that is installed`,
    };
  if (interpreter?.includes('/') && !isFile(interpreter))
    return {
      why: `${word} starts with #!${interpreter}, which does not exist`,
      fix: 'point the #! line at an interpreter that is installed',
    };
  return undefined;
}

/** Command hooks whose program, script or interpreter cannot start. */
export const commandCannotStart: ReasonCheck = async (entries, _files, context) =>
  entries.flatMap((entry): CannotRun[] => {
    if (entry.type !== 'command' || !entry.run) return [];
    const [program, script] = leadingWords(entry.run, varsFor(entry, context));
    if (!program) return [];
    const problem =
      whyNot(program, false, context.pathVar) ??
      (script && INTERPRETERS.test(path.basename(program)) && !script.startsWith('-')
        ? whyNot(script, true, context.pathVar)
        : undefined);
    return problem
      ? [cannotRunRow(entry, 'cannot-start', `the command cannot start: ${problem.why}`, problem.fix)]
      : [];
  });
