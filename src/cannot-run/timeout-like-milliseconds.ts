// A timeout the client reads as seconds, written as large as a count of milliseconds: Claude Code
// reads `"timeout": 5000` as 5000 seconds, 83 minutes, so a hook that hangs holds the agent that
// long (the reverse of Gemini CLI's `"timeout": 10`, cut off after 10 ms: timeout-unit.ts). A
// client that reads milliseconds is asked the same of the seconds its value comes to (a manifest's
// 5000 written into Gemini CLI's file as 5000000). Qwen Code's own rules are timeout-unit.ts's.
import { readsAsMilliseconds, type HookEntry } from '../settings/config.js';
import { looksLikeMilliseconds, secondsMeant, secondsSaid } from '../settings/timeout-like-milliseconds.js';
import { cannotRunRow } from './cannot-run-row.js';
import type { CannotRun, ReasonCheck } from './cannot-run.js';

function likeMilliseconds(entry: HookEntry, written: number): CannotRun[] {
  const milliseconds = readsAsMilliseconds(written, entry.client);
  const seconds = milliseconds ? written / 1000 : written;
  if (!looksLikeMilliseconds(seconds)) return [];
  // What was meant: a thousandth of it (5000 written as seconds: 5 seconds; 5000000 as milliseconds: 5000 ms).
  const meant = milliseconds ? `"timeout": ${Math.round(written / 1000)}` : `"timeout": ${secondsMeant(written)}`;
  const meantSeconds = secondsMeant(milliseconds ? written / 1000 : written);
  return [
    cannotRunRow(
      entry,
      'timeout-unit',
      `${entry.client.name} reads "timeout": ${written} as ${secondsSaid(seconds)}: it reads like milliseconds, and a hook that hangs holds the agent that long`,
      `write it in ${milliseconds ? 'milliseconds' : 'seconds'}, as ${entry.client.name} reads it: ${meant} for ${meantSeconds} second(s)`,
    ),
  ];
}

/** Hooks whose timeout, read in the client's unit, is so long that it reads like milliseconds written as seconds. */
export const timeoutLikeMilliseconds: ReasonCheck = async (entries) =>
  entries.flatMap((entry) =>
    entry.timeoutWritten && entry.client.id !== 'qwen' ? likeMilliseconds(entry, entry.timeoutWritten) : [],
  );
