// What a client makes of a deciding hook's answer, as data (issue 19): which exit codes block,
// what it does when a hook fails or times out, and what it needs on stdout when the hook says
// nothing. The synchronous bridge, the http hook endpoint, `hookd run` and the history all read a
// client's contract from here, so that a hook behind hookd means exactly what it meant before.

/** One client's reading of a hook's answer. */
export interface HookContract {
  /** Exit codes that block (or deny) the action, per event; `*` for every other event. */
  blockingExits: Readonly<Record<string, readonly number[]>>;
  /**
   * What the bridge hands the client when hookd's timeout fires: chosen so that the client does what
   * it does when its own timeout fires (fail open: a non-blocking error; fail closed: a denial).
   */
  onTimeout: { exitCode: number; stdout: string };
  /** What the bridge prints when the hook exits 0 and prints nothing, per event (Codex's Stop needs a JSON object). */
  emptyAnswer?: Readonly<Record<string, string>>;
  /** Events whose plain-text stdout the client adds to the agent's context. */
  textContextEvents: readonly string[];
  /** One sentence per outcome for `hookd run` and the README: exit 1, exit 2, a timeout. */
  reads: { exit1: string; exit2: string; timeout: string };
}

/** Claude Code's contract, which Droid, Qwen Code and Gemini CLI follow in the main. */
export const CLAUDE_LIKE: HookContract = {
  blockingExits: { '*': [2] },
  onTimeout: { exitCode: 1, stdout: '' },
  textContextEvents: ['UserPromptSubmit', 'SessionStart'],
  reads: {
    exit1: 'a non-blocking error: shown to the user, the agent goes on',
    exit2: 'blocks: stderr goes to the agent',
    timeout: 'a non-blocking error: the agent goes on',
  },
};

/** The longest timeout hookd keeps for a hook run in line: a day (a longer one, or Infinity, is read as this). */
export const MAX_TIMEOUT_SEC = 86_400;

/** The timeout of a hook run in line: `given` seconds when it is a positive number, else the client's default; a day at most. */
export function inLineTimeoutSec(given: number | undefined, defaultSec: number): number {
  return Math.min(given !== undefined && given > 0 ? given : defaultSec, MAX_TIMEOUT_SEC);
}

/**
 * When hookd's own timeout fires for an entry the client times out after `timeoutMs`: early enough
 * that hookd, not the client, ends the hook and reports it (a tenth of the timeout, at most 2 s,
 * at least 100 ms, never below half of it).
 */
export function hookdDeadlineMs(timeoutMs: number): number {
  const margin = Math.min(2000, Math.max(100, timeoutMs / 10));
  return Math.max(Math.round(timeoutMs / 2), Math.round(timeoutMs - margin));
}

/** Whether exit code `code` of a hook for `event` blocks under `contract`. */
export function blocks(contract: HookContract, event: string, code: number | null): boolean {
  if (code === null) return false;
  return (contract.blockingExits[event] ?? contract.blockingExits['*'] ?? []).includes(code);
}

// Fields of the clients' JSON answers that steer the agent.
const STEERING_FIELDS = ['decision', 'continue', 'permissionDecision', 'hookSpecificOutput', 'followup_message', 'systemMessage', 'additionalContext', 'permission', 'updatedInput'];

/** What a deciding hook answered, in a few words for the history: `none` when the client acts on nothing. */
export interface Decision {
  /** The client acts on this answer (blocks, denies, adds context, changes the input). */
  decided: boolean;
  /** `none`, `block: reason`, `deny: reason`, `allow`, `context (120 bytes)`, `answer (decision, reason)`. */
  reads: string;
}

/** Read the answer a deciding hook gave: its exit code and stdout, as the client reads them. */
export function readDecision(contract: HookContract, event: string, exitCode: number | null, stdout: string, stderr: string): Decision {
  if (blocks(contract, event, exitCode)) {
    const reason = firstText(stderr);
    return { decided: true, reads: reason ? `block: ${reason}` : 'block' };
  }
  if (exitCode !== 0) return { decided: false, reads: 'none' };
  const out = stdout.trim();
  if (out === '') return { decided: false, reads: 'none' };
  if (out.startsWith('{')) {
    try {
      return readJsonAnswer(JSON.parse(out) as Record<string, unknown>);
    } catch {
      // Not JSON: read as text below.
    }
  }
  if (contract.textContextEvents.includes(event)) return { decided: true, reads: `context (${Buffer.byteLength(out)} bytes)` };
  return { decided: false, reads: 'none' };
}

function readJsonAnswer(answer: Record<string, unknown>): Decision {
  const specific = (answer.hookSpecificOutput ?? {}) as Record<string, unknown>;
  const permission = answer.permissionDecision ?? specific.permissionDecision ?? answer.permission;
  const reason = answer.reason ?? answer.permissionDecisionReason ?? specific.permissionDecisionReason ?? answer.stopReason;
  const why = typeof reason === 'string' && reason ? `: ${firstText(reason)}` : '';
  if (typeof permission === 'string') return { decided: true, reads: `${permission}${why}` };
  if (answer.decision === 'block' || answer.decision === 'deny') return { decided: true, reads: `${answer.decision}${why}` };
  if (answer.continue === false) return { decided: true, reads: `stop${why}` };
  const context = answer.additionalContext ?? specific.additionalContext;
  if (typeof context === 'string' && context) return { decided: true, reads: `context (${Buffer.byteLength(context)} bytes)` };
  const fields = STEERING_FIELDS.filter((field) => Object.hasOwn(answer, field));
  return fields.length ? { decided: true, reads: `answer (${fields.join(', ')})` } : { decided: false, reads: 'none' };
}

const firstText = (text: string) => {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 120 ? `${line.slice(0, 117)}...` : line;
};
