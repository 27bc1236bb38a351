// The hook configuration as the code uses it: one flat list of entries, each already classified
// and with its effective timeout. Built once from a validated settings file, then trusted.
import { classifyCommand } from './classify-command.js';
import { formatPath } from '../common/format-issues.js';
import type { EventMap } from './schema.js';

/** The client's default hook timeout. */
export const DEFAULT_TIMEOUT_SEC = 60;

export interface HookEntry {
  event: string;
  /** Where the entry stands in the file, e.g. `hooks.Stop[0].hooks[1]`. */
  location: string;
  matcher: string | undefined;
  /** The command as written in the settings file. */
  command: string;
  /** bridge: the client runs `hookd emit -- CMD` and the daemon runs CMD; plain: the client runs it. */
  kind: 'bridge' | 'plain';
  /** The command that actually runs: the inner CMD of a bridge entry, else `command`. */
  run: string;
  /** The timeout as written (seconds), if any. */
  timeoutSec: number | undefined;
  /** The timeout that applies: the written one, or 60 s when absent or 0. */
  timeoutMs: number;
  unquotedShellSyntax: boolean;
  badOption: string | undefined;
}

export interface HookConfig {
  /** `settings`: hooks under a `hooks` key; `hooks-file`: a bare event map; `none`: no hooks at all. */
  shape: 'settings' | 'hooks-file' | 'none';
  entries: HookEntry[];
}

export const EMPTY_CONFIG: HookConfig = Object.freeze({ shape: 'none', entries: [] }) as HookConfig;

/** Flatten a validated event map into entries. `base` is the path of the map in the file. */
export function buildConfig(map: EventMap, shape: HookConfig['shape'], base: readonly string[]): HookConfig {
  const entries: HookEntry[] = [];
  for (const [event, groups] of Object.entries(map)) {
    groups.forEach((group, groupIndex) => {
      group.hooks.forEach((hook, hookIndex) => {
        const classified = classifyCommand(hook.command);
        const timeoutSec = hook.timeout;
        entries.push({
          event,
          location: formatPath([...base, event, groupIndex, 'hooks', hookIndex]),
          matcher: group.matcher,
          command: hook.command,
          kind: classified.kind,
          run: classified.kind === 'bridge' ? classified.inner : hook.command,
          timeoutSec,
          timeoutMs: (timeoutSec || DEFAULT_TIMEOUT_SEC) * 1000,
          unquotedShellSyntax: classified.kind === 'bridge' && classified.unquotedShellSyntax,
          badOption: classified.kind === 'bridge' ? classified.badOption : undefined,
        });
      });
    });
  }
  return { shape, entries };
}
