// What the shim tests share: a hook file for hookd's shims (OpenCode's plugin, pi's extension) in
// Claude Code's shape, written whole.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Write `hooks` (an event map) as the hook file `file`: `{"hooks": …}`. */
export function writeHooks(file: string, hooks: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ hooks }));
}

/** An event map with one group on `event` running `command` (with `matcher` and a `timeout` in seconds when given). */
export const on = (event: string, command: string, matcher?: string, timeout?: number) => ({
  [event]: [
    {
      ...(matcher !== undefined && { matcher }),
      hooks: [{ type: 'command', command, ...(timeout !== undefined && { timeout }) }],
    },
  ],
});
