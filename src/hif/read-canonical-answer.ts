// What a hook in the canonical form answered, read by the spec's rules (HIF hooks/0.1 §4, §5.2,
// §5.3; a hook behind `hookd sync` is a blocking one): exit 2 blocks with stderr as the reason, exit
// 0 reads stdout as `{"decision", "reason", "continue", "context", "updated_input"}` (empty is allow,
// anything but a JSON object is a hook error), any other exit is a hook error that keeps its exit
// code: a guard that crashed or could not start (exit 1, 127) means to the client what it means
// without hookd (issue 41, 3: Copilot CLI's preToolUse denies on exit 1, Crush halts on 49). `updated_input` (capabilities.md §1.2: the tool's arguments, rewritten) is kept as the hook
// wrote it, an object's bytes (raw-field.ts), for the client that takes it.
// native/canonical-answer.c reads the same way; test/hif/bridges-translate.test.ts holds them together.
import { rawTopLevelField } from './raw-field.js';

/** A canonical answer, resolved. */
export interface CanonicalAnswer {
  /** allow; deny (exit 2 or `decision: deny`); ask; stop (`continue: false`); error: a hook error (warn, allow). */
  outcome: 'allow' | 'deny' | 'ask' | 'stop' | 'error';
  reason?: string;
  context?: string;
  /** The reason is the hook's stderr, which already reached the client as it came (exit 2). */
  reasonOnStderr?: boolean;
  /** The tool input the hook rewrote (`updated_input`, a JSON object), as the hook wrote it. */
  updatedInput?: string;
  /** Why the answer reads as a hook error, when hookd says so (stdout not a JSON object, an unknown decision). */
  note?: string;
  /** A hook error the hook's exit code gave (neither 0 nor 2): the client is handed that code, as without hookd. */
  exitCode?: number;
}

const DECISIONS = ['allow', 'deny', 'ask'];
/** Why an answer reads as a hook error, as hookd says it on stderr (the C bridge gets the same words). */
export const NOT_JSON_NOTE =
  'the hook printed something other than a JSON object; read as a hook error (HIF section 5.2)';
export const UNKNOWN_DECISION_NOTE =
  'the hook gave a decision other than allow, deny or ask; read as a hook error (HIF section 5.1)';

/** Read exit code `exitCode` (0 or more: a run a signal ended is not read here), stdout and stderr as the spec does. */
export function readCanonicalAnswer(exitCode: number, stdout: Buffer, stderr: Buffer): CanonicalAnswer {
  if (exitCode === 2) {
    const reason = stderr.toString('utf8').trim();
    return { outcome: 'deny', ...(reason && { reason }), reasonOnStderr: true };
  }
  if (exitCode !== 0) return { outcome: 'error', exitCode };
  const text = stdout.toString('utf8').trim();
  if (text === '') return { outcome: 'allow' };
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    answer = undefined;
  }
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return { outcome: 'error', note: NOT_JSON_NOTE };
  const { decision, reason, context, updated_input: rewritten } = answer as Record<string, unknown>;
  const updatedInput =
    rewritten && typeof rewritten === 'object' && !Array.isArray(rewritten)
      ? rawTopLevelField(text, 'updated_input')
      : undefined;
  const said = {
    ...(typeof reason === 'string' && reason && { reason }),
    ...(typeof context === 'string' && context && { context }),
    ...(updatedInput !== undefined && { updatedInput }),
  };
  if (decision !== undefined && !DECISIONS.includes(decision as string)) {
    return { outcome: 'error', note: UNKNOWN_DECISION_NOTE };
  }
  // continue: false stops the agent, which holds whatever the decision was.
  if ((answer as Record<string, unknown>).continue === false) return { outcome: 'stop', ...said };
  return { outcome: (decision as CanonicalAnswer['outcome'] | undefined) ?? 'allow', ...said };
}
