// What hookd knows of one agent client, as data: where its hook files live, their shape, the unit
// of `timeout`, its events and which of them decide (the client reads the hook's output or exit
// code). Each client has a folder (clients/claude/…): this profile, and hif.ts, its dialect of the
// canonical form and how it is told an answer, which the profile holds. Adding a client is adding
// such a folder, listing it (and its id) in registry.ts, and running `npm run sh-lists` (bin/hookd
// and native/hookd-shared.h then carry its variables): docs/design.md, "A client's home".
import type { AnswerRow } from './answer-row.js';
import type { HookContract } from './contract.js';
import type { Dialect } from './dialect.js';
import type { ClientId } from './registry.js';

/** How a client's file lays out its hooks: `grouped`: event → groups → `hooks`; `flat`: event → hooks (Cursor). */
export type HookLayout = 'grouped' | 'flat';

/** What a client drops alone (settings/drop-invalid.ts): one hook or group (`entries`), or also an event whose value is not a list. */
export type DropRule = 'entries' | 'entries-and-events';

/** A hook file, relative to the home directory (user files) or to the project (project files). */
export interface HookFileSpec {
  path: string;
  /** Read only when this other file of the same scope does not exist. */
  unless?: string;
  /** An event the first of these other files of the same scope that exists names replaces the same event here (Droid: hooks.json, else hooks/hooks.json, over settings.json). */
  overriddenBy?: readonly string[];
  /** The client reads this file only as a bare event map (`{"Stop": [...]}`); a `{"hooks": …}` file is ignored (Droid's hooks.json). */
  bareMapOnly?: boolean;
  /** `path` is a folder whose every `*.json` file is a hook file (Copilot CLI's hooks/). */
  folder?: boolean;
  /** `path` is a folder of plugins, each folder in it one whose `hooks/hooks.json` is a hook file (Goose's .agents/plugins/); hookd's own is the plugin `hookd`. */
  plugins?: boolean;
  /** Read, never edited by install (Codex's config.toml, whose `[hooks]` tables hookd reads as TOML). */
  readOnly?: boolean;
  /** A variable that moves the client's folder, and this file's path inside it (Copilot CLI: `$COPILOT_HOME/hooks`). */
  movedBy?: { variable: string; path: string };
}

/**
 * The variables a client sets for each hook on top of its own environment, by what each holds
 * (runner/client-vars.ts gives them values): how a hook finds its project, its plugin and its session.
 */
export interface HookVariables {
  /** Set to the project directory (where the client was started). */
  projectDir: readonly string[];
  /** Set to the session's id, from the payload. */
  sessionId?: readonly string[];
  /** Set to the payload's `cwd`. */
  cwd?: readonly string[];
  /** Set, for a plugin's hooks only, to the plugin's folder. */
  pluginRoot?: readonly string[];
  /** Set to the folder of the hook's file (Copilot CLI's COPILOT_HOOK_DIR: `~/.copilot/hooks`). */
  hookDir?: readonly string[];
  /** Set as written. */
  fixed?: Readonly<Record<string, string>>;
}

/** How a client runs a hook's command on Windows: the shell, and the key it reads there in place of its command. */
export interface WindowsRun {
  /** The shell that runs the entry: Git Bash or PowerShell (Claude Code: by the entry's `shell`). */
  shell: 'bash' | 'powershell' | ((hook: Readonly<Record<string, unknown>>) => 'bash' | 'powershell');
  /** The key of the client's Windows command (Codex's `commandWindows`, Copilot CLI's `powershell`), read in place of the command where the entry has it. */
  key?: string;
  /** Only `key` runs on Windows (Copilot CLI's `bash` does not): an entry without it is left alone. */
  keyOnly?: boolean;
}

/** How a hook object names its command and timeout: `command`/`timeout`, or Copilot CLI's `bash`/`timeoutSec`. */
export interface HookKeys {
  command: string;
  timeout: string;
  /** Keys of commands for other systems (Copilot CLI's `powershell`): an entry with only these runs nowhere here. */
  otherShells?: readonly string[];
  /** Keys the client also reads the command and timeout under when the first are absent (Copilot CLI runs `{"command", "timeout"}`, VS Code's shape). */
  also?: { command: string; timeout: string };
}

export interface ClientProfile {
  id: ClientId;
  name: string;
  userFiles: readonly HookFileSpec[];
  projectFiles: readonly HookFileSpec[];
  /** The client's own folder under the home directory, whose presence says it is installed, when its hook file lives elsewhere (OpenCode's and pi's are hookd's). */
  homeFolder?: string;
  /** An in-process shim hookd install writes for a client with no command hooks of its own (install/shim-files.ts): its file, relative to the home directory, and what the client calls it. */
  shim?: {
    file: string;
    called: 'plugin' | 'extension';
    /** The adapter (shims/<adapter>.js) when another client's serves (Kilo Code, OpenCode's fork: `opencode`); the client's id when absent. */
    adapter?: string;
  };
  /** Folders under the home directory whose `…/hooks/hooks.json` are plugins' hook files (read, never edited). */
  pluginRoots?: readonly string[];
  /** The plugins' hook files under the home directory, when the client finds them its own way (Codex: clients/codex/plugins.ts). */
  pluginFiles?: (home: string) => string[];
  /** Its hooks are executable files named after their events in the folders of `userFiles` and `projectFiles` (Cline): clients/script-hooks.ts reads and wraps them. */
  scriptHooks?: boolean;
  /** Its hook file lists named hooks with their triggers (Kiro CLI 3: `{"version": "v1", "hooks": [{"name", "trigger", "action": {"command"}}]}`): settings/listed-hooks.ts reads it as an event map, install/listed-hooks.ts wraps its commands in place. */
  listedHooks?: boolean;
  /** Path endings that identify one of this client's files given by path (plugins, project files). */
  pathPatterns: readonly RegExp[];
  layout: HookLayout;
  /** The `version` key a hook file made by install starts with, where the client's docs write one. */
  newFileVersion?: number;
  /** What the client drops alone, running the rest of the file, when it cannot read it (settings/drop-invalid.ts); absent: an entry hookd cannot read refuses the file. */
  dropsInvalid?: DropRule;
  /** Keys under `hooks` that are the client's settings, not events (Gemini CLI's `enabled`, `disabled`, `notifications`). */
  hookSettings?: readonly string[];
  /** Whether the client accepts `//` comments and trailing commas in the file. */
  jsonc: boolean;
  timeoutUnit: 'seconds' | 'milliseconds';
  /** The client's timeout when an entry names none, in seconds. */
  defaultTimeoutSec: number;
  /** A `timeout` of this value or more is read as milliseconds whatever `timeoutUnit` says (Qwen Code: 1000). */
  millisecondsFrom?: number;
  /** The keys of a hook's command and timeout; `command` and `timeout` when absent. */
  hookKeys?: HookKeys;
  /** How the client runs a hook on Windows (docs/clients.md, "Windows"); absent: not known, and install there leaves its hooks alone. */
  windows?: WindowsRun;
  events: readonly string[];
  /** Events whose hooks' output and exit code the client ignores: the only ones install wraps by default. */
  fireAndForget: readonly string[];
  /** Its "the agent finished a turn" event. */
  stopEvent: string;
  /**
   * The events that mean "the turn finished" or "the agent needs you": the only ones an added
   * notify example goes on (never a per-tool event: six pop-ups a turn).
   */
  attentionEvents: readonly string[];
  /** Hook types the client knows; hookd runs `command` ones, and `http` ones posted to its hook endpoint. */
  hookTypes: readonly string[];
  /**
   * Hook types the client runs itself that hookd neither runs nor posts its hooks as (Qwen Code
   * 0.24.4's `http` and `prompt`: its http hooks were not seen posting to hookd), with what the client
   * does with each when it is not simply "runs it" (a `function` hook in a settings file, which Qwen
   * Code discards: only its SDK registers one).
   */
  ownTypes?: Readonly<Record<string, string | undefined>>;
  /** The program the client runs a `"shell": "powershell"` entry with (Claude Code 2.1.332: pwsh; Qwen Code 0.24.4: powershell). */
  powershell?: string;
  /** The client runs a command entry with `args` as a program and its arguments, without a shell (Claude Code's exec form). */
  execArgs?: boolean;
  /** The hook types whose `if` condition the client reads (Qwen Code 0.24.4: http only); absent: hookd says nothing of `if`. */
  ifTypes?: readonly string[];
  /** Events for which the client skips `http` hooks (Claude Code sends none for SessionStart and Setup). */
  httpSkippedEvents?: readonly string[];
  /** The payload field naming the session. */
  sessionField: string;
  /** The payload field a matcher applies to, per event; on any other event every group runs. */
  matchFields: Readonly<Record<string, string>>;
  /**
   * How a matcher reads (settings/matcher.ts): `names` (Claude Code: letters, digits, `_`, `-` and
   * `|` are an exact name or list, anything else a regular expression), `droid` (an exact name, or
   * else an unanchored regular expression: `Exec` matches `Execute`) or `regex` (always an unanchored
   * regular expression: Crush). `names` when absent.
   */
  matcherRule?: 'names' | 'droid' | 'regex';
  /**
   * The tools a tool event's matcher can name, as far as hookd knows (read from the installed
   * binary), its shell tool first: `validate` warns on a matcher none of them can match. MCP tools
   * (`mcp__server__tool`) come on top. Absent: hookd knows too little to warn.
   */
  tools?: {
    shell: string;
    names: readonly string[];
    /** Per tool, other names a matcher may give it, matched exactly (Qwen Code's `Bash` for run_shell_command). */
    aliases?: Readonly<Record<string, readonly string[]>>;
  };
  /** Events whose payloads carry no `hook_event_name` (Copilot CLI's camelCase ones): the bridge entry names them (`hookd emit --event NAME`). */
  unnamedEvents?: readonly string[];
  /** The client puts each top-level string, number and boolean of the payload into the hook's environment under its own name (Droid). */
  payloadAsEnv?: boolean;
  /** Its payloads carry no `cwd` (Cursor: `workspace_roots`): the bridge's own directory stands in for it. */
  sendsNoCwd?: boolean;
  /** An entry may name its own working directory (Copilot CLI's `cwd`): where the client ran the bridge wins over the payload's `cwd`. */
  entryCwd?: boolean;
  /** Clients whose files this client also runs (Cursor, with third-party hooks on: Claude Code's). */
  alsoRuns?: readonly ClientId[];
  /**
   * In the files of `alsoRuns` it reads a hook's answer in its own terms only (Grok CLI: `decision`,
   * not Claude Code's `permissionDecision`): a canonical entry there, run by it (its variables set),
   * is answered in its terms (answeringClient in registry.ts; native/hookd-bridge.c the same).
   */
  readsOnlyItsOwnAnswers?: boolean;
  /** Variables the client sets for its hooks: their presence in the bridge's environment names the client. */
  envMarkers: readonly string[];
  /** The variables the client sets for each hook (project, plugin, session): `hookd run` sets them as the client does. */
  hookVariables: HookVariables;
  /** Prefixes of the client's own variables, carried by the bridge to the hook. */
  envPrefixes: readonly string[];
  /** Other variables the client sets for its hooks, carried by the bridge, that do not name it (Claude Code's AI_AGENT). */
  envCarried?: readonly string[];
  /** What the client makes of a deciding hook's exit code, silence and timeout (clients/contract.ts). */
  contract: HookContract;
  /** What a user must do after install changed this client's file, if anything. */
  afterInstall?: string;
  /** Its dialect of the canonical form (its folder's hif.ts); absent: none (Cline's hooks are files named after events). */
  dialect?: Dialect;
  /** How it is told a canonical answer, where it differs from everyone's (its folder's hif.ts). */
  answers: readonly AnswerRow[];
}
