// The first words of a hook command as `sh -c` would see them, far enough to know which program
// it starts: quotes removed, leading `VAR=value` assignments skipped, stopping at the first
// operator. Anything hookd cannot read with certainty (a substitution, an unknown variable) ends
// the words, so that a check never guesses.
const OPERATORS = new Set([';', '&&', '||', '|', '&', '>', '>>', '<', '2>', '2>&1', '(', ')']);

/** The leading plain words of `command`, with `$NAME`/`${NAME}` and a leading `~` replaced from `vars`; stops at what it cannot know. */
export function leadingWords(command: string, vars: Readonly<Record<string, string>>): string[] {
  const words: string[] = [];
  const pattern = /\s*((?:'[^']*'|"[^"]*"|[^\s'"])+)/y;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(command))) {
    const raw = match[1]!;
    if (OPERATORS.has(raw) || /[`;|&<>()]|\$\(/.test(raw.replace(/'[^']*'/g, ''))) break;
    const word = expand(raw, vars);
    if (word === undefined) break;
    if (words.length === 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(raw)) continue;
    words.push(word);
    if (words.length === 2) break;
  }
  return words;
}

function expand(raw: string, vars: Readonly<Record<string, string>>): string | undefined {
  let unknown = false;
  const parts = raw.match(/'[^']*'|"[^"]*"|[^'"]+/g) ?? [];
  const text = parts
    .map((part) => {
      if (part.startsWith("'")) return part.slice(1, -1);
      const body = part.startsWith('"') ? part.slice(1, -1) : part;
      return body.replace(
        /\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
        (_, braced: string | undefined, bare: string | undefined) => {
          const value = vars[(braced ?? bare)!];
          if (value === undefined) unknown = true;
          return value ?? '';
        },
      );
    })
    .join('');
  if (unknown || text.includes('$') || text.includes('*')) return undefined;
  return text.startsWith('~/') && vars.HOME ? vars.HOME + text.slice(1) : text;
}
