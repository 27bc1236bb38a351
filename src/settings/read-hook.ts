// One hook object of a client's file, as hookd reads it: its command under the client's key
// (`command`, or Copilot CLI's `bash`), Claude Code's `args` (a program run without a shell) and
// `shell`, its timeout under the client's key, the variables it sets (`env`), and an http hook's
// URL and headers. A hook hookd
// cannot run here (PowerShell only) says why, and is kept for the client.
import { runsUnheard } from './unheard.js';
import { quote } from 'shell-quote';
import { isObject, type Json, type JsonObject } from './hook-map.js';
import type { RawHook } from './config.js';
import { postsWith } from './entry-kinds.js';
import type { ClientProfile } from '../clients/profile.js';
import { windowsFallback } from './windows-entry.js';

const DEFAULT_KEYS = { command: 'command', timeout: 'timeout', otherShells: [] as readonly string[] };

/** The keys of an entry's Windows command: Codex's `commandWindows`, Copilot CLI's `powershell`, VS Code's `windows`. */
export const WINDOWS_KEYS = ['commandWindows', 'powershell', 'windows'] as const;

/** The Windows key of `hook` that holds an entry hookd install wrote there (settings/windows-entry.ts), if any. */
function wrappedWindowsKey(hook: JsonObject): string | undefined {
  return WINDOWS_KEYS.find((key) => typeof hook[key] === 'string' && windowsFallback(hook[key]) !== undefined);
}

/**
 * The keys `hook` holds its command and timeout under, as `client` reads it: its own (`command`;
 * Copilot CLI's `bash`, `timeoutSec`), else the ones it also reads (Copilot CLI's `command`,
 * `timeout`) when the entry uses those. The one rule for the loader and install alike.
 */
export function keysOf(client: ClientProfile, hook: JsonObject): { command: string; timeout: string } {
  const keys = client.hookKeys ?? DEFAULT_KEYS;
  const also = client.hookKeys?.also;
  const command =
    also && hook[keys.command] === undefined && typeof hook[also.command] === 'string' ? also.command : keys.command;
  const timeout =
    also && hook[keys.timeout] === undefined && typeof hook[also.timeout] === 'number' ? also.timeout : keys.timeout;
  return { command, timeout };
}

/** The RawHook of `hook`, found under `event` at `location` with `matcher`, read by `client`'s keys. */
export function readHook(
  hook: JsonObject,
  event: string,
  location: string,
  matcher: Json | undefined,
  client: ClientProfile,
): RawHook {
  const keys = { ...(client.hookKeys ?? DEFAULT_KEYS), ...keysOf(client, hook) };
  // Install on Windows wraps the command the client runs there: that entry is hookd's, and says so.
  const written = hook[wrappedWindowsKey(hook) ?? keys.command];
  const timeout = hook[keys.timeout];
  const raw: RawHook = {
    event,
    location,
    matcher: typeof matcher === 'string' ? matcher : undefined,
    type: typeof hook.type === 'string' ? hook.type : 'command',
    command: typeof written === 'string' ? (client.execArgs ? withArgs(written, hook.args) : written) : undefined,
    timeout: typeof timeout === 'number' ? timeout : undefined,
    // Claude Code's `asyncRewake` hook runs in the background too, but its exit 2 wakes the agent: it still decides.
    ...(runsUnheard(hook) && { async: true }),
    ...envField(hook),
    // Copilot CLI's `cwd`: where it runs the hook (relative to the repository, or absolute).
    ...(client.entryCwd && typeof hook.cwd === 'string' && hook.cwd !== '' && { cwd: hook.cwd }),
    ...httpFields(hook),
  };
  const unrunnable = whyNotRunnable(hook, raw, keys.otherShells ?? []);
  const note = fieldNote(hook, raw, client);
  const powershell = typeof hook.shell === 'string' && hook.shell.toLowerCase() === 'powershell';
  return { ...raw, ...(unrunnable && { unrunnable }), ...(note && { note }), ...(powershell && { powershell }) };
}

// A field the client reads in a way worth saying, since hookd reads it that way too: exec-form
// `args` (run as one program, no shell), `args` where the client has no exec form, `if` on a type
// of hook the client reads no condition on.
function fieldNote(hook: JsonObject, raw: RawHook, client: ClientProfile): string | undefined {
  if (raw.type === 'command' && hook.args !== undefined)
    return client.execArgs
      ? `runs "command" as a program with "args", without a shell (exec form): hookd runs the same words quoted for sh, and install leaves it without a bridge, which would change how its arguments are read`
      : `"args": ${client.name} has no exec form: it runs "command" alone, and so does hookd`;
  if (hook.if !== undefined && client.ifTypes && !client.ifTypes.includes(raw.type))
    return `"if": ${client.name} reads it on ${client.ifTypes.join(', ')} hooks only: this ${raw.type} hook runs whenever its group matches`;
  return undefined;
}

// Claude Code runs `command` with `args` as one program and its arguments, no shell: the same
// words quoted for sh run the same program with the same arguments.
function withArgs(command: string, args: Json | undefined): string {
  if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string')) return command;
  return quote([command, ...(args as string[])]);
}

function whyNotRunnable(hook: JsonObject, raw: RawHook, otherShells: readonly string[]): string | undefined {
  if (raw.type !== 'command') return undefined;
  const other = otherShells.find((key) => typeof hook[key] === 'string');
  if (raw.command === undefined && other)
    return `has only "${other}", a command for Windows; hookd runs hooks with sh here, so it leaves this one to the client`;
  const wrapped = raw.command !== undefined && windowsFallback(raw.command) !== undefined;
  if (typeof hook.shell === 'string' && hook.shell.toLowerCase() === 'powershell' && !wrapped)
    return `runs under PowerShell ("shell": "powershell"); hookd runs hooks with sh, so it leaves this one to the client`;
  return undefined;
}

/** The variables an entry sets for its hook (Copilot CLI's and Qwen Code's `env`), as the schema let them through. */
function envField(hook: JsonObject): Pick<RawHook, 'env'> {
  return isObject(hook.env) ? { env: hook.env as Record<string, string> } : {};
}

/** A posting hook's (an http one's) url, headers (string values only) and allowedEnvVars, as written. */
function httpFields(hook: JsonObject): Pick<RawHook, 'url' | 'headers' | 'allowedEnvVars'> {
  if (!postsWith(hook.type)) return {};
  const headers = isObject(hook.headers)
    ? Object.fromEntries(
        Object.entries(hook.headers).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
      )
    : {};
  const allowed = Array.isArray(hook.allowedEnvVars)
    ? hook.allowedEnvVars.filter((name): name is string => typeof name === 'string')
    : [];
  return { url: typeof hook.url === 'string' ? hook.url : undefined, headers, allowedEnvVars: allowed };
}
