// Query parameters, read one way by every route: a parameter given twice is refused (which one
// counts would be a guess: `?command=a&command=b` once ran `a` silently), and an integer is plain
// decimal digits only (`Number` also took `0x10`, `1e2` and `" 5"`).
export type QueryValue<T> = { ok: true; value: T } | { ok: false; reason: string };

/** The one value of `name`, undefined when absent; refused when given more than once. */
export function singleParam(url: URL, name: string): QueryValue<string | undefined> {
  const values = url.searchParams.getAll(name);
  if (values.length > 1) return { ok: false, reason: `${name} is given ${values.length} times; give it once` };
  return { ok: true, value: values[0] };
}

/** An integer parameter from `min` to `max` in plain decimal digits, `fallback` when absent. */
export function intParam(
  url: URL,
  name: string,
  range: { min: number; max: number; fallback: number },
): QueryValue<number> {
  const single = singleParam(url, name);
  if (!single.ok) return single;
  if (single.value === undefined) return { ok: true, value: range.fallback };
  const value = /^[0-9]{1,15}$/.test(single.value) ? Number(single.value) : Number.NaN;
  if (!(value >= range.min && value <= range.max)) {
    return {
      ok: false,
      reason: `${name} must be an integer from ${range.min} to ${range.max} in decimal digits, got ${JSON.stringify(single.value.slice(0, 40))}`,
    };
  }
  return { ok: true, value };
}
