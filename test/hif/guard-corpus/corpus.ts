// The guards' corpus (corpus.yaml, README.md): its cases, the real project folder they run in, and each
// case as the request a client makes: Claude Code's PreToolUse payload, the environment the client
// gives its hook with the HOOKD_HIF_* variables hookd's bridge sets, and the folder it runs in.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { canonicalFields } from '../../../src/hif/canonical-input.js';
import { ROOT } from '../../helpers/paths.js';

export const GUARDS = ['no-rm-rf', 'no-force-push', 'no-secrets-read', 'no-pipe-to-shell'] as const;
export const PARTS = ['tuning', 'held-out', 'held-out-2'] as const;
export type Part = (typeof PARTS)[number];

export interface Case {
  part: Part;
  deny: string | null;
  shell?: string;
  tool?: string;
  input?: Record<string, unknown>;
  cwd?: string;
}

interface Corpus {
  fixture: { project: string[]; links: Record<string, string>; home: string[]; outside: string[] };
  tuning: Case[];
  'held-out': Case[];
  'held-out-2': Case[];
}

const corpus = YAML.parse(readFileSync(path.join(ROOT, 'test/hif/guard-corpus/corpus.yaml'), 'utf8')) as Corpus;

/** Every case, with the part it is in. */
export const CASES: Case[] = PARTS.flatMap((part) => corpus[part].map((one) => ({ ...one, part })));

export interface Places {
  project: string;
  home: string;
  outside: string;
}

/** The fixture's folders under `root`: a git repository on `main` with its files and symlinks, a home, a folder outside. */
export function buildFixture(root: string): Places {
  const places = {
    project: path.join(root, 'proj'),
    home: path.join(root, 'home'),
    outside: path.join(root, 'outside'),
  };
  const write = (dir: string, file: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), `${file}\n`);
  };
  for (const file of corpus.fixture.project) write(places.project, file);
  for (const file of corpus.fixture.home) write(places.home, file);
  for (const file of corpus.fixture.outside) write(places.outside, file);
  for (const [link, to] of Object.entries(corpus.fixture.links)) {
    mkdirSync(path.dirname(path.join(places.project, link)), { recursive: true });
    symlinkSync(fill(to, places), path.join(places.project, link));
  }
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
      cwd: places.project,
      stdio: 'ignore',
      env: { PATH: process.env.PATH, HOME: places.home },
    });
  git('init', '-q', '-b', 'main');
  git('add', 'README.md');
  git('commit', '-q', '-m', 'init');
  return places;
}

const fill = (text: string, places: Places) =>
  text
    .replaceAll('{project}', places.project)
    .replaceAll('{home}', places.home)
    .replaceAll('{outside}', places.outside);

function fillDeep(value: unknown, places: Places): unknown {
  if (typeof value === 'string') return fill(value, places);
  if (Array.isArray(value)) return value.map((one) => fillDeep(one, places));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, one]) => [key, fillDeep(one, places)]));
  return value;
}

export interface Request {
  payload: Record<string, unknown>;
  hif: Record<string, string>;
  cwd: string;
  env: Record<string, string>;
}

/** `one` as a client's hook call in `places`: Claude Code's payload, the client's environment, the bridge's fields. */
export function requestOf(one: Case, places: Places): Request {
  const cwd = path.join(places.project, one.cwd ?? '');
  const payload = {
    session_id: 'corpus',
    transcript_path: path.join(places.home, 't.jsonl'),
    cwd,
    hook_event_name: 'PreToolUse',
    tool_name: one.shell !== undefined ? 'Bash' : one.tool,
    tool_input: one.shell !== undefined ? { command: fill(one.shell, places) } : fillDeep(one.input, places),
  };
  const fields = canonicalFields('claude', 'PreToolUse', Buffer.from(JSON.stringify(payload)));
  const hif = Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [name.slice('HOOKD_HIF_'.length).toLowerCase(), value]),
  );
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: places.home,
    CLAUDECODE: '1',
    CLAUDE_PROJECT_DIR: places.project,
  };
  return { payload, hif, cwd, env };
}

/** A case's name in a report: its command or its tool call. */
export const nameOf = (one: Case) => one.shell ?? `${one.tool} ${JSON.stringify(one.input)}`;
