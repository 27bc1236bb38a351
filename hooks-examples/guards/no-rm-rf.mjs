#!/usr/bin/env node
// no-rm-rf: denies a recursive `rm` whose target lies outside the project (or is the project
// itself, the home folder or the root), whatever the client: `rm -rf /`, `sudo rm -r ~/x`,
// `cd / && rm -rf *`, `sh -c 'rm -rf "$HOME"'`. A target the guard cannot resolve (a variable it
// does not know) is denied too: it cannot tell where it points.
//   Set up:  hookd install --add no-rm-rf   (every client's "before a tool runs" event, behind hookd sync --canonical)
//   Reads:   HOOKD_HIF_TOOL, HOOKD_HIF_COMMAND (docs/bridges.md); the project from the client's *_PROJECT_DIR, else the event's cwd.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { insideProject, programOf, runGuard, simpleCommands } from './guard-kit.mjs';

const recursive = (word) => word === '--recursive' || /^-[a-zA-Z]*[rR][a-zA-Z]*$/.test(word);

/** The reason to deny `input`, or undefined. */
export function check(input) {
  if (input.tool !== 'shell' || !input.command) return undefined;
  const home = input.env.HOME ?? '';
  let cwd = input.cwd;
  for (const { words } of simpleCommands(input.command, input.env)) {
    const [program, ...args] = words;
    // A `cd` moves where the next commands' relative paths point.
    if (programOf(program) === 'cd') {
      const to = args.find((word) => !word.startsWith('-')) ?? home;
      cwd = path.resolve(cwd, to.replace(/^~(?=$|\/)/, home));
      continue;
    }
    if (programOf(program) !== 'rm') continue;
    const options = args.indexOf('--') === -1 ? args : args.slice(0, args.indexOf('--'));
    if (!options.some(recursive)) continue;
    const targets = args.filter((word, i) => !(i < options.length && word.startsWith('-')) && word !== '--');
    for (const target of targets) {
      const resolved = target.replace(/^~(?=$|\/)/, home);
      if (/\$/.test(resolved)) return `rm -r on ${target}: the guard cannot tell where it points (no-rm-rf)`;
      if (!insideProject(resolved, cwd, input.project))
        return `rm -r on ${target} reaches outside the project ${input.project}: delete inside the project only (no-rm-rf)`;
    }
  }
  return undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runGuard(check);
