// The `$NAME` and `${NAME}` of an http hook's header values, read as Claude Code reads them: a
// variable listed in the entry's allowedEnvVars is filled in from the environment, any other
// becomes an empty string. lint-http.ts warns about the others; doctor sends its probe with the
// headers filled in this way, so that it meets the token the client would send.

const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/** The variables a header value names. */
export function headerVariables(value: string): string[] {
  return [...value.matchAll(VARIABLE)].map((match) => match[1] ?? match[2]!);
}

/** `headers` with their variables filled in from `env`, only those `allowed`. */
export function fillHeaders(
  headers: Record<string, string>,
  allowed: readonly string[],
  env: NodeJS.ProcessEnv,
): Record<string, string> {
  const fill = (value: string) =>
    value.replace(VARIABLE, (_, braced: string | undefined, bare: string | undefined) =>
      allowed.includes(braced ?? bare!) ? (env[braced ?? bare!] ?? '') : '',
    );
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, fill(value)]));
}
