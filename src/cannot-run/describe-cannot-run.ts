// How a hook that will not run, or did not fire, reads in doctor, status and the daemon's answers:
// one sentence naming the client, the event, the command and its place, why, and the fix.
import { clientById } from '../clients/registry.js';
import type { CannotRun } from './cannot-run.js';
import type { UnfiredHook } from '../history/did-not-fire.js';

/** One line for `row`: `Claude Code's Stop hook "cmd" (file, hooks.Stop[0].hooks[0]) will not run: why → fix`. */
export function describeCannotRun(row: CannotRun): string {
  const client = clientById(row.client)?.name ?? row.client;
  // A part the client skips whole (a group) has no one command: it is named by its place alone.
  const hook = row.command ? `hook ${JSON.stringify(row.command)}` : 'hooks';
  return `${client}'s ${row.event} ${hook} (${row.file}, ${row.location}) will not run: ${row.why} → ${row.fix}`;
}

/** One line for a hook that did not fire: the hook, its place, the sessions, and the likeliest cause. */
export function describeUnfired(hook: UnfiredHook): string {
  const client = clientById(hook.client)?.name ?? hook.client;
  const sessions =
    hook.sessions.length === 1
      ? `session ${hook.sessions[0]}`
      : `${hook.sessions.length} sessions (${hook.sessions.join(', ')})`;
  // A daemon of this version sends evidence; read defensively all the same (status reads its answer).
  const evidence: readonly string[] = hook.evidence ?? ['siblings'];
  const how = [
    ...(evidence.includes('siblings') ? [`where its other ${hook.event} hooks ran`] : []),
    ...(evidence.includes('client-record') ? [`which ${client} recorded, with no hook of it reaching hookd`] : []),
  ].join(', or ');
  return `${client}'s ${hook.event} hook ${JSON.stringify(hook.command)} (${hook.file}, ${hook.location}) did not fire in ${sessions}, ${how}; likeliest: ${hook.cause}`;
}
