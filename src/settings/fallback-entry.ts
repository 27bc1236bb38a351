// The wrapped entry that steps aside where hookd is missing (issue 29). A client started without
// hookd on its PATH (a desktop launcher, a teammate sharing a committed project file) would answer
// a bare `hookd sync … -- 'CMD'` with exit 127, which every client reads as a non-blocking error:
// a guard would fail open. So install writes
//
//   command -v hookd >/dev/null 2>&1 && exec hookd sync … -- 'CMD'; CMD
//
// Where hookd is found, the shell becomes the bridge (`exec`: no extra process, and the `; CMD`
// after it is never reached); where it is not, the shell runs CMD itself, on the same stdin, with
// its own exit code and output, exactly as the client would have without hookd (hookd just does not
// see that run). CMD comes last, as written, so a trailing `# comment` in it cannot swallow anything
// after it. `command -v` is POSIX and a builtin of every sh, bash and zsh: measured in
// bench/sync-bridge.mjs against the bare form. Both forms are read back (classify-command.ts): the
// bare one from installs before issue 29, which a new install upgrades.

/** The words before the bridge line: go on to hookd only where the client's shell finds it. */
export const FALLBACK_GUARD = 'command -v hookd >/dev/null 2>&1 && exec ';

/** What joins the bridge line and the command the shell runs where hookd is missing. */
const FALLBACK_JOIN = '; ';

/** `bridgeLine` (`hookd emit|sync … -- 'CMD'`) as an entry that runs `command` itself where the client's shell finds no hookd. */
export function withFallback(bridgeLine: string, command: string): string {
  return `${FALLBACK_GUARD}${bridgeLine}${FALLBACK_JOIN}${command}`;
}

/**
 * The ways `entry` splits into a bridge line and a fallback when it is written in the guarded
 * form, first split first; none when it is not. The caller keeps the split whose bridge line runs
 * exactly the fallback (CMD may itself hold `; `).
 */
export function fallbackSplits(entry: string): { bridgeLine: string; fallback: string }[] {
  if (!entry.startsWith(FALLBACK_GUARD)) return [];
  const rest = entry.slice(FALLBACK_GUARD.length);
  const splits: { bridgeLine: string; fallback: string }[] = [];
  for (let at = rest.indexOf(FALLBACK_JOIN); at !== -1; at = rest.indexOf(FALLBACK_JOIN, at + 1)) {
    splits.push({ bridgeLine: rest.slice(0, at), fallback: rest.slice(at + FALLBACK_JOIN.length) });
  }
  return splits;
}
