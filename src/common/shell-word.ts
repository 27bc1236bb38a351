// One word for `sh -c`, quoted: install writes bridge entries with it, and the clients' own files
// (Cline's hook scripts, the doctor's advice) quote paths the same way.

/** `word` as one single-quoted sh word. */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
