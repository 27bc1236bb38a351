// The clients' own files the "cannot run" checks read (settings, Codex's config.toml), each read
// once per listing: several checks and many hooks ask for the same file. Every path a listing
// looks at is noted in its stamps, those it reads and those it only stats (lookedAt): the daemon
// keeps a listing until one of them changes (kept-hook-report.ts), so a check that looks at a
// file past this class must name it with lookedAt, or a change to it shows only within a minute.
import { FileStamps } from '../common/file-stamps.js';
import { readBoundedFile } from '../common/read-bounded-file.js';
import { parseJsonText } from '../settings/parse-json-text.js';
import { parse as parseToml } from 'smol-toml';

/** A client file as an object; empty when it is absent or unreadable (the client reads nothing from it either). */
export type FileObject = Record<string, unknown>;

const isObject = (value: unknown): value is FileObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The files of one listing, read at most once each. */
export class ClientFiles {
  private readonly cache = new Map<string, Promise<FileObject>>();

  constructor(readonly stamps = new FileStamps()) {}

  /** Note `file` (or a folder) as looked at by this listing without reading it through here. */
  lookedAt(file: string): void {
    this.stamps.note(file);
  }

  /** `file` parsed as JSON (with comments) or, for a `.toml`, as TOML. */
  read(file: string): Promise<FileObject> {
    let pending = this.cache.get(file);
    if (!pending) {
      this.stamps.note(file);
      pending = readBoundedFile(file).then((read) => {
        if (!read.ok) return {};
        // The whole of config.toml: parse-toml-text.ts keeps only its hook events, and trust lives in [hooks.state].
        if (file.endsWith('.toml')) return wholeToml(read.text);
        const parsed = parseJsonText(read.text, file);
        return parsed.ok && isObject(parsed.data) ? parsed.data : {};
      });
      this.cache.set(file, pending);
    }
    return pending;
  }
}

function wholeToml(text: string): FileObject {
  try {
    return parseToml(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch {
    return {};
  }
}

/** The object at `key` of `object`, or empty. */
export function objectAt(object: FileObject, key: string): FileObject {
  const value = object[key];
  return isObject(value) ? value : {};
}
