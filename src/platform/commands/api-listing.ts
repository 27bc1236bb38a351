// `--all` of the list commands: each page printed as it arrives (one JSON document at the end with
// `--json`). A page that fails ends the walk: what was read is printed, then the error and the
// position to resume from, and the command exits non-zero.
import { WalkFailed, walkPages, type Page, type PageRule } from '../api/walk-pages.js';
import { TableStream, field, hint, list, printAnswer, printJson, printTable, shellWord } from './api-output.js';

/** How one list command prints its items, and how a walk of it resumes. */
export interface ListingSpec {
  /** The items' name, and their field in the JSON document: `sessions`. */
  noun: string;
  /** The option that starts a walk at a position: `--cursor`, `--start-after`. */
  resumeFlag: string;
  headers: string[];
  /** Printed when there is no item at all. */
  empty: string;
  /** One table row of an item, as sent (any field may be missing or drifted). */
  row(item: unknown): string[];
}

/** Print every page of `pages` as it arrives; a failed page throws after printing what was read. */
export async function printWalk(
  pages: AsyncIterable<Page>,
  spec: ListingSpec,
  json: boolean | undefined,
): Promise<void> {
  const table = json ? undefined : new TableStream(spec.headers, spec.empty);
  const items: unknown[] = [];
  let count = 0;
  const finish = () => (table ? table.end() : printJson({ [spec.noun]: items }));
  try {
    for await (const page of pages) {
      count += page.items.length;
      if (table) table.add(page.items.map((item) => spec.row(item)));
      else for (const item of page.items) items.push(item);
    }
  } catch (error) {
    if (!(error instanceof WalkFailed)) throw error;
    finish();
    const read = `${count} ${spec.noun} printed${table ? ' above' : ''}`;
    const where =
      error.resume === undefined
        ? `the walk stopped after page ${error.pagesRead} (${read})`
        : `the walk stopped at page ${error.pagesRead + 1} (${read}); to resume, run the same command with ${spec.resumeFlag} ${shellWord(error.resume)}`;
    throw error.failure.retold(`${error.message}\n${where}`);
  }
  finish();
}

/** A list over a cursor-paged endpoint (`pagination.nextCursor`): how to read the page at a cursor, and who warns. */
export interface CursorList {
  read(cursor: string | undefined): Promise<{ body: Buffer; value: unknown }>;
  rule: PageRule;
  /** The endpoint's name (`listSessions`) and the command's (`sessions list`), for warnings. */
  endpoint: string;
  command: string;
  warn(text: string): void;
}

/** One page from `--cursor` with a hint of the next, or with `--all` every page as it arrives. */
export async function printCursorList(
  source: CursorList,
  spec: ListingSpec,
  options: { cursor?: string; all?: boolean; json?: boolean },
): Promise<void> {
  if (options.all)
    return printWalk(
      walkPages(source.read, source.rule, options.cursor, source.endpoint, source.warn),
      spec,
      options.json,
    );
  const page = await source.read(options.cursor);
  if (options.json) return printAnswer(page);
  printTable(spec.headers, list(field(page.value, spec.noun)).map(spec.row), spec.empty);
  const next = field(page.value, 'pagination', 'nextCursor');
  const hasMore = field(page.value, 'pagination', 'hasMore');
  if (typeof next === 'string' && next !== '' && hasMore !== false)
    hint(`more ${spec.noun}: add --cursor ${shellWord(next)}, or --all`);
  else if (hasMore === true)
    source.warn(
      `${source.command}: the API says more ${spec.noun} follow (hasMore: true) but gives no nextCursor to ask for them`,
    );
}
