// Install and uninstall are all or nothing per run (issue 29): every file is read, checked and
// planned before the first is written, so a file hookd cannot read stops the run with nothing
// written anywhere. What can still fail once writing has begun (a full disk, a file changed under
// hookd, a backup that cannot be written) fails loudly: the error names every file already written
// and every one that was not, and what was printed for the written ones is printed too, so that
// what the command says is what it did.
import { HookdError, describeError } from '../common/errors.js';
import type { FreeCode } from '../common/error-catalogue.js';
import { cleanText } from '../common/terminal/clean-text.js';

/** One file of a run, read and planned: what to print, and the write still to make (none for a dry run or nothing to change). */
export interface PlannedFile {
  /** The file the write changes, to name it. */
  file: string;
  /** What to print when nothing is written. */
  lines: readonly string[];
  /** Makes the change; returns what to print of it. */
  write?: () => Promise<string[]>;
}

/** A run that stopped after some files were written: `printed` is what the command says of those. */
export class PartialWrite extends HookdError {
  readonly printed: string[];

  constructor(code: FreeCode, message: string, printed: string[], cause: unknown) {
    super(code, message, { cause });
    this.name = 'PartialWrite';
    this.printed = printed;
  }
}

/** Write every planned file in order, then run `after` (the example scripts); returns what to print. */
export async function writeAll(
  planned: readonly PlannedFile[],
  verb: string,
  after: () => string[] = () => [],
): Promise<string[]> {
  const out: string[] = [];
  const written: string[] = [];
  let current: string | undefined;
  try {
    for (const one of planned) {
      if (!one.write) {
        out.push(...one.lines);
        continue;
      }
      current = one.file;
      out.push(...(await one.write()));
      written.push(one.file);
    }
    current = undefined;
    out.push(...after());
    return out;
  } catch (error) {
    if (written.length === 0) throw error;
    const left = planned.filter((one) => one.write && !written.includes(one.file)).map((one) => one.file);
    const code = (error instanceof HookdError ? error.code : 'EWRITE') as FreeCode;
    const stopped = current ? `${verb} stopped at ${current}` : `${verb} stopped after writing every file`;
    const message = [
      `${stopped}: ${describeError(error)}`,
      `written before that: ${written.join(', ')}`,
      ...(left.length ? [`not written: ${left.join(', ')}`] : []),
      `fix the cause and run the same command again`,
    ].join('\n');
    throw new PartialWrite(code, message, out, error);
  }
}

/** Run a command that writes files; when it stops part way, print what it did to the files it wrote, then fail. */
export async function printingPartial(run: () => Promise<string>): Promise<string> {
  try {
    return await run();
  } catch (error) {
    // The lines quote the files' commands: printed without control sequences, as the whole output is.
    if (error instanceof PartialWrite) process.stdout.write(cleanText(`${error.printed.join('\n')}\n`));
    throw error;
  }
}
