// Types of install-clients.mjs (plain ESM so that node runs it without a build).
export declare const CLIENTS_DIR: string;
export declare const CLIENT_BINS: {
  claude: string;
  gemini: string;
  codex: string;
  droid: string;
  copilot: string;
  qwen: string;
  opencode: string;
  pi: string;
  cline: string;
  auggie: string;
  amp: string;
  kilo: string;
  qoder: string;
};
export declare const COPILOT_CACHE: string;
export declare function clientsInstalled(): boolean;
export declare function installClients(options?: {
  log?: (line: string) => void;
}): Promise<{ installed: boolean; ms: number }>;
export declare function setup(): Promise<void>;
