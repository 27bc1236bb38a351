// Warnings for entries that are valid but probably not what the user meant. They never fail
// `hookd validate`; they say what to change.
import { BLOCKING_EVENTS, KNOWN_EVENTS, suggestEvent } from './known-events.js';
import { matcherError } from './matcher.js';
import type { HookConfig } from './config.js';

/** Located warnings for a loaded config; `file` prefixes each. */
export function lintConfig(config: HookConfig, file: string): string[] {
  const warnings: string[] = [];
  const warnedEvents = new Set<string>();
  for (const entry of config.entries) {
    const at = `${file}: ${entry.location}`;
    if (!KNOWN_EVENTS.has(entry.event) && !warnedEvents.has(entry.event)) {
      warnedEvents.add(entry.event);
      const suggestion = suggestEvent(entry.event);
      warnings.push(`${file}: ${entry.location.replace(/\[\d+\].*$/, '')}: unknown event "${entry.event}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}`);
    }
    if (entry.timeoutSec === 0) warnings.push(`${at}.timeout: a timeout of 0 is treated as the default 60 s; set the seconds you mean`);
    const regexError = matcherError(entry.matcher);
    if (regexError) warnings.push(`${at.replace(/\.hooks\[\d+\]$/, '')}.matcher: not a valid regular expression (${regexError}); the group never matches`);
    if (entry.kind !== 'bridge') continue;
    if (BLOCKING_EVENTS.has(entry.event)) {
      warnings.push(`${at}.command: the bridge returns at once, so a ${entry.event} hook behind it cannot block or answer the agent; run it as a plain command`);
    }
    if (entry.run === '') warnings.push(`${at}.command: "hookd emit" with no command to run`);
    if (entry.badOption) warnings.push(`${at}.command: hookd emit has no option ${entry.badOption}; write "hookd emit -- CMD"`);
    if (entry.unquotedShellSyntax) {
      warnings.push(`${at}.command: the command after "hookd emit --" holds shell syntax outside single quotes, so the client's shell runs it first; wrap it in single quotes: hookd emit -- '...'`);
    }
  }
  return warnings;
}
