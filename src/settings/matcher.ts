// Matchers follow the client's rules: empty, `*` or absent match everything; then, by Claude
// Code's rule (`names`), letters, digits, `_`, `-` and `|` form an exact name or a list of names
// and anything else is a regular expression; by Droid's (`droid`), an exact name, or else an
// unanchored regular expression (`Exec` matches `Execute`); by Crush's (`regex`), always an
// unanchored regular expression (`bash` matches `mcp_x_bash` too). Which payload field a matcher applies
// to is the client's (profile.matchFields); other events ignore matchers.

/** Whether `matcher` is a catch-all. */
export function isCatchAll(matcher: string | undefined): boolean {
  return matcher === undefined || matcher === '' || matcher === '*';
}

/** A regular expression error for a matcher that is meant as one, else undefined. */
export function matcherError(matcher: string | undefined): string | undefined {
  if (isCatchAll(matcher) || /^[A-Za-z0-9_|-]+$/.test(matcher!)) return undefined;
  try {
    new RegExp(matcher!);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** How a client reads a matcher (profile.matcherRule). */
export type MatcherRule = 'names' | 'droid' | 'regex';

/**
 * Whether a group with `matcher` applies to a payload whose match field holds `value`, by the
 * client's `rule`; `aliases`: other names the client accepts for `value`, as the whole matcher or
 * one of its `|` alternatives (Qwen Code's `Bash` for run_shell_command).
 */
export function matcherMatches(
  matcher: string | undefined,
  value: unknown,
  rule: MatcherRule = 'names',
  aliases: readonly string[] = [],
): boolean {
  if (isCatchAll(matcher)) return true;
  // A client that does not send the field cannot be matched by name: only catch-alls apply.
  if (typeof value !== 'string') return false;
  if (aliases.length && matcher!.split('|').some((name) => aliases.includes(name.trim()))) return true;
  if (rule === 'droid' && matcher === value) return true;
  if (rule === 'names' && /^[A-Za-z0-9_|-]+$/.test(matcher!)) return matcher!.split('|').includes(value);
  try {
    return new RegExp(matcher!).test(value);
  } catch {
    return false;
  }
}
