// The daemon's log, kept in its state directory as JSON lines (`<state>/daemon.log`, then
// `daemon.log.1`), for `hookd logs`. One place that holds the log however the daemon was started:
// in the foreground its stderr may be gone with the terminal, under systemd it is in the journal,
// under launchd nowhere, in a container wherever the runtime put it. Bounded: at 5 MiB the file is
// renamed to daemon.log.1 (replacing the one before) and a new one begun. Hand-written rather than
// pino-roll, which runs in a worker thread (a thread and memory for a few lines a minute), and
// rather than SonicBoom's reopen, which follows a symlink planted at the path: every open here
// refuses one (O_NOFOLLOW). A line that cannot be written (a full disk) is dropped; stderr has it.
import { closeSync, constants, fstatSync, openSync, renameSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Where the daemon of `stateDir` keeps its log; the rotated one is this with `.1`. */
export function logFileOf(stateDir: string): string {
  return path.join(stateDir, 'daemon.log');
}

/** Bytes past which the log is rotated. */
const MAX_LOG_BYTES = 5 * 1024 * 1024;

const open = (file: string) =>
  openSync(file, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW, 0o600);

/** A pino destination appending to the daemon's log file, rotated at `maxBytes`. */
export class DaemonLogFile {
  private fd: number | undefined;
  private size: number;

  constructor(
    readonly file: string,
    private readonly maxBytes = MAX_LOG_BYTES,
  ) {
    this.fd = open(file);
    this.size = fstatSync(this.fd).size;
  }

  /** Append one line (pino's write). */
  write(line: string): void {
    if (this.fd === undefined) return;
    try {
      if (this.size > 0 && this.size + Buffer.byteLength(line) > this.maxBytes) this.rotate();
      this.size += writeSync(this.fd, line);
    } catch {
      // Dropped: the line is on stderr (or in the journal) all the same.
    }
  }

  /** Stop writing. */
  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private rotate(): void {
    renameSync(this.file, `${this.file}.1`);
    closeSync(this.fd!);
    this.fd = undefined;
    this.fd = open(this.file);
    this.size = 0;
  }
}
