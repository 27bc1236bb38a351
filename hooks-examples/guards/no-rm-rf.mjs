#!/usr/bin/env node
// no-rm-rf: denies a recursive delete whose target lies outside the project (or is the project
// itself, the home folder or the root), whatever the client: `rm -rf /`, `sudo rm -r ~/x`,
// `cd / && rm -rf *`, `sh -c 'rm -rf "$HOME"'`, `find / -delete`, `find … -exec rm -rf {} +`,
// `xargs rm -rf`, `rimraf`, `python3 -c "shutil.rmtree(…)"`. A target is checked where it really
// points (through symlinks), a glob by the folder it empties (`rm -rf *` at the project root is the
// project). A target the guard cannot resolve (a variable it does not know, words from stdin) is denied too.
//   Set up:  hookd install --add no-rm-rf   (every client's "before a tool runs" event, behind hookd sync --canonical)
//   Reads:   HOOKD_HIF_TOOL, HOOKD_HIF_COMMAND (docs/bridges.md); the project from the client's *_PROJECT_DIR, else the event's cwd.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  expandGlob,
  insideProject,
  namesWholeFolder,
  programOf,
  runGuard,
  simpleCommands,
  tooLong,
} from './guard-kit.mjs';

const recursive = (word) => word === '--recursive' || /^-[a-zA-Z]*[rR][a-zA-Z]*$/.test(word);
// Programs that delete a whole tree whatever their options say.
const TREE_DELETERS = new Set(['rimraf', 'del-cli', 'trash-empty']);

/** The targets a delete names, from a command's words after its options. */
function targetsOf(args, globs) {
  const end = args.indexOf('--');
  return args
    .map((word, i) => ({ word, glob: globs[i + 1] }))
    .filter(({ word }, i) => (end === -1 || i !== end) && !((end === -1 || i < end) && word.startsWith('-')));
}

/** What the words `xargs` adds from stdin point at: the folders `find` walks or `ls` lists, the words `echo` prints. */
function stdinTargets(from) {
  const name = programOf(from?.words[0]);
  const args = from?.words.slice(1) ?? [];
  if (name === 'find') {
    const roots = [];
    for (const word of args) {
      if (word.startsWith('-') || word === '(' || word === '!') break;
      roots.push(word);
    }
    return (roots.length ? roots : ['.']).map((root) => ({ word: path.posix.join(root, '_'), glob: false }));
  }
  if (name === 'ls') {
    const dirs = args.filter((word) => !word.startsWith('-'));
    return (dirs.length ? dirs : ['.']).map((dir) => ({ word: path.posix.join(dir, '_'), glob: false }));
  }
  if (name === 'echo' || name === 'printf')
    return args.filter((w) => !w.startsWith('-')).map((word) => ({ word, glob: false }));
  return undefined;
}

/** The reason to deny `input`, or undefined. */
export function check(input) {
  if (input.tool !== 'shell' || !input.command) return undefined;
  const home = input.env.HOME ?? '';
  let cwd = input.cwd;
  for (const command of simpleCommands(input.command, input.env)) {
    if (command.unparsed) return tooLong('no-rm-rf');
    const [program, ...args] = command.words;
    const name = programOf(program);
    const here = command.cwd ? path.resolve(cwd, command.cwd.replace(/^~(?=$|\/)/, home)) : cwd;
    // A `cd` moves where the next commands' relative paths point.
    if (name === 'cd' || name === 'pushd') {
      const to = args.find((word) => !word.startsWith('-')) ?? home;
      cwd = path.resolve(cwd, to.replace(/^~(?=$|\/)/, home));
      continue;
    }
    let targets;
    if (
      name === 'rm' &&
      args.some((word, i) => recursive(word) && (args.indexOf('--') === -1 || i < args.indexOf('--')))
    )
      targets = targetsOf(args, command.globs);
    else if (TREE_DELETERS.has(name)) targets = targetsOf(args, command.globs);
    else continue;
    if (command.stdinArgs) {
      const more = stdinTargets(command.pipedFrom);
      if (more === undefined)
        return `${name} -r on paths read from stdin: the guard cannot tell where they point (no-rm-rf)`;
      targets.push(...more);
    }
    for (const { word, glob } of targets) {
      const target = word.replace(/^~(?=$|\/)/, home);
      if (/\$/.test(target)) return `rm -r on ${word}: the guard cannot tell where it points (no-rm-rf)`;
      const reason = `rm -r on ${word} reaches outside the project ${input.project}: delete inside the project only (no-rm-rf)`;
      if (glob) {
        // `rm -rf *` empties the folder: it is the folder itself; other globs, the files they match.
        if (namesWholeFolder(target)) {
          if (!insideProject(path.dirname(target), here, input.project, true)) return reason;
          continue;
        }
        const matches = expandGlob(target, here);
        for (const match of matches.length ? matches : [target])
          if (!insideProject(match, here, input.project)) return reason;
        continue;
      }
      if (!insideProject(target, here, input.project)) return reason;
    }
  }
  return undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runGuard(check);
