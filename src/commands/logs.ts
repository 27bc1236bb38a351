// `hookd logs`: the daemon's log, read from the file it keeps in its state directory
// (`<state>/daemon.log`, and `daemon.log.1` before it: src/daemon/log-file.ts says why a file),
// the same whether the daemon runs in the foreground, under systemd or under launchd. On a
// terminal each line reads as time, level, message and fields; otherwise (a pipe, a file, --json)
// the JSON lines go out as the daemon wrote them. --follow prints new lines as they come, across
// a rotation, until interrupted.
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { watchFolders } from '../common/watch-folders.js';
import { resolvePaths } from '../common/paths.js';
import { HookdError } from '../common/errors.js';
import { coloursFor } from '../common/terminal/colours.js';
import { logFileOf } from '../daemon/log-file.js';
import { readableLogLine } from './logs-format.js';

/** The flags of `hookd logs`. */
export interface LogsOptions {
  stateDir?: string;
  /** How many of the last lines to print first. */
  lines: number;
  follow?: boolean;
  json?: boolean;
}

/** The last `count` lines of the log and its rotated predecessor, and the log's size when read. */
function lastLines(file: string, count: number): { lines: string[]; size: number } {
  const current = readFileSync(file);
  const before = existsSync(`${file}.1`) ? readFileSync(`${file}.1`, 'utf8') : '';
  const lines = (before + current.toString('utf8')).split('\n').filter((line) => line !== '');
  return { lines: count === 0 ? [] : lines.slice(-count), size: current.length };
}

/** The bytes of `file` from `position` on, or none when it cannot be read. */
function readFrom(file: string, position: number): Buffer {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const size = statSync(file).size;
    const bytes = Buffer.alloc(Math.max(0, size - position));
    const read = readSync(fd, bytes, 0, bytes.length, position);
    return bytes.subarray(0, read);
  } catch {
    return Buffer.alloc(0);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

const inodeOf = (file: string) => {
  try {
    return statSync(file).ino;
  } catch {
    return undefined;
  }
};

/** Print each whole line added to `file` past `offset`, following it when it is rotated; never resolves. */
function follow(file: string, offset: number, print: (line: string) => void): Promise<never> {
  let position = offset;
  let inode = inodeOf(file);
  let pending = '';
  const take = (bytes: Buffer) => {
    position += bytes.length;
    const parts = (pending + bytes.toString('utf8')).split('\n');
    pending = parts.pop()!;
    for (const line of parts) if (line !== '') print(line);
  };
  const readNew = () => {
    const now = inodeOf(file);
    if (now === undefined) return;
    if (now !== inode) {
      // Rotated: the rest of the old file is daemon.log.1 now; then the new one from its start.
      if (inodeOf(`${file}.1`) === inode) take(readFrom(`${file}.1`, position));
      [inode, position, pending] = [now, 0, ''];
    }
    take(readFrom(file, position));
  };
  // The log's folder deleted, or its watch lost: read again what is there (the rules are common/watch-folders.ts's).
  watchFolders([{ dir: path.dirname(file), heard: (name) => void (name === path.basename(file) && readNew()) }], {
    damaged: readNew,
    strict: true,
  });
  return new Promise<never>(() => {});
}

/** Print the daemon's log. */
export async function logsCommand(options: LogsOptions): Promise<void> {
  const file = logFileOf(resolvePaths(options).stateDir);
  if (!existsSync(file)) {
    throw new HookdError(
      'ENOLOG',
      `no daemon log at ${file}: the daemon writes it while it runs (hookd daemon, or the service: hookd service install); is --state-dir or HOOKD_STATE_DIR the daemon's?`,
    );
  }
  const readable = !options.json && process.stdout.isTTY === true;
  const colours = coloursFor(process.stdout);
  const print = (line: string) => void process.stdout.write(`${readable ? readableLogLine(line, colours) : line}\n`);
  const { lines, size } = lastLines(file, options.lines);
  // Watching before printing: a reader that has seen the last lines knows every new one will come.
  const following = options.follow ? follow(file, size, print) : undefined;
  lines.forEach(print);
  await following;
}
