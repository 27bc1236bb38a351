// What `hookd install` changed in each settings file, kept in the state directory so that
// `hookd uninstall` undoes exactly that. The shape of an entry cannot tell: a bridge entry the
// user wrote by hand looks just like one install wrapped, and uninstall must leave the user's alone.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HookdError, describeError } from '../common/errors.js';
import type { HttpSwapRecord } from './http-swap.js';

export interface WrapRecord {
  event: string;
  /** The command before install, and its JSON literal as written, to restore it byte for byte. */
  original: string;
  originalLiteral: string;
  wrapped: string;
  /** The key of the command in the hook object, when not `command` (Copilot CLI's `bash`). */
  key?: string;
}

export interface AddRecord {
  event: string;
  example: string;
  /** A manifest hook's `name`: export gives it back. */
  name?: string;
  command: string;
  /** The matcher of the group install made for it (a HIF manifest's hook): uninstall removes that group when it empties. */
  matcher?: string;
  /** A manifest's hook: the timeout written (a later install of the edited manifest replaces a hook whose timeout changed). */
  timeout?: number;
}

export interface FileRecord {
  wraps: WrapRecord[];
  adds: AddRecord[];
  /** Containers install created, removed again by uninstall when they are empty. */
  createdFile: boolean;
  createdHooksKey: boolean;
  createdEvents: string[];
  /** The whole text when install found no JSON value in the file (empty, blanks, only comments), given back by uninstall. */
  textBefore?: string;
  /** The blanks inside an empty list or object install filled, by JSON path, put back when uninstall empties it (`[]` needs none). */
  emptyInner?: Record<string, string>;
  /** Hooks `--transport http` turned into http entries, put back by uninstall (http-swap.ts). */
  httpSwaps?: HttpSwapRecord[];
  /** A hook file install wrapped in place (Cline's, script-hooks.ts): where its original is kept, and its mode. */
  script?: { stored: string; mode: number };
  /** A hook file install wrote from a hook manifest (Cline's, manifest-script-files.ts), deleted by uninstall while it holds what install wrote; `createdDir`: the first folder install made for it (the hook folder, or a parent), removed with those below it while empty. */
  scriptWritten?: { createdDir?: string };
}

interface Manifest {
  version: 1;
  files: Record<string, FileRecord>;
}

export const emptyRecord = (): FileRecord => ({
  wraps: [],
  adds: [],
  createdFile: false,
  createdHooksKey: false,
  createdEvents: [],
});

/** The manifest file in `stateDir`. */
export const manifestPath = (stateDir: string): string => path.join(stateDir, 'install-manifest.json');

/** Read the manifest; a missing one is empty. */
export function readManifest(stateDir: string): Manifest {
  const file = manifestPath(stateDir);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, files: {} };
    throw new HookdError(
      'EMANIFEST',
      `${file}: cannot read the install record: ${describeError(error)}; nothing was changed (check HOOKD_STATE_DIR / --state-dir)`,
    );
  }
  try {
    const data = JSON.parse(text) as Manifest;
    if (data.version === 1 && typeof data.files === 'object' && data.files !== null) return data;
  } catch {
    // Reported below.
  }
  throw new HookdError(
    'EMANIFEST',
    `${file}: the install record is damaged; move it aside and edit the settings file by hand`,
  );
}

/** Write the manifest atomically (temp file, then rename), private to the user. */
export function writeManifest(stateDir: string, manifest: Manifest): void {
  const file = manifestPath(stateDir);
  const temp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(stateDir, { recursive: true, mode: 0o700 });
    writeFileSync(temp, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    renameSync(temp, file);
  } catch (error) {
    throw new HookdError(
      'EMANIFEST',
      `${file}: cannot write the install record: ${describeError(error)}; nothing was changed (check HOOKD_STATE_DIR / --state-dir)`,
    );
  }
}

/** `record` with `more` merged in, without duplicates. */
export function mergeRecord(record: FileRecord, more: FileRecord): FileRecord {
  const wraps = [...record.wraps];
  for (const wrap of more.wraps)
    if (!wraps.some((w) => w.event === wrap.event && w.wrapped === wrap.wrapped)) wraps.push(wrap);
  // A hook the manifest renamed keeps its place and takes its new name.
  const adds = record.adds.map((add) => {
    const renamed = more.adds.find((a) => a.event === add.event && a.command === add.command && a.name !== undefined);
    return renamed ? { ...add, name: renamed.name } : add;
  });
  for (const add of more.adds)
    if (!adds.some((a) => a.event === add.event && a.command === add.command)) adds.push(add);
  const textBefore = record.textBefore ?? more.textBefore;
  const emptyInner = { ...more.emptyInner, ...record.emptyInner };
  const httpSwaps = [...(record.httpSwaps ?? [])];
  for (const swap of more.httpSwaps ?? [])
    if (!httpSwaps.some((s) => s.event === swap.event && s.written === swap.written)) httpSwaps.push(swap);
  return {
    wraps,
    adds,
    createdFile: record.createdFile || more.createdFile,
    createdHooksKey: record.createdHooksKey || more.createdHooksKey,
    createdEvents: [...new Set([...record.createdEvents, ...more.createdEvents])],
    ...(textBefore !== undefined ? { textBefore } : {}),
    ...(Object.keys(emptyInner).length ? { emptyInner } : {}),
    ...(httpSwaps.length ? { httpSwaps } : {}),
    ...((record.script ?? more.script) && { script: record.script ?? more.script }),
  };
}

export type { Manifest };
