// A command hook that cannot start at all: its program or script is missing, a script is not
// executable, or the interpreter it names (in the command, or on its #! line) is not on the PATH
// the client gives its hooks. The client sees exit 126 or 127, which every client reads as a
// non-blocking error: the hook "ran", and nothing happened (issue 30's "twenty hooks, six weeks").
import { closeSync, constants, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import type { HookEntry } from '../settings/config.js';
import { findOnPath, isExecutable } from '../common/find-on-path.js';
import { leadingWords } from './command-words.js';
import { cannotRunRow } from './cannot-run-row.js';
import type { ClientFiles } from './client-files.js';
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

// The first bytes of `file`: a #! line is at most this long where the kernel reads it. Only these
// are read: the program is often a binary (/usr/bin/node, over 100 MB), read whole on every
// GET /status before (issue 40, item 5).
const HEAD_BYTES = 256;

function headOf(file: string): string {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    return buffer.subarray(0, readSync(fd, buffer, 0, HEAD_BYTES, 0)).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

// The interpreter of a script's #! line (`/usr/bin/env python3` → python3), if it has one.
function shebangOf(file: string): string | undefined {
  let head = '';
  try {
    head = headOf(file);
  } catch {
    return undefined;
  }
  const line = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(head);
  if (!line) return undefined;
  return path.basename(line[1]!) === 'env' && line[2] ? line[2] : line[1];
}

// `name` on `pathVar`, as the client's shell finds it; every folder of the PATH is noted as looked
// at, so that a program installed into one (or removed from it) is seen by the next listing.
function onPath(name: string, pathVar: string | undefined, files: ClientFiles): boolean {
  for (const dir of (pathVar ?? '').split(path.delimiter)) files.lookedAt(path.resolve(dir || '.'));
  const found = findOnPath(name, pathVar);
  if (found) files.lookedAt(found.found);
  return found !== undefined;
}

// Why the program `word` cannot start, if it cannot; `asScript` when an interpreter runs it.
function whyNot(
  word: string,
  asScript: boolean,
  pathVar: string | undefined,
  files: ClientFiles,
): { why: string; fix: string } | undefined {
  if (!word.includes('/')) {
    if (asScript || BUILTINS.has(word) || onPath(word, pathVar, files)) return undefined;
    return {
      why: `${word} is not on the PATH the client gives its hooks`,
      fix: `install ${word}, or write its full path in the command (the client's PATH may not be your shell's: hookd doctor --path "$CLIENT_PATH")`,
    };
  }
  if (!path.isAbsolute(word)) return undefined; // relative to the project the client runs in: unknown here
  files.lookedAt(word);
  if (!isFile(word))
    return { why: `${word} does not exist`, fix: `restore ${word}, or correct the path in the command` };
  if (asScript) return undefined;
  if (!isExecutable(word)) return { why: `${word} is not executable`, fix: `chmod +x ${word}` };
  const interpreter = shebangOf(word);
  if (interpreter && !interpreter.includes('/') && !onPath(interpreter, pathVar, files))
    return {
      why: `${word} starts with #! for ${interpreter}, which is not on the PATH the client gives its hooks`,
      fix: `install ${interpreter}, or point the #! line at one that is installed`,
    };
  if (interpreter?.includes('/')) files.lookedAt(interpreter);
  if (interpreter?.includes('/') && !isFile(interpreter))
    return {
      why: `${word} starts with #!${interpreter}, which does not exist`,
      fix: 'point the #! line at an interpreter that is installed',
    };
  return undefined;
}

/** Command hooks whose program, script or interpreter cannot start. */
export const commandCannotStart: ReasonCheck = async (entries, files, context) =>
  entries.flatMap((entry): CannotRun[] => {
    if (entry.type !== 'command' || !entry.run) return [];
    // A PowerShell entry starts its client's PowerShell program, not sh: that program must be there.
    if (entry.powershell) {
      const program = entry.client.powershell ?? 'pwsh';
      return onPath(program, context.pathVar, files)
        ? []
        : [
            cannotRunRow(
              entry,
              'cannot-start',
              `the command cannot start: it runs under PowerShell ("shell": "powershell"), and ${program}, the program ${entry.client.name} runs it with, is not on the PATH the client gives its hooks`,
              `install PowerShell (${program}), or write the hook for sh and take "shell" out`,
            ),
          ];
    }
    const [program, script] = leadingWords(entry.run, varsFor(entry, context));
    if (!program) return [];
    const problem =
      whyNot(program, false, context.pathVar, files) ??
      (script && INTERPRETERS.test(path.basename(program)) && !script.startsWith('-')
        ? whyNot(script, true, context.pathVar, files)
        : undefined);
    return problem
      ? [cannotRunRow(entry, 'cannot-start', `the command cannot start: ${problem.why}`, problem.fix)]
      : [];
  });
