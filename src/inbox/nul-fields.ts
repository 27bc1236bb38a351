// The header of both record formats (record-format.ts, run-record.ts): NUL-terminated fields up to
// an empty one. A field cannot hold a NUL (it comes from argv, the environment or the bridge's own
// facts) and is never empty, so the empty field ends the header.

/** The fields from `start` to the empty one, and where the bytes after it begin; undefined when the header is cut short. */
export function nulFields(bytes: Buffer, start: number): { fields: string[]; rest: number } | undefined {
  const fields: string[] = [];
  for (;;) {
    const end = bytes.indexOf(0, start);
    if (end === -1) return undefined;
    const field = bytes.subarray(start, end).toString('utf8');
    start = end + 1;
    if (field === '') return { fields, rest: start };
    fields.push(field);
  }
}

/** `NAME=value` fields as pairs; a field without `=` (or starting with it) is left out. */
export function pairsOf(fields: readonly string[]): Array<[string, string]> {
  return fields.flatMap((field): Array<[string, string]> => {
    const eq = field.indexOf('=');
    return eq > 0 ? [[field.slice(0, eq), field.slice(eq + 1)]] : [];
  });
}
