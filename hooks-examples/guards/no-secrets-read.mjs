#!/usr/bin/env node
// no-secrets-read: denies reading `.env` files and key files (`*.pem`, `*.key`, `id_rsa`,
// `id_ed25519`…, `.npmrc`, `.netrc`, credentials), by a file tool (the client's Read, read_file, view…)
// or by a shell command that names one (`cat .env`, `grep KEY .env.local`, `source .env`, `< .env`),
// whatever the client. `.env.example`, `.env.sample` and `.env.template` are fine.
//   Set up:  hookd install --add no-secrets-read
//   Reads:   HOOKD_HIF_TOOL, HOOKD_HIF_FILE, HOOKD_HIF_COMMAND (docs/bridges.md).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { programOf, runGuard, simpleCommands } from './guard-kit.mjs';

const TEMPLATES = new Set(['.env.example', '.env.sample', '.env.template', '.env.dist']);
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
]);
const KEY_ENDINGS = ['.pem', '.key', '.p12', '.pfx', '.keystore', '.jks'];

/** Whether `file` names a secret: an env file, a key, a credentials file. */
export function isSecretFile(file) {
  const name = path.basename(file.replace(/\/+$/, ''));
  if (TEMPLATES.has(name)) return false;
  if (name === '.env' || name.startsWith('.env.') || name.endsWith('.env')) return true;
  return KEY_NAMES.has(name) || KEY_ENDINGS.some((ending) => name.endsWith(ending));
}

const READ_TOOLS = new Set(['file_read', 'search', 'find', 'file_edit', 'file_write']);
// Programs that only list or test a file, never print it.
const HARMLESS = new Set([
  'ls',
  'test',
  '[',
  'stat',
  'touch',
  'rm',
  'mv',
  'chmod',
  'chown',
  'git',
  'echo',
  'printf',
  'mkdir',
  'file',
  'wc',
]);

/** The reason to deny `input`, or undefined. */
export function check(input) {
  if (input.file && READ_TOOLS.has(input.tool) && isSecretFile(input.file))
    return `reading ${input.file}: it holds secrets (no-secrets-read)`;
  if (input.tool !== 'shell' || !input.command) return undefined;
  for (const { words } of simpleCommands(input.command, input.env)) {
    const program = programOf(words[0]);
    const fromRedirect = words.findIndex(
      (word, i) => (word === '<' || word === '<<<') && words[i + 1] !== undefined && isSecretFile(words[i + 1]),
    );
    if (fromRedirect !== -1) return `reading ${words[fromRedirect + 1]}: it holds secrets (no-secrets-read)`;
    if (HARMLESS.has(program)) continue;
    const secret = words.slice(1).find((word) => !word.startsWith('-') && isSecretFile(word));
    if (secret) return `${program} ${secret}: it holds secrets; ask the user for the value you need (no-secrets-read)`;
  }
  return undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runGuard(check);
