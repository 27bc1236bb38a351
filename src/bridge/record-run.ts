// Stores a run the synchronous bridge made into the inbox, for the daemon's history. Best effort
// and silent: the client already has the hook's answer, and a line from hookd on stderr would
// change what the client reads (exit 2 hands stderr to the agent).
import { ownedByOther, stateDir } from '../common/paths.js';
import { serializeRun, type BridgeRun } from '../inbox/run-record.js';
import { writeRecordBytes } from '../inbox/write-record.js';

/** Record `run` of `command` on `payload` in the inbox of the state directory (`--state-dir`, else the default). */
export async function recordRun(stateFlag: string | undefined, command: string, run: BridgeRun, payload: Buffer): Promise<void> {
  try {
    const state = stateDir(stateFlag);
    if (ownedByOther(state)) return;
    process.umask(0o077);
    await writeRecordBytes(state, serializeRun(command, run, payload));
  } catch {
    // A full disk or a state directory that cannot be made: the decision stands, the record is lost.
  }
}
