#!/usr/bin/env node
// no-secrets-read: denies reading `.env` files and key files (`*.pem`, `*.key`, `id_rsa`,
// `id_ed25519`…, `.npmrc`, `.netrc`, credentials, what `~/.ssh/` holds but public keys), by a file tool
// (the client's Read, read_file, view…, a Grep whose glob names one, a NotebookEdit) or by a shell
// command that names one (`cat .env`, `grep KEY .env.local`, `source .env`, `< .env`, `cat .env*`,
// `git show HEAD:.env`, `mv .env x && cat x`, `python3 -c "open('.env')"`), whatever the client, where
// the name really points (a symlink to `.env` is `.env`). `.env.example`, `.env.sample`, `.env.template`
// and `.env.dist` are fine, and so is writing a file (`cp .env.example .env`, `echo X=1 > .env`).
//   Set up:  hookd install --add no-secrets-read
//   Reads:   HOOKD_HIF_TOOL, HOOKD_HIF_FILE, HOOKD_HIF_COMMAND (docs/bridges.md); a Grep's glob from the payload.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expandGlob, globMatches, programOf, resolveTarget, runGuard, simpleCommands, tooLong } from './guard-kit.mjs';

const TEMPLATES = new Set(['.env.example', '.env.sample', '.env.template', '.env.dist', '.env.defaults']);
const KEY_NAMES = new Set([
  'id_rsa',
  'id_dsa',
  'id_ecdsa',
  'id_ed25519',
  '.npmrc',
  '.netrc',
  '.pgpass',
  'credentials',
  '.git-credentials',
  '.envrc',
]);
const KEY_ENDINGS = ['.pem', '.key', '.p12', '.pfx', '.keystore', '.jks'];
// What ~/.ssh/ holds that is not a secret.
const SSH_PUBLIC = /^(known_hosts.*|config|authorized_keys.*|.*\.pub)$/;

/** Whether `file` names a secret: an env file, a key, a credentials file, a private file of `~/.ssh/`. */
export function isSecretFile(file) {
  const trimmed = file.replace(/\/+$/, '');
  const name = path.basename(trimmed);
  if (TEMPLATES.has(name)) return false;
  if (name === '.env' || name.startsWith('.env.') || name.endsWith('.env')) return true;
  if (path.basename(path.dirname(trimmed)) === '.ssh' && !SSH_PUBLIC.test(name)) return true;
  return KEY_NAMES.has(name) || KEY_ENDINGS.some((ending) => name.endsWith(ending));
}

// Names a glob is tried on when no file on disk matches it: it names a secret when it matches one of
// the first and none of the second (`.env*`, `.[e]nv`, `*.pem`, `id_*`; not `*`).
const SECRET_SAMPLES = ['.env', '.env.local', '.env.production', 'id_rsa', 'id_ed25519', 'server.key', 'cert.pem'];
const PLAIN_SAMPLES = ['README.md', 'index.js', 'main.py', 'notes.txt', 'Makefile', 'package.json', 'src', 'a', 'x.y'];

/** Whether glob `pattern` (from `cwd`) names a secret: a file it matches on disk, or by its shape. */
export function globNamesSecret(pattern, cwd) {
  if (expandGlob(pattern, cwd).some((file) => isSecretFile(file) || isSecretFile(resolveTarget(file, cwd, true))))
    return true;
  const dir = path.dirname(pattern);
  const last = path.basename(pattern);
  const secret = SECRET_SAMPLES.some((name) => globMatches(last, name) && isSecretFile(path.join(dir, name)));
  const plain = PLAIN_SAMPLES.some((name) => globMatches(last, name) && !isSecretFile(path.join(dir, name)));
  return secret && !plain;
}

/** Whether `word` (from `cwd`) names a secret: by its name, where it points, or a name a secret was moved to. */
function namesSecret(word, glob, cwd, home, moved) {
  const file = word.replace(/^~(?=$|\/)/, home);
  if (glob) return globNamesSecret(file, cwd);
  if (isSecretFile(file)) return true;
  if (moved.has(path.resolve(cwd, file))) return true;
  return isSecretFile(resolveTarget(file, cwd, true));
}

const READ_TOOLS = new Set(['file_read', 'search', 'find', 'file_edit', 'file_write', 'NotebookEdit', 'NotebookRead']);
// Programs that only list, test, move or write a file, never print it.
const HARMLESS = new Set([
  'ls',
  'test',
  '[',
  'stat',
  'touch',
  'rm',
  'chmod',
  'chown',
  'echo',
  'printf',
  'mkdir',
  'file',
  'wc',
  'cd',
  'realpath',
  'readlink',
  'basename',
  'dirname',
  'find',
  'du',
  'unlink',
  'trash',
]);
// Programs that read their first arguments and write the last one.
const COPIERS = new Set(['cp', 'install', 'rsync', 'scp']);
// Programs that give a file another name (the new name holds the same secret).
const RENAMERS = new Set(['mv', 'cp', 'ln']);
// git commands that print a file's contents: `show REV:.env`, `diff -- .env`, `log -p .env`, `blame .env`.
const GIT_PRINTS = new Set(['show', 'cat-file', 'diff', 'blame', 'annotate', 'grep', 'archive']);

const deny = (what, secret) =>
  `${what} ${secret}: it holds secrets; ask the user for the value you need (no-secrets-read)`;

/** The reason to deny a shell command, or undefined. */
function checkShell(input) {
  const home = input.env.HOME ?? '';
  let cwd = input.cwd;
  const moved = new Set();
  for (const command of simpleCommands(input.command, input.env)) {
    const { words, globs } = command;
    if (command.unparsed) return tooLong('no-secrets-read');
    const program = programOf(words[0]);
    const here = command.cwd ? path.resolve(cwd, command.cwd) : cwd;
    const secret = (word, i) => namesSecret(word, globs[i], here, home, moved);
    for (const redirect of command.redirects)
      if (/^\d*<[&>]?$/.test(redirect.op) && redirect.target && secret(redirect.target, -1))
        return `reading ${redirect.target}: it holds secrets (no-secrets-read)`;
    if (program === 'cd' || program === 'pushd') {
      const to = words.slice(1).find((word) => !word.startsWith('-')) ?? home;
      cwd = path.resolve(cwd, to.replace(/^~(?=$|\/)/, home));
      continue;
    }
    const args = words.map((word, i) => ({ word, i })).slice(1);
    const positional = args.filter(({ word }) => !word.startsWith('-'));
    if (RENAMERS.has(program) && positional.length >= 2) {
      // `mv .env x`: x is the secret now.
      const [dest] = positional.slice(-1);
      if (positional.slice(0, -1).some(({ word, i }) => secret(word, i))) {
        moved.add(path.resolve(here, dest.word));
        for (const { word } of positional.slice(0, -1)) moved.add(path.resolve(here, dest.word, path.basename(word)));
      }
    }
    if (program === 'git') {
      const sub = words.slice(1).find((word) => !word.startsWith('-'));
      const printsPatch = sub === 'log' && words.some((word) => /^(-p|--patch|-u)$/.test(word));
      if (!GIT_PRINTS.has(sub) && !printsPatch) continue;
      const named = args.find(({ word, i }) => {
        const pathPart = word.includes(':') ? word.slice(word.indexOf(':') + 1) : word;
        return pathPart !== '' && !word.startsWith('-') && secret(pathPart, i);
      });
      if (named) return deny(`git ${sub}`, named.word);
      continue;
    }
    if (HARMLESS.has(program) || program === 'mv' || program === 'ln') continue;
    const read = COPIERS.has(program) ? positional.slice(0, -1) : args;
    for (const { word, i } of read) {
      // `--file=.env`: the value after `=`.
      const value = word.startsWith('-') ? (word.includes('=') ? word.slice(word.indexOf('=') + 1) : '') : word;
      if (value && secret(value, i)) return deny(program, word);
    }
  }
  return undefined;
}

/** The paths a file tool's call names: its file, a notebook's path, a search's glob. */
function toolPaths(input) {
  const payload = input.payload ?? {};
  let args = payload.tool_input ?? payload.toolArgs ?? {};
  if (typeof args === 'string') {
    try {
      args = JSON.parse(args);
    } catch {
      args = {};
    }
  }
  const files = [input.file, args?.notebook_path].filter((file) => typeof file === 'string' && file);
  const glob = typeof args?.glob === 'string' ? args.glob : undefined;
  return { files, glob, base: typeof args?.path === 'string' ? args.path : '.' };
}

/** The reason to deny `input`, or undefined. */
export function check(input) {
  if (input.tool !== 'shell') {
    if (!READ_TOOLS.has(input.tool)) return undefined;
    const { files, glob, base } = toolPaths(input);
    for (const file of files)
      if (isSecretFile(file) || isSecretFile(resolveTarget(file, input.cwd, true)))
        return `reading ${file}: it holds secrets (no-secrets-read)`;
    if (input.tool === 'search' && glob) {
      const dir = path.resolve(input.cwd, base);
      // ripgrep's glob matches a name anywhere below the folder: `.env*`, `**/.env`, `*.pem`.
      const last = glob.split('/').at(-1) ?? glob;
      if (globNamesSecret(path.join(dir, last), dir) || isSecretFile(last))
        return `searching ${glob}: it names files that hold secrets (no-secrets-read)`;
    }
    return undefined;
  }
  if (!input.command) return undefined;
  return checkShell(input);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runGuard(check);
