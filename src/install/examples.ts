// The example hooks `hookd install --add NAME` wires in. The scripts ship in hooks-examples/ and
// are copied to ${XDG_DATA_HOME:-~/.local/share}/hookd/examples, a stable place that survives
// reinstalling or moving the package (a path into node_modules would not).
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { parse } from 'shell-quote';
import { commandPath } from './quote-command.js';
import { shellQuote } from '../common/shell-word.js';
import { packageRoot } from '../common/package-root.js';

export interface Example {
  file: string;
  timeout: number;
  /**
   * `stop`: only on the client's "turn finished" event; `attention`: only on the events that mean
   * "the turn finished" or "the agent needs you", and never beside a notifier already there; else
   * on the stop event and every wrapped event.
   */
  only?: 'stop' | 'attention';
  /**
   * A guard (hooks-examples/guards/, docs/guards.md): run from the package (never copied) with the
   * other guards of the same tools (guardsCommand), in line behind `hookd sync --warm` on the
   * client's events for the canonical `before_tool_execute` of these canonical tools (Cursor has
   * one event per tool), matched to them (install/example-adds.ts).
   */
  guard?: { tools: readonly string[] };
}

export const EXAMPLES: Readonly<Record<string, Example>> = {
  notify: { file: 'notify.sh', timeout: 10, only: 'attention' },
  log: { file: 'log-event.sh', timeout: 10 },
  webhook: { file: 'webhook.sh', timeout: 15 },
  followup: { file: 'followup.sh', timeout: 30, only: 'stop' },
  'no-rm-rf': { file: 'guards/no-rm-rf.mjs', timeout: 10, guard: { tools: ['shell'] } },
  'no-force-push': { file: 'guards/no-force-push.mjs', timeout: 10, guard: { tools: ['shell'] } },
  'no-secrets-read': {
    file: 'guards/no-secrets-read.mjs',
    timeout: 10,
    guard: { tools: ['shell', 'file_read', 'search', 'file_edit'] },
  },
  'no-pipe-to-shell': { file: 'guards/no-pipe-to-shell.mjs', timeout: 10, guard: { tools: ['shell'] } },
};

/** Where `hookd install --add` puts the example scripts. */
export function examplesDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(env.XDG_DATA_HOME || path.join(homedir(), '.local', 'share'), 'hookd', 'examples');
}

/** The hook command that runs example `name` (not a guard: guardsCommand runs those) from `dir`. */
export function exampleCommand(name: string, dir: string): string {
  return commandPath(path.join(dir, EXAMPLES[name]!.file), homedir());
}

const word = (text: string) => (/^[A-Za-z0-9_./:@+=-]+$/.test(text) ? text : shellQuote(text));

/**
 * The command that runs the guards `names` in one process (hooks-examples/guards/guards.mjs): as a
 * warm handler behind `hookd sync --warm`, or cold (one Node start) where the daemon cannot answer
 * and where the client finds no hookd. The Node running this install and guards.mjs in this package,
 * both by absolute path. Not `hookd guard NAME`: the guarded entry's fallback runs this command where
 * the client finds no hookd, and there `hookd guard` would not be found either (exit 127, a
 * non-blocking error: the guard would fail open). Run so, the guards read the payload themselves and
 * deny with exit 2 (hooks-examples/guards/guard-kit.mjs).
 */
export function guardsCommand(names: readonly string[], node = process.execPath): string {
  return `${word(node)} ${word(path.join(packageRoot(), 'hooks-examples', 'guards', 'guards.mjs'))} ${names.join(',')}`;
}

/**
 * The guards an earlier install's command runs, when it is not the command install writes now: the
 * older `hookd guard NAME` (it needs hookd on PATH), one guard's file (`NODE …/guards/NAME.mjs`, before
 * the guards ran together), or guards.mjs by a Node and a package that have moved since.
 */
export function olderGuardCommand(command: string): string[] | undefined {
  const words = parse(command);
  const [first, second, third] = words;
  const isGuard = (name: unknown): name is string => typeof name === 'string' && EXAMPLES[name]?.guard !== undefined;
  let names: unknown[] | undefined;
  if (words.length === 3 && first === 'hookd' && second === 'guard') names = [third];
  else if (
    words.length === 2 &&
    typeof second === 'string' &&
    /(^|\/)hooks-examples\/guards\/[a-z0-9-]+\.mjs$/.test(second)
  )
    names = [path.basename(second, '.mjs')];
  else if (
    words.length === 3 &&
    typeof second === 'string' &&
    /(^|\/)hooks-examples\/guards\/guards\.mjs$/.test(second)
  )
    names = typeof third === 'string' ? third.split(',') : undefined;
  if (!names || names.length === 0 || !names.every(isGuard)) return undefined;
  return command !== guardsCommand(names as string[]) ? (names as string[]) : undefined;
}

/** Copy the scripts of `names` into `dir`; a copy the user changed is kept. Returns notes for the user. */
export function copyExamples(names: readonly string[], dir: string): string[] {
  const notes: string[] = [];
  // The hooks run these scripts as the user: nobody else may write where they live, whatever the
  // umask (under umask 000 the folders were made 0777, issue 21). A folder made earlier that others
  // can write is closed too, when it is the user's.
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  for (const folder of [path.dirname(dir), dir]) closeToOthers(folder);
  for (const name of names.filter((one) => !EXAMPLES[one]!.guard)) {
    const file = EXAMPLES[name]!.file;
    const source = readFileSync(path.join(packageRoot(), 'hooks-examples', file));
    const target = path.join(dir, file);
    if (!existsSync(target)) {
      writeFileSync(target, source, { mode: 0o755 });
      chmodSync(target, 0o755);
      notes.push(`copied ${file} to ${dir}`);
    } else if (!readFileSync(target).equals(source)) {
      notes.push(
        `kept your edited ${target} (the packaged version is in ${path.join(packageRoot(), 'hooks-examples')})`,
      );
    }
  }
  return notes;
}

// Drop the write bits of group and others from `folder` when this user owns it.
function closeToOthers(folder: string): void {
  const info = statSync(folder);
  if (info.uid === process.getuid?.() && (info.mode & 0o022) !== 0) chmodSync(folder, info.mode & ~0o022 & 0o7777);
}

/** Remove the copies in `dir` that are still as shipped, then the folders if they are empty. */
export function removeExamples(dir: string): string[] {
  const notes: string[] = [];
  for (const { file } of Object.values(EXAMPLES).filter((example) => !example.guard)) {
    const target = path.join(dir, file);
    try {
      if (readFileSync(target).equals(readFileSync(path.join(packageRoot(), 'hooks-examples', file)))) {
        unlinkSync(target);
        notes.push(`removed ${target}`);
      } else {
        notes.push(`kept ${target}: you changed it`);
      }
    } catch {
      // Not there.
    }
  }
  // The examples folder, then the hookd folder above it that install made, when they are empty.
  for (const folder of [dir, path.dirname(dir)]) {
    try {
      if (readdirSync(folder).length === 0) rmdirSync(folder);
    } catch {
      // Gone already.
    }
  }
  return notes;
}
