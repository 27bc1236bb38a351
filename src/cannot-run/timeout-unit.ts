// A timeout the client reads in another unit than the one it was written in. Gemini CLI reads
// `timeout` in milliseconds (0.61: default 60000), so a hook copied from Claude Code with
// `"timeout": 10` is cut off after 10 ms: it starts, and it never finishes. Qwen Code before 1.0
// reads 1000 and more as milliseconds, so its 1000 is one second, not seventeen minutes; from 1.0
// (its PR #11615) it reads seconds only, so a 5000 written as five seconds for 0.x holds the agent
// 83 minutes: which one applies is the installed Qwen Code's version (clients/installed-version.ts).
import { readsAsMilliseconds, type HookEntry } from '../settings/config.js';
import { QWEN_CODE, installedVersion, majorOf } from '../clients/installed-version.js';
import { QWEN_0X_MILLISECONDS_FROM } from '../clients/qwen/version.js';
import { cannotRunRow } from './cannot-run-row.js';
import type { CannotRun, ReasonCheck } from './cannot-run.js';

// Under this many milliseconds no hook process gets as far as reading its input.
const TOO_SHORT_MS = 1000;

function tooShort(entry: HookEntry, written: number): CannotRun[] {
  if (!readsAsMilliseconds(written, entry.client) || written >= TOO_SHORT_MS) return [];
  return [
    cannotRunRow(
      entry,
      'timeout-unit',
      `${entry.client.name} reads "timeout": ${written} as ${written} milliseconds and kills the hook before it can finish`,
      `write the timeout in milliseconds: "timeout": ${written * 1000} for ${written} seconds`,
    ),
  ];
}

// Qwen Code 1.x: a value 0.x read as milliseconds is now seconds.
function qwenSeconds(entry: HookEntry, written: number, version: string): CannotRun[] {
  if (written < QWEN_0X_MILLISECONDS_FROM) return [];
  const seconds = Math.max(1, Math.round(written / 1000));
  return [
    cannotRunRow(
      entry,
      'timeout-unit',
      `${entry.client.name} ${version} (the one on the PATH) reads "timeout": ${written} as ${written} seconds (${Math.round(written / 60)} minutes): before 1.0 it read 1000 and more as milliseconds, and a hook that hangs now holds the agent that long`,
      `write the timeout in seconds: "timeout": ${seconds} for ${written} milliseconds`,
    ),
  ];
}

/** Hooks whose written timeout, read in the installed client's unit, is too short for any hook to finish, or far longer than meant. */
export const timeoutInWrongUnit: ReasonCheck = async (entries, _files, context) => {
  let qwen: string | undefined | null = null;
  const qwenVersion = () => (qwen === null ? (qwen = installedVersion(QWEN_CODE, context.pathVar)) : qwen);
  return entries.flatMap((entry): CannotRun[] => {
    const written = entry.timeoutWritten;
    if (!written) return [];
    if (entry.client.id === 'qwen') {
      const version = qwenVersion();
      if ((majorOf(version) ?? 0) >= 1) return qwenSeconds(entry, written, version!);
    }
    return tooShort(entry, written);
  });
};
