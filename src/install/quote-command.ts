// Writes a hook command as a bridge entry. The client's shell reads the whole command line before
// the bridge sees it, so CMD must reach `hookd emit` as one word, untouched: a single-quoted word,
// where the shell expands nothing, with each embedded `'` written as `'\''`.

/** `word` as one single-quoted sh word. */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A word for the command line: as it is when plain, else single-quoted. */
const word = (value: string) => (/^[A-Za-z0-9_./:=+-]+$/.test(value) ? value : shellQuote(value));

/** The bridge entry that makes the daemon run `command`: `hookd emit [OPTIONS] -- 'command'`. */
export function wrapCommand(command: string, emitOptions: readonly string[] = []): string {
  return ['hookd emit', ...emitOptions.map(word), '--', shellQuote(command)].join(' ');
}

/** A path as the first word of a command: `~/…` stays unquoted so sh expands it; anything unusual is quoted. */
export function commandPath(file: string, home: string): string {
  const underHome = file.startsWith(`${home}/`) ? file.slice(home.length + 1) : undefined;
  const rest = underHome ?? file;
  const safe = /^[A-Za-z0-9_./+-]+$/.test(rest) ? rest : shellQuote(rest);
  return underHome !== undefined ? `~/${safe}` : safe;
}
