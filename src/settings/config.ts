// The hook configuration as the code uses it: one flat list of entries, each classified, with its
// client, its file and its effective timeout (which of them the daemon runs: daemon-hooks.ts).
// Built once per load from validated files, then trusted.
import { classifyCommand, type SyncOptions } from './classify-command.js';
import { postingOf, type EntryKind } from './entry-kinds.js';
import type { HookdUrl } from './hookd-url.js';
import type { ClientProfile } from '../clients/profile.js';

/** Node's timers fire at once past 2^31 - 1 ms (about 24.8 days): longer timeouts are clamped to it. */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** The daemon's timeout for a command no followed file names. */
export const DEFAULT_TIMEOUT_SEC = 60;

export interface HookEntry {
  event: string;
  /** The file the entry stands in, its client, and where in the file, e.g. `hooks.Stop[0].hooks[1]`. */
  file: string;
  client: ClientProfile;
  location: string;
  matcher: string | undefined;
  /** The hook's type: `command`, `http`, or one hookd does not run (`prompt`, `agent`, `mcp_tool`…). */
  type: string;
  /** The command as written (the URL of an http entry; empty for other types). */
  command: string;
  /** What the entry is to hookd: a bridge's, one posting to hookd, plain, or other (entry-kinds.ts says each). */
  kind: EntryKind;
  /** The command that actually runs: the inner CMD of a bridge or sync entry, the URL's CMD of a posting one, else `command`. */
  run: string;
  /** The timeout as written, in the client's unit, if any. */
  timeoutWritten: number | undefined;
  /** The timeout that applies: the written one, or the client's default when absent or 0; clamped. */
  timeoutMs: number;
  /** Whether the client reads this hook's output or exit code (its event decides, and it is not `async: true`). */
  decides: boolean;
  unquotedShellSyntax: boolean;
  badOption: string | undefined;
  /** A sync entry's own options as written (`--client`, `--event`, `--timeout`). */
  sync: SyncOptions | undefined;
  /** A bridge entry written `--canonical`: its hook speaks the canonical form (HIF), and the bridge translates (docs/bridges.md). */
  canonical: boolean;
  /** A bridge entry's `hookd` and its `--state-dir`, as written: where the client's events go. */
  bridge: { program: string; stateDir: string | undefined } | undefined;
  /** A posting entry's URL (an http one's), its parts, and the headers and variables it sends them with. */
  http: HttpHook | undefined;
  /** Why hookd leaves this command hook to the client (kind `other`), if it does. */
  unrunnable?: string;
  /** A field the client reads in a way validate says (exec-form `args`, an `if` the client does not read here). */
  note?: string;
  /** The entry's `"shell": "powershell"`: the client runs it with its PowerShell program (profile `powershell`). */
  powershell?: boolean;
  /** The variables the entry sets for its hook, as written. */
  env?: Record<string, string>;
  /** The directory the entry names for its hook (Copilot CLI's `cwd`), as written: relative to the project, or absolute. */
  cwd?: string;
}

/** Where the group of `entry` stands, whose matcher it runs under: `hooks.PreToolUse[0]` (a flat file's entry is its own group). */
export function groupOf(entry: Pick<HookEntry, 'location'>): string {
  return entry.location.replace(/\.hooks\[\d+\]$/, '');
}

/** What an http entry pointing at hookd says. */
export interface HttpHook extends HookdUrl {
  url: string;
  headers: Record<string, string>;
  allowedEnvVars: string[];
}

export interface HookConfig {
  /** `settings`: hooks under a `hooks` key; `hooks-file`: a bare event map; `none`: no hooks at all. */
  shape: 'settings' | 'hooks-file' | 'none';
  entries: HookEntry[];
  /** The events the file names, with entries or not (Droid's `"Stop": []` in hooks.json replaces settings.json's Stop); none when absent. */
  events?: readonly string[];
  /** What the file's client drops alone and hookd with it (settings/drop-invalid.ts): validate, status, install and the daemon's log name each. */
  dropped?: readonly DroppedEntry[];
}

/** A hook, group or event of a file that its client skips, running the rest: where (`hooks.Stop[0].hooks[1]`), and the warning that names it. */
export interface DroppedEntry {
  at: string;
  message: string;
}

export const EMPTY_CONFIG: HookConfig = Object.freeze({ shape: 'none', entries: [] }) as HookConfig;

/** Whether `client` reads the written `timeout` as milliseconds (Gemini CLI always; Qwen Code from 1000 up). */
export function readsAsMilliseconds(timeout: number, client: ClientProfile): boolean {
  return (
    client.timeoutUnit === 'milliseconds' ||
    (client.millisecondsFrom !== undefined && timeout >= client.millisecondsFrom)
  );
}

/** The timeout in ms of a hook written with `timeout` in `client`'s unit. */
export function timeoutMsOf(timeout: number | undefined, client: ClientProfile): number {
  const ms = timeout
    ? readsAsMilliseconds(timeout, client)
      ? timeout
      : timeout * 1000
    : client.defaultTimeoutSec * 1000;
  return Math.min(Math.max(1, Math.round(ms)), MAX_TIMEOUT_MS);
}

export interface RawHook {
  event: string;
  location: string;
  matcher: string | undefined;
  type: string;
  command: string | undefined;
  timeout: number | undefined;
  /** Claude Code's `async: true`: the client runs the hook in the background and reads nothing of it. */
  async?: boolean;
  /** Why hookd cannot run this command hook here (a PowerShell-only entry), if it cannot. */
  unrunnable?: string | undefined;
  /** A field the client reads in a way validate says (exec-form `args`, an `if` the client does not read here). */
  note?: string | undefined;
  /** The entry's `"shell": "powershell"`: the client runs it with its PowerShell program. */
  powershell?: boolean;
  /** The variables the entry sets for its hook (Copilot CLI's and Qwen Code's `env`), as written. */
  env?: Record<string, string> | undefined;
  /** The directory the entry names for its hook (Copilot CLI's `cwd`), as written. */
  cwd?: string | undefined;
  /** An http hook's url, headers and allowedEnvVars, as written. */
  url?: string | undefined;
  headers?: Record<string, string> | undefined;
  allowedEnvVars?: string[] | undefined;
}

/** The kind and URL facts of `raw` when it posts to one of hookd's endpoints with a command. */
function postedHookOf(raw: RawHook): { kind: EntryKind; http: HttpHook } | undefined {
  const posted = postingOf(raw.type, raw.url);
  if (!posted?.hookd.command) return undefined;
  return {
    kind: posted.kind,
    http: { ...posted.hookd, url: raw.url!, headers: raw.headers ?? {}, allowedEnvVars: raw.allowedEnvVars ?? [] },
  };
}

/** A classified entry of `client`'s `file` from one validated hook. */
export function buildEntry(raw: RawHook, file: string, client: ClientProfile): HookEntry {
  const posted = postedHookOf(raw);
  const http = posted?.http;
  const command = raw.command ?? (http ? http.url : '');
  const classified = raw.type === 'command' && !raw.unrunnable ? classifyCommand(command) : undefined;
  const kind = posted ? posted.kind : !classified ? 'other' : classified.kind;
  return {
    event: raw.event,
    file,
    client,
    location: raw.location,
    matcher: raw.matcher,
    type: raw.type,
    command,
    kind,
    run: http
      ? http.command!
      : classified?.kind === 'bridge' || classified?.kind === 'sync'
        ? classified.inner
        : command,
    timeoutWritten: raw.timeout,
    timeoutMs: timeoutMsOf(raw.timeout, client),
    decides: !client.fireAndForget.includes(raw.event) && raw.async !== true,
    unquotedShellSyntax:
      (classified?.kind === 'bridge' || classified?.kind === 'sync') && classified.unquotedShellSyntax,
    badOption: classified?.kind === 'bridge' || classified?.kind === 'sync' ? classified.badOption : undefined,
    sync: classified?.kind === 'sync' ? classified.sync : undefined,
    canonical: (classified?.kind === 'bridge' || classified?.kind === 'sync') && classified.canonical,
    bridge: classified?.kind === 'bridge' ? { program: classified.program, stateDir: classified.stateDir } : undefined,
    http,
    ...(raw.unrunnable ? { unrunnable: raw.unrunnable } : {}),
    ...(raw.note ? { note: raw.note } : {}),
    ...(raw.powershell && { powershell: true }),
    ...(raw.env && Object.keys(raw.env).length ? { env: raw.env } : {}),
    ...(raw.cwd ? { cwd: raw.cwd } : {}),
  };
}
