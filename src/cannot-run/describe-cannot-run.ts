// How a hook that will not run reads, in doctor, status and the daemon's answers: one sentence
// naming the client, the event, the command and its place, why, and the fix.
import { clientById } from '../clients/registry.js';
import type { CannotRun } from './cannot-run.js';

/** One line for `row`: `Claude Code's Stop hook "cmd" (file, hooks.Stop[0].hooks[0]) will not run: why → fix`. */
export function describeCannotRun(row: CannotRun): string {
  const client = clientById(row.client)?.name ?? row.client;
  return `${client}'s ${row.event} hook ${JSON.stringify(row.command)} (${row.file}, ${row.location}) will not run: ${row.why} → ${row.fix}`;
}
