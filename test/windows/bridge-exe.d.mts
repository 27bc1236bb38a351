export const ROOT: string;
export function wineEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export function windowsPath(file: string): string;
export function ensureWine(): Promise<void>;
export function windowsBridge(): Promise<string>;
export function lingerProgram(): Promise<string>;
