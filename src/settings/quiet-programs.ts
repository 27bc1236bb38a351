// The programs install may read as unable to decide (issue 30, item 6): each either writes nothing
// to stdout or is trusted only with its stdout sent elsewhere, and none gives exit 2 a meaning of
// its own (it exits 2 only when it fails: the shell cannot open a redirect's file, or the command
// line is wrong). Anything else, a script above all, stays behind hookd sync: hookd cannot know
// what it prints or when it exits 2. docs/bridges.md ("Hooks that cannot decide") says why each is here.

/** What install knows of one program. */
export interface QuietProgram {
  /** What it does, for install's note: "a desktop notification". */
  what: string;
  /** Options that make it print on stdout (notify-send's --action prints the action chosen): with one, its stdout must go elsewhere. */
  printsWith?: readonly string[];
  /** It prints on stdout in its ordinary use (a webhook's answer, a log line): counted only when its stdout goes elsewhere. */
  prints?: boolean;
}

const SOUND: QuietProgram = {
  what: 'a sound',
  printsWith: ['-l', '-L', '--list-devices', '--list-pcms', '--list-file-formats', '-d', '--debug'],
};

/** The programs, by the name the client's shell finds on PATH. */
export const QUIET_PROGRAMS: Readonly<Record<string, QuietProgram>> = {
  'notify-send': { what: 'a desktop notification', printsWith: ['-p', '--print-id', '-A', '--action', '-w', '--wait'] },
  'terminal-notifier': { what: 'a desktop notification', printsWith: ['-list', '-help', '-version'] },
  say: { what: 'a spoken message', printsWith: ['-i', '--interactive', '--progress', '?', '--voice=?'] },
  afplay: SOUND,
  paplay: SOUND,
  'pw-play': SOUND,
  aplay: SOUND,
  'canberra-gtk-play': SOUND,
  // osascript prints the result of its script, and a script can do anything: only with stdout elsewhere.
  osascript: { what: 'a desktop notification', prints: true },
  echo: { what: 'a log line', prints: true },
  printf: { what: 'a log line', prints: true },
  curl: { what: 'a webhook whose answer is discarded', prints: true },
  wget: { what: 'a webhook whose answer is discarded', prints: true },
  sleep: { what: 'a pause' },
  true: { what: 'nothing' },
  ':': { what: 'nothing' },
};

// Where a program named by a path may live and still be the program of that name: a script of
// one's own called `say` in ~/bin is not.
const SYSTEM_DIRS = ['/bin/', '/usr/bin/', '/usr/local/bin/', '/opt/homebrew/bin/'];

/** The program `word` names, when install knows it: a bare name (found on PATH) or one in a system folder. */
export function quietProgram(word: string): { name: string; program: QuietProgram } | undefined {
  const dir = SYSTEM_DIRS.find((prefix) => word.startsWith(prefix));
  const name = dir ? word.slice(dir.length) : word;
  if (name.includes('/') || !Object.hasOwn(QUIET_PROGRAMS, name)) return undefined;
  return { name, program: QUIET_PROGRAMS[name]! };
}

/** Whether `args` hold an option that makes `program` print on stdout (a short one also inside a group: `-pu`). */
export function printsWithArgs(program: QuietProgram, args: readonly string[]): boolean {
  const options = program.printsWith ?? [];
  return args.some((arg) =>
    options.some((option) => {
      if (option.startsWith('--')) return arg === option || arg.startsWith(`${option}=`);
      if (option.length === 2 && /^-[^-]/.test(arg)) return arg.includes(option[1]!);
      return arg === option;
    }),
  );
}
