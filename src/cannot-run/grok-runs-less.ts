// Grok CLI runs Claude Code's and Cursor's hook files beside its own (~/.grok/hooks/*.json), so a
// hook installed there runs under Grok too, and hookd writes no second copy of it (clients/grok/).
// Where Grok will not run such a hook, or runs it differently, its own rules say so (xai-org/
// grok-build 19d42e35, its user guide's hooks page, xai-grok-workspace/src/trust.rs,
// xai-grok-hooks/src/runner/mod.rs; no binary here):
// - a project's hooks (its .grok/hooks, .claude/settings.json and settings.local.json,
//   .cursor/hooks.json) run only in a folder ~/.grok/trusted_folders.toml trusts (`[folders."/abs"]
//   trusted = true`, the longest recorded folder holding it decides), unless folder trust is off
//   (GROK_FOLDER_TRUST=0, `[folder_trust] enabled = false` in ~/.grok/config.toml);
// - a hook with no `timeout` gets 5 s (600 for Stop and SubagentStop), where Claude Code waits 600 s
//   and Cursor 60: a longer hook is killed, and Grok fails open;
// (A canonical guard of those files, run by Grok, is answered in Grok's terms: registry.ts,
// answeringClient; a hook's own answer in Claude Code's terms, `permissionDecision`, is an allow there,
// and hookd passes it on unchanged.)
// Each is said only when Grok is on this machine (~/.grok).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { objectAt, type FileObject } from './client-files.js';
import { cannotRunRow } from './cannot-run-row.js';
import type { CannotRun, ReasonCheck } from './cannot-run.js';
import type { HookEntry } from '../settings/config.js';

// The project files of each client Grok reads, relative to the project.
const PROJECT_FILES: Readonly<Record<string, readonly string[]>> = {
  claude: ['.claude/settings.json', '.claude/settings.local.json'],
  cursor: ['.cursor/hooks.json'],
};
// Grok's default timeout; the events Grok reads as its PreToolUse, the one it lets a hook deny
// (Cursor's before… events map to it); its Stop gates get 600 s, as Claude Code's.
const GROK_DEFAULT_SEC = 5;
const GATED = ['PreToolUse', 'preToolUse', 'beforeShellExecution', 'beforeMCPExecution', 'beforeReadFile'];

/** The project folder `entry` is a project hook of, as Grok reads project hooks; undefined for a user file. */
function projectOf(entry: HookEntry, home: string): string | undefined {
  const file = path.resolve(entry.file);
  if (entry.client.id === 'grok') {
    const hooks = path.dirname(file);
    const project = path.dirname(path.dirname(hooks));
    return path.basename(hooks) === 'hooks' && project !== path.resolve(home) ? project : undefined;
  }
  for (const relative of PROJECT_FILES[entry.client.id] ?? []) {
    if (!file.endsWith(path.sep + relative)) continue;
    const project = file.slice(0, -relative.length - 1);
    return project === path.resolve(home) ? undefined : project;
  }
  return undefined;
}

/** Whether `records` (trusted_folders.toml's `folders`) trust `folder`: the longest recorded folder holding it decides. */
export function grokTrusts(records: Readonly<Record<string, unknown>>, folder: string): boolean {
  let longest = -1;
  let trusted = false;
  for (const [recorded, record] of Object.entries(records)) {
    const holder = path.resolve(recorded);
    const inside = folder === holder || folder.startsWith(holder.endsWith(path.sep) ? holder : holder + path.sep);
    if (!inside || holder.length <= longest) continue;
    longest = holder.length;
    trusted = objectAt({ record }, 'record').trusted === true;
  }
  return trusted;
}

// Its own files, and Claude Code's and Cursor's unless `[compat.<vendor>] hooks = false` in its config.toml.
const readsIt = (entry: HookEntry, config: FileObject) =>
  entry.client.id === 'grok' ||
  ((entry.client.id === 'claude' || entry.client.id === 'cursor') &&
    objectAt(objectAt(config, 'compat'), entry.client.id).hooks !== false);

/** Hooks Grok CLI would read but not run, or cut short. */
export const grokRunsLess: ReasonCheck = async (entries, files, context) => {
  const grokHome = path.join(context.home, '.grok');
  files.lookedAt(grokHome);
  if (!existsSync(grokHome)) return [];
  const config = await files.read(path.join(grokHome, 'config.toml'));
  const trustOn = process.env.GROK_FOLDER_TRUST !== '0' && objectAt(config, 'folder_trust').enabled !== false;
  const trustFile = path.join(grokHome, 'trusted_folders.toml');
  const records = objectAt(await files.read(trustFile), 'folders');
  // Said of another client's hook: it runs there; it is Grok, reading the same file, that does not.
  const grok = (entry: HookEntry) =>
    entry.client.id === 'grok' ? 'Grok CLI' : `under Grok CLI (which runs ${entry.client.name}'s hooks too), Grok`;
  return entries
    .filter((entry) => readsIt(entry, config))
    .flatMap((entry): CannotRun[] => {
      const project = projectOf(entry, context.home);
      if (trustOn && project !== undefined && !grokTrusts(records, path.resolve(project)))
        return [
          cannotRunRow(
            entry,
            'untrusted',
            `${grok(entry)} runs no hook of the project ${project} until you trust the folder (${trustFile} does not)`,
            `trust it in Grok CLI: /hooks-trust there, or start grok --trust`,
          ),
        ];
      // A guard killed at 5 s is a guard lost (Grok fails open); elsewhere a cut hook denies nothing.
      const guard = entry.decides && GATED.includes(entry.event);
      if (guard && entry.timeoutWritten === undefined && entry.client.defaultTimeoutSec > GROK_DEFAULT_SEC)
        return [
          cannotRunRow(
            entry,
            'short-timeout',
            `${grok(entry)} gives a guard with no "timeout" ${GROK_DEFAULT_SEC} s, where ${entry.client.name} waits ${entry.client.defaultTimeoutSec} s: a longer run is killed, and Grok goes on as if the hook allowed`,
            `write the "timeout" the hook needs, in seconds (both read seconds)`,
          ),
        ];
      return [];
    });
};
