export const ROOT: string;
export function wineEnv(extra?: Record<string, string>): NodeJS.ProcessEnv;
export function winPath(file: string): string;
export function ensureWine(): Promise<void>;
export function windowsBridge(): Promise<string>;
export function lingerProgram(): Promise<string>;
