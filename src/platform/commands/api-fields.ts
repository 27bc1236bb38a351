// The `--field` and `--raw-field` words of `hookd api`, as `gh api` reads them: `key=value`, where
// `--field` turns `true`, `false`, `null` and numbers into their JSON values and `@file` into the
// file's text (`@-`: standard input), and `--raw-field` keeps every value a string. `key[sub]=v`
// nests an object, `key[]=v` appends to a list. A GET sends them as its query, anything else as its
// JSON body.
import { readFileSync } from 'node:fs';
import { UsageError, describeError } from '../../common/errors.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

function typed(value: string, flag: string): Json {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value === 'null') return null;
  if (NUMBER.test(value) && Number.isFinite(Number(value))) return Number(value);
  if (!value.startsWith('@')) return value;
  const file = value.slice(1);
  try {
    return readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (error) {
    throw new UsageError(
      `${flag} ${value}: cannot read ${file === '-' ? 'standard input' : file}: ${describeError(error)}`,
    );
  }
}

/** `users[][email]` as ['users', '', 'email']: a name, then each bracket ('' appends). */
function keyPath(key: string, flag: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match?.[1])
    throw new UsageError(`${flag} ${JSON.stringify(key)}: expected key=value, key[sub]=value or key[]=value`);
  return [match[1], ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1] ?? '')];
}

function place(target: Record<string, Json>, path: string[], value: Json, flag: string): void {
  let at: Record<string, Json> | Json[] = target;
  path.forEach((key, index) => {
    const last = index === path.length - 1;
    const next: Json = last ? value : path[index + 1] === '' ? [] : {};
    if (Array.isArray(at)) {
      if (key !== '') throw new UsageError(`${flag}: ${path.join('.')}: a list takes [] (append), not [${key}]`);
      // `users[][email]=a users[][limit]=5` fills one object, as gh does: a key the last object lacks goes into it.
      const tail = at.at(-1);
      const sub = path[index + 1] ?? '';
      if (!last && sub !== '' && tail !== null && typeof tail === 'object' && !Array.isArray(tail) && !(sub in tail))
        return void (at = tail);
      at.push(next);
      at = next as Record<string, Json> | Json[];
      return;
    }
    if (key === '') throw new UsageError(`${flag}: [] must follow a name`);
    if (last) return void (at[key] = value);
    const existing = at[key];
    if (existing === undefined || existing === null || typeof existing !== 'object') at[key] = next;
    at = at[key] as Record<string, Json> | Json[];
  });
}

/** The fields as one object, `--field` typed and `--raw-field` as given. */
export function parseFields(typedWords: readonly string[], rawWords: readonly string[]): Record<string, Json> {
  const out: Record<string, Json> = {};
  const words = [
    ...typedWords.map((word) => ['--field', word] as const),
    ...rawWords.map((word) => ['--raw-field', word] as const),
  ];
  for (const [flag, word] of words) {
    const at = word.indexOf('=');
    if (at <= 0) throw new UsageError(`${flag} ${JSON.stringify(word)}: expected key=value`);
    const value = word.slice(at + 1);
    place(out, keyPath(word.slice(0, at), flag), flag === '--field' ? typed(value, flag) : value, flag);
  }
  return out;
}

/** The fields as query parameters: lists repeat their name; nested objects have no query form. */
export function fieldsToQuery(fields: Record<string, Json>, search: URLSearchParams): void {
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== null && typeof item === 'object')
        throw new UsageError(`--field ${name}: a query parameter cannot hold an object; send a body with --input FILE`);
      search.append(name, item === null ? '' : String(item));
    }
  }
}
