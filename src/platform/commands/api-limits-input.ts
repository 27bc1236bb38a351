// The users of `hookd api limits set`: `EMAIL=LIMIT` words and a file of the same lines (blank lines
// and `#` comments ignored) or a JSON list of `{email, limit}` (or `{"users": [...]}`). `none` (or
// JSON null) removes a user's override. Every problem is located: `users.txt:12: ...`.
import { readFile } from 'node:fs/promises';
import { UsageError, describeError } from '../../common/errors.js';
import { STRICT_NOTE, checkRequest, isUnknownField } from '../api/check-request.js';
import { UserLimitSchema, type UserLimit } from '../api/organization-schemas.js';

function parseWord(word: string, where: string): UserLimit | string {
  const at = word.lastIndexOf('=');
  if (at <= 0) return `${where}: expected EMAIL=LIMIT (a whole number, or none), got ${JSON.stringify(word)}`;
  const email = word.slice(0, at).trim();
  const text = word.slice(at + 1).trim();
  if (text !== 'none' && !/^\d+$/.test(text))
    return `${where}: ${email}: expected a whole number of credits or none, got ${JSON.stringify(text)}`;
  const checked = checkRequest(UserLimitSchema, { email, limit: text === 'none' ? null : Number(text) }, where);
  return checked.ok ? checked.value : checked.problems.join('\n');
}

function fromJson(value: unknown, file: string): { users: UserLimit[]; problems: string[] } {
  const list = Array.isArray(value) ? value : (value as { users?: unknown } | null)?.users;
  if (!Array.isArray(list))
    return { users: [], problems: [`${file}: expected a JSON list of {"email", "limit"} or {"users": [...]}`] };
  const users: UserLimit[] = [];
  const problems: string[] = [];
  list.forEach((entry, index) => {
    const checked = checkRequest(UserLimitSchema, entry, file, 'refuse', [index]);
    if (checked.ok) users.push(checked.value);
    else problems.push(...checked.problems);
  });
  if (problems.some(isUnknownField)) problems.push(`${file}: ${STRICT_NOTE}`);
  return { users, problems };
}

async function fromFile(file: string): Promise<{ users: UserLimit[]; problems: string[] }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--file ${file}: cannot read it: ${describeError(error)}`);
  }
  if (/^\s*[[{]/.test(text)) {
    try {
      return fromJson(JSON.parse(text), file);
    } catch (error) {
      return { users: [], problems: [`${file}: not valid JSON: ${(error as Error).message}`] };
    }
  }
  const users: UserLimit[] = [];
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const word = line.replace(/#.*/, '').trim();
    if (word === '') return;
    const parsed = parseWord(word.replace(/\s*,\s*/, '='), `${file}:${index + 1}`);
    if (typeof parsed === 'string') problems.push(parsed);
    else users.push(parsed);
  });
  return { users, problems };
}

/** Every user from the words and the file; a UsageError lists every problem. */
export async function readLimits(words: string[], file: string | undefined): Promise<UserLimit[]> {
  const users: UserLimit[] = [];
  const problems: string[] = [];
  words.forEach((word, index) => {
    const parsed = parseWord(word, `argument ${index + 1}`);
    if (typeof parsed === 'string') problems.push(parsed);
    else users.push(parsed);
  });
  if (file !== undefined) {
    const read = await fromFile(file);
    users.push(...read.users);
    problems.push(...read.problems);
  }
  const seen = new Set<string>();
  for (const { email } of users) {
    if (seen.has(email.toLowerCase())) problems.push(`${email}: given more than once; give each user one limit`);
    seen.add(email.toLowerCase());
  }
  if (problems.length > 0) throw new UsageError(problems.join('\n'));
  if (users.length === 0) throw new UsageError('no users: give EMAIL=LIMIT arguments or --file FILE');
  return users;
}
