// A hook, group or event its client skips while it runs the rest of the file (Gemini CLI discards a
// group with no `hooks` list, a hook with no `command`; Copilot CLI an entry with no command): the
// loader drops it as the client does (settings/drop-invalid.ts), `hookd validate` and `hookd status`
// say `skipped: …` under the file, and this names it among the hooks that will not run, where
// doctor and the page look. A lone group written without its list the client does run: not named here.
import type { SourceResult } from '../settings/load-sources.js';
import type { CannotRun } from './cannot-run.js';

// `hooks.BeforeAgent[0].hooks[1]` (or `BeforeAgent[0]` in a file that is only the map): its event.
const eventAt = (at: string) => /^(?:hooks\.)?([^.[]+)/.exec(at)?.[1] ?? at;

/** The parts of the loaded files their client skips, one row each. */
export function skippedByClient(loaded: readonly SourceResult[]): CannotRun[] {
  return loaded.flatMap(({ source, result, ignored }) => {
    if (!result.ok || ignored) return [];
    return (result.config.dropped ?? []).flatMap((part): CannotRun[] => {
      const said = part.message.slice(part.message.indexOf(`${part.at}: `) + part.at.length + 2);
      if (!said.includes(' skips this ')) return [];
      return [
        {
          client: source.client.id,
          event: eventAt(part.at),
          file: source.file,
          location: part.at,
          command: '',
          reason: 'skipped',
          why: said,
          fix: `correct it as the reason says (hookd validate names each), and ${source.client.name} runs it again`,
        },
      ];
    });
  });
}
