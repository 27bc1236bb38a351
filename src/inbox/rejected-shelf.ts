// inbox/rejected/: records that could not run, each beside a <name>.reason file, kept for people
// to read (`hookd status`, the troubleshooting steps). Bounded in count and bytes, oldest removed
// first: a stream of bad events, or one huge one, must not fill the disk. A record too big to
// keep leaves only its reason.
import { readdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { unlessMissing } from './inbox-scan.js';

/** What rejected/ keeps at most: records (each with its reason) and bytes. */
export const REJECTED_LIMITS = { records: 100, bytes: 64 * 1024 * 1024 };
// A record bigger than this is not kept, only its reason: alone it would push out all the others.
const LARGEST_KEPT = REJECTED_LIMITS.bytes / 4;

const sizeOf = (file: string) => unlessMissing(() => statSync(file).size) ?? 0;

/** The rejected/ folder of an inbox. */
export class RejectedShelf {
  // Record name → its bytes and its reason's; read from the folder on first use, oldest first.
  private kept: Map<string, number> | undefined;
  private bytes = 0;

  constructor(
    private readonly dir: string,
    private readonly limits = REJECTED_LIMITS,
  ) {}

  /** Move record `file` here as `name`, beside its reason, then remove the oldest past the limits. */
  put(file: string, name: string, reason: string): void {
    const kept = this.load();
    const size = sizeOf(file);
    const keep = size <= Math.min(LARGEST_KEPT, this.limits.bytes);
    const text = keep
      ? `${reason}\n`
      : `${reason}\n(the record itself, ${size} bytes, was deleted: rejected/ keeps records of at most ${LARGEST_KEPT} bytes)\n`;
    const reasonFile = path.join(this.dir, `${name}.reason`);
    writeFileSync(reasonFile, text, { mode: 0o600 });
    if (keep) unlessMissing(() => renameSync(file, path.join(this.dir, name)));
    else unlessMissing(() => unlinkSync(file));
    this.forget(name);
    const total = (keep ? size : 0) + Buffer.byteLength(text);
    kept.set(name, total);
    this.bytes += total;
    this.prune();
  }

  /** Records kept and their bytes, reasons included. */
  usage(): { records: number; bytes: number } {
    return { records: this.load().size, bytes: this.bytes };
  }

  private load(): Map<string, number> {
    if (this.kept) return this.kept;
    const files = (unlessMissing(() => readdirSync(this.dir)) ?? []).filter((name) => !name.startsWith('.')).sort();
    const names = new Set(files.map((file) => file.replace(/\.reason$/, '')));
    this.kept = new Map(
      [...names]
        .sort()
        .map((name) => [name, sizeOf(path.join(this.dir, name)) + sizeOf(path.join(this.dir, `${name}.reason`))]),
    );
    this.bytes = [...this.kept.values()].reduce((sum, size) => sum + size, 0);
    return this.kept;
  }

  private forget(name: string): void {
    const size = this.kept?.get(name);
    if (size === undefined) return;
    this.kept!.delete(name);
    this.bytes -= size;
  }

  // Oldest first: the folder's names start with their arrival time, so it is read in age order,
  // and a Map keeps that order, with each record put since after all of it.
  private prune(): void {
    const kept = this.load();
    for (const name of kept.keys()) {
      if (kept.size <= this.limits.records && this.bytes <= this.limits.bytes) break;
      for (const file of [name, `${name}.reason`]) unlessMissing(() => unlinkSync(path.join(this.dir, file)));
      this.forget(name);
    }
  }
}
