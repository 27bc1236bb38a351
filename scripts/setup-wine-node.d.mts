export const NODE_EXE: string;
export const WINE_PREFIX: string;
export const WINE: string;
export function wineEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export function setupWineNode(): Promise<string>;
export default function setup(): Promise<void>;
/** A Linux path as a Windows program names it (wine maps / to Z:). */
export function windowsPath(linuxPath: string): string;
