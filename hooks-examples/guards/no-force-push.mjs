#!/usr/bin/env node
// no-force-push: denies `git push --force` (and -f, --force-with-lease, a `+refspec`) to a protected
// branch, every push that deletes one (`:main`, `--delete`, `-d`) or all of them (`--mirror`, `--all -f`),
// deleting or overwriting one locally (`branch -D`, `branch -f`, `checkout -B`, `update-ref`), and
// `git reset --hard` while on one, whatever the client, through git's aliases too (`-c alias.p=push`,
// and the aliases in git's config). Protected: main, master,
// trunk, develop, release/*, or the names in HOOKD_PROTECTED_BRANCHES (space- or comma-separated).
// The branch a push without a refspec goes to, and the branch a reset runs on, is the current one
// (`git rev-parse`, run in the event's directory only when one of these commands is seen).
//   Set up:  hookd install --add no-force-push
//   Reads:   HOOKD_HIF_TOOL, HOOKD_HIF_COMMAND (docs/bridges.md).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { programOf, runGuard, simpleCommands, tooLong } from './guard-kit.mjs';

const DEFAULT_PROTECTED = ['main', 'master', 'trunk', 'develop', 'release/*'];

function isProtected(branch, env) {
  const names = env.HOOKD_PROTECTED_BRANCHES
    ? env.HOOKD_PROTECTED_BRANCHES.split(/[\s,]+/).filter(Boolean)
    : DEFAULT_PROTECTED;
  const short = branch.replace(/^refs\/heads\//, '');
  return names.some((name) => (name.endsWith('/*') ? short.startsWith(name.slice(0, -1)) : short === name));
}

/** What `git ARGS` prints in `cwd`, trimmed; undefined when git fails or is missing (bounded: a guard has seconds). */
function git(args, cwd) {
  try {
    return execFileSync('git', args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 3000,
    }).trim();
  } catch {
    return undefined;
  }
}

const currentBranch = (cwd) => git(['rev-parse', '--abbrev-ref', 'HEAD'], cwd);

// git's subcommands, so that another word after git's options is read as an alias.
const GIT_COMMANDS = new Set(
  'add am annotate apply archive bisect blame branch bundle cat-file check-ignore checkout cherry cherry-pick clean clone commit config describe diff fetch format-patch fsck gc grep init log ls-files ls-remote ls-tree merge mv notes pull push range-diff rebase reflog remote repack replace reset restore revert rm shortlog show show-ref sparse-checkout stash status submodule switch tag update-ref worktree help version'.split(
    ' ',
  ),
);

/** An alias's expansion: `-c alias.NAME=VALUE` on the line, else the repository's and the user's git config. */
function gitAlias(name, aliases, cwd) {
  return aliases.has(name) ? aliases.get(name) : git(['config', '--get', `alias.${name}`], cwd);
}

// git's own options before the subcommand: -C DIR moves it; -c NAME=VALUE may define an alias; the others are skipped.
function gitCall(args, cwd, aliases = new Map(), depth = 0) {
  let i = 0;
  for (; i < args.length && args[i].startsWith('-'); i++) {
    if (args[i] === '-C') cwd = path.resolve(cwd, args[++i] ?? '.');
    else if (args[i] === '-c') {
      const [key, ...value] = (args[++i] ?? '').split('=');
      if (/^alias\./i.test(key)) aliases.set(key.slice(6), value.join('='));
    } else if (args[i] === '--git-dir' || args[i] === '--work-tree' || args[i] === '--namespace') i++;
  }
  const sub = args[i];
  if (sub !== undefined && !GIT_COMMANDS.has(sub) && depth < 4) {
    const expansion = gitAlias(sub, aliases, cwd);
    // `alias.p=push` runs `git push …`; `alias.p=!git push` runs a shell command: read as one.
    if (expansion && !expansion.startsWith('!'))
      return gitCall([...expansion.split(/\s+/).filter(Boolean), ...args.slice(i + 1)], cwd, aliases, depth + 1);
    if (expansion) return { shell: `${expansion.slice(1)} ${args.slice(i + 1).join(' ')}`, cwd };
  }
  return { sub, rest: args.slice(i + 1), cwd };
}

// push's options that take a value as the next word.
const PUSH_VALUES = /^(-o|--push-option|--repo|--receive-pack|--exec)$/;

/** What a `git push` does to which branches: `{ forced, deleted, mirror, all, targets }`. */
function readPush(rest) {
  let forced = false;
  let deleted = false;
  let mirror = false;
  let all = false;
  const plain = [];
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i];
    if (word === '--') {
      plain.push(...rest.slice(i + 1));
      break;
    }
    if (PUSH_VALUES.test(word)) i++;
    else if (word === '--force' || word.startsWith('--force-with-lease') || word === '--force-if-includes')
      forced = true;
    else if (word === '--delete') deleted = true;
    else if (word === '--mirror') mirror = true;
    else if (word === '--all' || word === '--branches') all = true;
    else if (/^-[a-zA-Z]+$/.test(word)) {
      if (word.includes('f')) forced = true;
      if (word.includes('d')) deleted = true;
    } else if (!word.startsWith('-')) plain.push(word);
  }
  const specs = plain.slice(1); // after the remote
  const targets = specs.map((spec) => {
    const plus = spec.startsWith('+');
    const [src, dst] = spec.replace(/^\+/, '').split(':');
    return {
      dst: spec.includes(':') ? dst : src,
      force: plus || forced,
      remove: deleted || (spec.includes(':') && src === ''),
    };
  });
  return { forced, deleted, mirror, all, targets };
}

/** The reason to deny `input`, or undefined. */
export function check(input, branchOf = currentBranch) {
  if (input.tool !== 'shell' || !input.command) return undefined;
  const commands = simpleCommands(input.command, input.env);
  for (let c = 0; c < commands.length; c++) {
    const { words, unparsed } = commands[c];
    if (unparsed) return tooLong('no-force-push');
    if (programOf(words[0]) !== 'git') continue;
    const call = gitCall(words.slice(1), input.cwd);
    if (call.shell !== undefined) {
      commands.push(...simpleCommands(call.shell, input.env, 1, 'git alias'));
      continue;
    }
    const { sub, rest, cwd } = call;
    const protectedName = (branch) =>
      branch !== undefined && isProtected(branch.replace(/^refs\/heads\//, ''), input.env);
    if (sub === 'push') {
      const push = readPush(rest);
      if (push.mirror)
        return 'git push --mirror overwrites and deletes every branch on the remote, protected ones too (no-force-push)';
      if (push.all && push.forced)
        return 'git push --all --force rewrites every branch on the remote, protected ones too (no-force-push)';
      const targets = push.targets.length ? push.targets : [{ dst: 'HEAD', force: push.forced, remove: push.deleted }];
      for (const target of targets) {
        if (!target.force && !target.remove) continue;
        const branch =
          target.dst === 'HEAD' || target.dst === '' || target.dst === undefined ? branchOf(cwd) : target.dst;
        if (branch === undefined)
          return 'git push --force to a branch the guard cannot tell: push without --force, or name the branch (no-force-push)';
        if (protectedName(branch))
          return target.remove
            ? `git push deleting the protected branch ${branch}: it is not yours to delete (no-force-push)`
            : `git push --force to the protected branch ${branch}: push a new branch and open a pull request instead (no-force-push)`;
      }
    }
    if (sub === 'reset' && rest.includes('--hard')) {
      const branch = branchOf(cwd);
      if (branch === undefined || isProtected(branch, input.env))
        return `git reset --hard on ${branch ? `the protected branch ${branch}` : 'a branch the guard cannot tell'}: it throws work away; use git stash or a new branch (no-force-push)`;
    }
    // Deleting or overwriting a protected branch where it lives: branch -D / -f, checkout -B, switch -C, update-ref.
    const names = rest.filter((word) => !word.startsWith('-'));
    const overwrites = (
      sub === 'branch' && rest.some((w) => /^-[a-zA-Z]*[Ddf]|^--(delete|force)$/.test(w)) ? names : []
    ).concat(
      (sub === 'checkout' && rest.includes('-B')) ||
        (sub === 'switch' && rest.some((w) => w === '-C' || w === '--force-create'))
        ? names.slice(0, 1)
        : [],
      sub === 'update-ref' ? names.slice(0, 1) : [],
    );
    const hit = overwrites.find((name) => protectedName(name));
    if (hit)
      return `git ${sub} rewrites or deletes the protected branch ${hit.replace(/^refs\/heads\//, '')} (no-force-push)`;
  }
  return undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runGuard(check);
