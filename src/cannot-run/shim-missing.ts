// A client with no command hooks of its own (OpenCode, pi, Kilo Code, Amp) runs the hooks of hookd's
// file for it only through hookd's shim (profile.shim): with no shim there, or another file of the
// user's under its name, the client never reads hookd's file and none of its hooks runs.
import { existsSync } from 'node:fs';
import { isHookdShim, shimPath } from '../clients/shim-file.js';
import { cannotRunRow } from './cannot-run-row.js';
import type { ReasonCheck } from './cannot-run.js';

/** Hooks of a shim client's file that no hookd shim runs. */
export const shimMissing: ReasonCheck = async (entries, _files, context) =>
  entries.flatMap((entry) => {
    const shim = shimPath(entry.client, context.home);
    if (!shim || isHookdShim(shim)) return [];
    const { name } = entry.client;
    const called = entry.client.shim!.called;
    const why = existsSync(shim)
      ? `${name} runs the hooks of ${entry.file} only through hookd's ${called}, and ${shim} is not hookd's: it never reads this file`
      : `${name} runs the hooks of ${entry.file} only through hookd's ${called} (${shim}), which is not there: it never reads this file`;
    const fix = existsSync(shim)
      ? `move ${shim} aside and run hookd install --client ${entry.client.id}`
      : `run hookd install --client ${entry.client.id}`;
    return [cannotRunRow(entry, 'no-shim', why, fix)];
  });
