// Types of stray-processes.mjs (plain ESM so that vitest's config loads it without a build).
export declare const CLIENTS_TMP: string;
export default function setup(): () => void;
