#!/usr/bin/env node
// no-force-push: denies `git push --force` (and -f, --force-with-lease, a `+refspec`) to a protected
// branch, and `git reset --hard` while on one, whatever the client. Protected: main, master,
// trunk, develop, release/*, or the names in HOOKD_PROTECTED_BRANCHES (space- or comma-separated).
// The branch a push without a refspec goes to, and the branch a reset runs on, is the current one
// (`git rev-parse`, run in the event's directory only when one of these commands is seen).
//   Set up:  hookd install --add no-force-push
//   Reads:   HOOKD_HIF_TOOL, HOOKD_HIF_COMMAND (docs/bridges.md).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { programOf, runGuard, simpleCommands } from './guard-kit.mjs';

const DEFAULT_PROTECTED = ['main', 'master', 'trunk', 'develop', 'release/*'];

function isProtected(branch, env) {
  const names = env.HOOKD_PROTECTED_BRANCHES
    ? env.HOOKD_PROTECTED_BRANCHES.split(/[\s,]+/).filter(Boolean)
    : DEFAULT_PROTECTED;
  const short = branch.replace(/^refs\/heads\//, '');
  return names.some((name) => (name.endsWith('/*') ? short.startsWith(name.slice(0, -1)) : short === name));
}

function currentBranch(cwd) {
  try {
    return execFileSync('git', ['rev-parse', '--abbrev-ref', 'HEAD'], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 3000,
    }).trim();
  } catch {
    return undefined;
  }
}

// git's own options before the subcommand: -C DIR moves it; -c NAME=VALUE and the others are skipped.
function gitCall(args, cwd) {
  let i = 0;
  for (; i < args.length && args[i].startsWith('-'); i++) {
    if (args[i] === '-C') cwd = path.resolve(cwd, args[++i] ?? '.');
    else if (args[i] === '-c' || args[i] === '--git-dir' || args[i] === '--work-tree') i++;
  }
  return { sub: args[i], rest: args.slice(i + 1), cwd };
}

/** The reason to deny `input`, or undefined. */
export function check(input, branchOf = currentBranch) {
  if (input.tool !== 'shell' || !input.command) return undefined;
  for (const { words } of simpleCommands(input.command, input.env)) {
    if (programOf(words[0]) !== 'git') continue;
    const { sub, rest, cwd } = gitCall(words.slice(1), input.cwd);
    if (sub === 'push') {
      const forced = rest.some(
        (word) =>
          word === '-f' ||
          word === '--force' ||
          word.startsWith('--force-with-lease') ||
          (/^-[a-zA-Z]*f[a-zA-Z]*$/.test(word) && !word.startsWith('--')),
      );
      const plain = rest.filter((word) => !word.startsWith('-'));
      const refspecs = plain.slice(1); // after the remote
      const plus = refspecs.filter((spec) => spec.startsWith('+'));
      if (!forced && plus.length === 0) continue;
      const specs = forced ? refspecs : plus;
      const targets = specs.length ? specs.map((spec) => spec.replace(/^\+/, '').split(':').at(-1)) : [branchOf(cwd)];
      for (const target of targets) {
        const branch = target === 'HEAD' || target === undefined ? branchOf(cwd) : target;
        if (branch === undefined)
          return 'git push --force to a branch the guard cannot tell: push without --force, or name the branch (no-force-push)';
        if (isProtected(branch, input.env))
          return `git push --force to the protected branch ${branch}: push a new branch and open a pull request instead (no-force-push)`;
      }
    }
    if (sub === 'reset' && rest.includes('--hard')) {
      const branch = branchOf(cwd);
      if (branch === undefined || isProtected(branch, input.env))
        return `git reset --hard on ${branch ? `the protected branch ${branch}` : 'a branch the guard cannot tell'}: it throws work away; use git stash or a new branch (no-force-push)`;
    }
  }
  return undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runGuard(check);
