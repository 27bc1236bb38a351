// A timeout the client reads in another unit than the one it was written in. Gemini CLI reads
// `timeout` in milliseconds (0.61: default 60000), so a hook copied from Claude Code with
// `"timeout": 10` is cut off after 10 ms: it starts, and it never finishes. Qwen Code reads 1000
// and more as milliseconds, so its 1000 is one second, not seventeen minutes.
import { readsAsMilliseconds } from '../settings/config.js';
import { cannotRunRow } from './cannot-run-row.js';
import type { CannotRun, ReasonCheck } from './cannot-run.js';

// Under this many milliseconds no hook process gets as far as reading its input.
const TOO_SHORT_MS = 1000;

/** Hooks whose written timeout, read in the client's unit, is too short for any hook to finish. */
export const timeoutInWrongUnit: ReasonCheck = async (entries) =>
  entries.flatMap((entry): CannotRun[] => {
    const written = entry.timeoutWritten;
    if (!written || !readsAsMilliseconds(written, entry.client) || written >= TOO_SHORT_MS) return [];
    return [
      cannotRunRow(
        entry,
        'timeout-unit',
        `${entry.client.name} reads "timeout": ${written} as ${written} milliseconds and kills the hook before it can finish`,
        `write the timeout in milliseconds: "timeout": ${written * 1000} for ${written} seconds`,
      ),
    ];
  });
