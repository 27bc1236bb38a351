// Stores a run the synchronous bridge made into the inbox, for the daemon's history. Best effort
// and silent: the client already has the hook's answer, and a line from hookd on stderr would
// change what the client reads (exit 2 hands stderr to the agent).
import { ownedByOther, stateDir } from '../common/paths.js';
import type { RunRecord } from '../inbox/run-record.js';
import { writeRecord } from '../inbox/write-record.js';

/** Record `run` of `command` on `payload` in the inbox of the state directory (`--state-dir`, else the default). */
export function recordRun(stateFlag: string | undefined, command: string, run: RunRecord, payload: Buffer): void {
  try {
    const state = stateDir(stateFlag);
    if (ownedByOther(state)) return;
    process.umask(0o077);
    writeRecord(state, { command, clientEnv: run.env ?? {}, payload, run });
  } catch {
    // A full disk or a state directory that cannot be made: the decision stands, the record is lost.
  }
}
