// The bridge's Node path: what `hookd emit` does when bin/hookd's sh fast path is not used
// (HOOKD_BRIDGE_NODE=1, or dist/bin.js run directly). It stores the event and always exits 0,
// silent on stdout: a client may parse a hook's stdout, and a failing bridge must not fail the agent.
import { buffer } from 'node:stream/consumers';
import { writeRecord, projectVarsOf } from '../events/write-record.js';
import { stateDir } from '../common/paths.js';
import { describeError } from '../common/errors.js';

function fail(message: string): void {
  process.stderr.write(`hookd emit: ${message}\n`);
  process.exitCode = 0;
}

/** `hookd emit [--] CMD…` from the raw words after `emit`. */
export async function emitFromArgv(args: string[]): Promise<void> {
  let words = args;
  let stateFlag: string | undefined;
  if (words[0] === '--state-dir' && words[1] !== undefined) {
    stateFlag = words[1];
    words = words.slice(2);
  }
  if (words[0] === '-h' || words[0] === '--help') {
    process.stderr.write('usage: hookd emit [--] CMD...   the agent client runs this with the event on stdin; the daemon runs CMD\n');
    return;
  }
  if (words[0] === '--') words = words.slice(1);
  const command = words.join(' ');
  if (command.trim() === '') return fail('no command given; write: hookd emit -- CMD');
  if (process.stdin.isTTY) return fail('no event on stdin (the agent client runs hookd emit with the event on stdin)');
  const state = stateDir(stateFlag);
  try {
    const payload = await buffer(process.stdin);
    await writeRecord(state, { command, projectVars: projectVarsOf(process.env), payload });
  } catch (error) {
    fail(`could not store the event in ${state}/inbox: ${describeError(error)}`);
  }
}
