// The one predicate for "a hook the daemon runs" (settings/daemon-hooks.ts): which kinds of entry
// it runs by the way a command comes, and the index built on it agree with each other.
import { describe, expect, it } from 'vitest';
import { parseSettingsText } from '../../src/settings/load.js';
import { countHooks, indexDaemonHooks, factsOf, runsBy, type Way } from '../../src/settings/daemon-hooks.js';
import { hookdUrl } from '../../src/settings/hookd-url.js';
import { claude } from '../../src/clients/claude/profile.js';
import type { HookConfig } from '../../src/settings/config.js';

const hook = (command: string, timeout?: number) => ({ type: 'command', command, ...(timeout ? { timeout } : {}) });
const http = (event: string, command: string) => ({ type: 'http', url: hookdUrl(14653, event, command), timeout: 9 });

function config(): HookConfig {
  const result = parseSettingsText(
    JSON.stringify({
      hooks: {
        Stop: [
          {
            hooks: [
              hook("hookd emit -- 'bridged'", 3),
              hook("hookd sync -- 'gate'", 4),
              hook('plain'),
              http('Stop', 'posted'),
            ],
          },
        ],
        Notification: [{ hooks: [http('Notification', 'posted')] }],
      },
    }),
    'settings.json',
    claude,
  );
  if (!result.ok) throw new Error(result.errors.join('; '));
  return result.config;
}

describe('which hooks the daemon runs', () => {
  it('runs bridge and http entries on events, finds sync ones for a record too, and lets the endpoint run only http ones', () => {
    const entries = config().entries;
    const kinds = (way: Way) =>
      entries.filter((entry) => runsBy(entry, way)).map((entry) => `${entry.event}:${entry.kind}`);
    expect(kinds('event')).toEqual(['Stop:bridge', 'Stop:http', 'Notification:http']);
    expect(kinds('record')).toEqual(['Stop:bridge', 'Stop:sync', 'Stop:http', 'Notification:http']);
    expect(kinds('http')).toEqual(['Stop:http', 'Notification:http']);
  });

  it('answers every question of the index by that predicate', () => {
    const hooks = indexDaemonHooks(config());
    // Every hook hookd handles, as `hookd status` counts them: the sync entry too (countHooks).
    expect(hooks.count).toBe(4);
    expect(countHooks(config().entries)).toEqual({ all: 4, byKind: { bridge: 1, sync: 1, http: 2 } });
    expect(hooks.forEvent('Stop', {}).map((entry) => entry.run)).toEqual(['bridged', 'posted']);
    expect(hooks.entriesFor('Stop', 'gate').map((entry) => entry.kind)).toEqual(['sync']);
    expect(hooks.entriesFor('Stop', 'gate', undefined, 'event')).toEqual([]);
    expect(hooks.entriesFor('Stop', 'plain')).toEqual([]);
    expect(hooks.entriesFor('Stop', 'bridged', undefined, 'http')).toEqual([]);
    expect(hooks.entriesFor('Stop', 'posted', undefined, 'http')).toHaveLength(1);
    expect(hooks.eventsFor('posted', 'http')).toEqual(['Stop', 'Notification']);
    expect(hooks.eventsFor('gate', 'record')).toEqual(['Stop']);
    expect(hooks.eventsFor('gate', 'event')).toEqual([]);
    expect(hooks.onlyEventOf('bridged', claude)).toBe('Stop');
    expect(hooks.onlyEventOf('posted', claude)).toBeUndefined();
    // The sync bridge's command is recorded, never run on an event: it names no event of its own here.
    expect(hooks.onlyEventOf('gate', claude)).toBeUndefined();
  });

  it('takes a run’s timeout (the longest) and variables from the entries that name its command', () => {
    const hooks = indexDaemonHooks(config());
    expect(factsOf(hooks.entriesFor('Stop', 'bridged'))).toEqual({ timeoutMs: 3000, env: undefined });
    expect(factsOf(hooks.entriesFor('Stop', 'nothing'))).toBeUndefined();
  });
});
