// Types of run-client.mjs (plain ESM so that the benchmark and the capture script run it with node).
import type { FakeApi } from './fakes/types.d.mts';

export type ClientName =
  'claude' | 'gemini' | 'codex' | 'droid' | 'copilot' | 'qwen' | 'opencode' | 'pi' | 'kilo' | 'auggie';
export type HookEntry = { type: 'command'; command: string; timeout?: number };
export type Hooks = Record<string, { matcher?: string; hooks: HookEntry[] }[]>;

export interface RunResult {
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  /** Spawn to exit, in ms. */
  wallMs: number;
  /** When it exited (Date.now()). */
  exitedAt: number;
  timedOut: boolean;
  command: string;
}

export interface PreparedClient {
  name: ClientName;
  home: string;
  project: string;
  /** The client's user file holding the hooks (~/.claude/settings.json, ~/.gemini/settings.json, ~/.codex/hooks.json, ~/.factory/settings.json, ~/.copilot/hooks/hooks.json, ~/.qwen/settings.json; hookd's ~/.config/hookd/opencode.json and pi.json, which its shim runs). */
  settingsFile: string;
  /** The environment the client runs with. */
  env: Record<string, string>;
  writeHooks(hooks: Hooks): void;
  turnArgs(prompt: string): string[];
  run(options?: { prompt?: string; timeoutMs?: number }): Promise<RunResult>;
}

export interface PtySession {
  child: import('node:child_process').ChildProcess;
  exited: Promise<{ exitCode: number | null; signal: string | null; wallMs: number }>;
  output(): string;
  screen(): string;
  type(text: string): void;
  kill(): void;
}

export declare const ROOT: string;
export declare const HOOKD_BIN_DIR: string;
export declare const FAKE_API_KEY: string;
export declare function clientOwnVariables(
  name: ClientName,
  hookEnv: Record<string, string>,
  launchEnv: Record<string, string>,
): Record<string, string>;
export declare function bridge(command: string, event?: string): string;
export declare function startFake(name: ClientName, options?: object): Promise<FakeApi>;
export declare function parseEnv0(text: string): Record<string, string>;
export declare function prepareClient(
  name: ClientName,
  options: {
    dir: string;
    fakeUrl: string;
    stateDir: string;
    hooks?: Hooks;
    env?: Record<string, string>;
    /** Codex's model name ("gpt-fake"); null for its own default. */
    model?: string | null;
  },
): PreparedClient;
export declare function runProcess(
  file: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; timeoutMs: number },
): Promise<RunResult>;
/** Kill every process whose command line holds `marker` (what a client left in a session of its own). */
export declare function killStrays(marker: string): void;
export declare function stripAnsi(text: string): string;
export declare function startInPty(
  argv: string[],
  options: { cwd: string; env: Record<string, string>; cols?: number; rows?: number },
): PtySession;
