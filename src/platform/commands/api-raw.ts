// `hookd api METHOD PATH [--field k=v] [--input FILE] [--paginate]`: any endpoint of `{base_url}`
// or `{app_url}`, the way `gh api` reaches GitHub's, for an endpoint or a field hookd does not know
// yet. The key is added (or the daemon adds its own), nothing is checked, and the answer is
// printed as sent: the body of a 2xx on stdout, exit 0; of any other status on stdout too, with
// the error in the one voice on stderr, exit 1. `--paginate` follows the pages of a list, printing
// each as it arrives.
import { readFileSync } from 'node:fs';
import { UsageError, describeError } from '../../common/errors.js';
import { matchEndpoint } from '../api/match-endpoint.js';
import { fillCheck } from '../api/endpoint.js';
import { PAGE_RULES, WalkFailed, walkPages, type FetchPage, type PageRule } from '../api/walk-pages.js';
import type { Call, Reply } from '../api/send-request.js';
import { connectApi, type ConnectOptions } from './api-connect.js';
import { fieldsToQuery, parseFields } from './api-fields.js';
import { shellWord } from './api-output.js';

export interface ApiRawOptions extends ConnectOptions {
  field?: string[];
  rawField?: string[];
  input?: string;
  paginate?: boolean;
  include?: boolean;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

const isSuccess = (status: number) => status >= 200 && status < 300;

/** The body of `--input FILE` (`-`: standard input): JSON, sent as it is. */
function readInput(file: string): string {
  let text: string;
  try {
    text = readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (error) {
    throw new UsageError(`--input ${file}: cannot read it: ${describeError(error)}`);
  }
  try {
    JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--input ${file}: not valid JSON (the API takes JSON bodies): ${(error as Error).message}`);
  }
  return text;
}

/** The answer as sent, after its status line and headers with --include. */
function printReply(reply: Reply, include: boolean | undefined): void {
  if (include) {
    const headers = Object.entries(reply.headers).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((item) => `${name}: ${item ?? ''}`),
    );
    process.stdout.write(
      `HTTP ${reply.status}${reply.statusText ? ` ${reply.statusText}` : ''}\n${headers.join('\n')}\n\n`,
    );
  }
  process.stdout.write(reply.body);
  if (reply.body.length > 0 && reply.body[reply.body.length - 1] !== 0x0a) process.stdout.write('\n');
}

function jsonOf(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Send one request to any endpoint and print the answer as sent. */
export async function apiRawCommand(method: string, target: string, options: ApiRawOptions): Promise<void> {
  const verb = method.toUpperCase();
  if (!METHODS.has(verb))
    throw new UsageError(
      `METHOD: expected GET, POST, PUT, PATCH, DELETE, HEAD or OPTIONS, got ${JSON.stringify(method)}`,
    );
  if (options.paginate && verb !== 'GET')
    throw new UsageError('--paginate follows the pages of a GET; drop it, or use GET');
  const fields = parseFields(options.field ?? [], options.rawField ?? []);
  const input = options.input === undefined ? undefined : readInput(options.input);
  const client = connectApi({ ...options, viaDaemon: true });
  const url = client.resolve(target);
  // As gh does: fields are the query of a GET (or of any request whose body is --input), else the body.
  const inQuery = verb === 'GET' || verb === 'HEAD' || input !== undefined;
  if (inQuery) fieldsToQuery(fields, url.searchParams);
  const body = input ?? (!inQuery && Object.keys(fields).length > 0 ? JSON.stringify(fields) : undefined);
  const matched = matchEndpoint(verb, url.pathname);
  const check = matched && fillCheck(matched.endpoint, matched.params);
  if (!options.paginate) {
    const call: Call = { method: verb, url, body, check };
    const reply = await client.request(call);
    printReply(reply, options.include);
    if (!isSuccess(reply.status)) throw client.errorOf(call, reply);
    return;
  }
  const rule: PageRule = (matched && matched.name in PAGE_RULES
    ? PAGE_RULES[matched.name as keyof typeof PAGE_RULES]
    : undefined) ?? { param: 'cursor' };
  let printed = 0;
  const fetchPage: FetchPage = async (position) => {
    const pageUrl = new URL(url);
    if (position !== undefined) pageUrl.searchParams.set(rule.param, position);
    const call: Call = { method: 'GET', url: pageUrl };
    const reply = await client.request(call);
    // The first page's error is printed as any answer is; a later one ends the walk (WalkFailed).
    if (!isSuccess(reply.status)) {
      if (printed === 0) printReply(reply, options.include);
      throw client.errorOf(call, reply);
    }
    printReply(reply, options.include);
    printed += 1;
    return { body: reply.body, value: jsonOf(reply.body) };
  };
  try {
    for await (const _page of walkPages(
      fetchPage,
      rule,
      url.searchParams.get(rule.param) ?? undefined,
      `GET ${url.pathname}`,
      (text) => client.warn(text),
    )) {
      // Each page was printed as it arrived.
    }
  } catch (error) {
    if (!(error instanceof WalkFailed)) throw error;
    const read = `${printed} page${printed === 1 ? '' : 's'} printed above`;
    const where =
      error.resume === undefined
        ? `the walk stopped after page ${error.pagesRead} (${read})`
        : `the walk stopped at page ${error.pagesRead + 1} (${read}); to resume, run the same command with --raw-field ${shellWord(`${rule.param}=${error.resume}`)}`;
    throw error.failure.retold(`${error.message}\n${where}`);
  }
}
