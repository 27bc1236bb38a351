export const ROOT: string;
export const TOOLS: string;
export function packRelease(dir: string): Promise<string[]>;
export function startRegistry(
  work: string,
  tarballs: string[],
  env?: NodeJS.ProcessEnv | Record<string, string>,
): Promise<{ url: string; stop: () => void }>;
export function ensureTools(env?: NodeJS.ProcessEnv | Record<string, string>): Promise<void>;
