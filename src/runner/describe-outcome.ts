// One-line descriptions of outcomes, shared by `hookd run`, `hookd status` and the history.
import type { Outcome } from './run-hook.js';

/** `ok`, `failed (exit 3)`, `timed out`, `could not start: …`. */
export function describeOutcome(outcome: Pick<Outcome, 'status' | 'exitCode' | 'signal' | 'error'>): string {
  switch (outcome.status) {
    case 'ok':
      return 'ok';
    case 'failed':
      return outcome.exitCode !== null ? `failed (exit ${outcome.exitCode})` : `failed (${outcome.signal})`;
    case 'timed_out':
      return 'timed out';
    case 'interrupted':
      return 'interrupted';
    case 'spawn_error':
      return `could not start: ${outcome.error ?? 'unknown error'}`;
  }
}

/** The first non-empty line of a hook's stderr (or stdout), to show beside its outcome. */
export function firstLine(outcome: Pick<Outcome, 'stdout' | 'stderr'>): string {
  const text = outcome.stderr.text.trim() || outcome.stdout.text.trim();
  const line = text.split('\n')[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}
