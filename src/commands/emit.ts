// The bridge's Node path: what `hookd emit` does when bin/hookd's sh fast path is not used
// (HOOKD_BRIDGE_NODE=1, or dist/bin.js run directly). It stores the event and always exits 0,
// silent on stdout: a client may parse a hook's stdout, and a failing bridge must not fail the agent.
// Its options are clients/bridge-options.ts's (bin/hookd's list is generated from there). The
// record also notes the working directory the client ran the bridge in. Keep in step with bin/hookd.
import { existsSync } from 'node:fs';
import { readEvent } from '../bridge/read-event.js';
import { EMIT_OPTIONS, parseBridgeArgs } from '../clients/bridge-options.js';
import { writeRecord } from '../inbox/write-record.js';
import { ensureInboxDirs, inboxDirs } from '../inbox/inbox-dirs.js';
import { BRIDGE_NOTES, clientEnvOf } from '../payload/client-env.js';
import { ownedByOther, stateDir } from '../common/paths.js';
import { describeError, factsOf } from '../common/errors.js';
import { says } from '../common/error-catalogue.js';

function fail(message: string): void {
  process.stderr.write(`hookd emit: ${message}\n`);
  process.exitCode = 0;
}

/** `hookd emit [options] [--] CMD…` from the raw words after `emit`. */
export async function emitFromArgv(args: string[]): Promise<'help' | void> {
  const { options, help, command: words, unreadable } = parseBridgeArgs(EMIT_OPTIONS, args);
  // A word it cannot read stores nothing: the daemon would run it as the command (`sh -c --opt`).
  if (unreadable) return fail(`cannot read its options (${unreadable.why}); the event was not stored`);
  if (help) return 'help';
  const { stateDir: stateFlag, event, payloadArg = false, canonical = false } = options;
  const payloadWord = payloadArg ? words.at(-1) : undefined;
  const command = (payloadArg ? words.slice(0, -1) : words).join(' ');
  if (command.trim() === '') return fail('no command given; write: hookd emit -- CMD');
  if (!payloadArg && process.stdin.isTTY)
    return fail('no event on stdin (the agent client runs hookd emit with the event on stdin)');
  let state: string;
  try {
    state = stateDir(stateFlag);
  } catch (error) {
    // Said without the flag's name: the client wrote the command line, not the person reading this.
    const relative = factsOf(error, 'ESTATE_RELATIVE');
    return fail(
      `${relative ? says('ESTATE_RELATIVE', { given: relative.given }) : describeError(error)}; the event was not stored`,
    );
  }
  const notOurs = `the state directory ${state} belongs to another user; the event was not stored`;
  // Checked before anything is made there, and again after making the inbox (another user could
  // have made the directory in between), as bin/hookd does.
  if (ownedByOther(state)) return fail(notOurs);
  try {
    const payload = payloadWord !== undefined ? Buffer.from(payloadWord) : (await readEvent(process.stdin)).payload;
    const dirs = inboxDirs(state);
    if (!existsSync(dirs.new)) {
      ensureInboxDirs(dirs);
      if (ownedByOther(state)) return fail(notOurs);
    }
    const notes = {
      ...(event ? { [BRIDGE_NOTES.event]: event } : {}),
      [BRIDGE_NOTES.cwd]: process.cwd(),
      ...(canonical ? { [BRIDGE_NOTES.canonical]: '1' } : {}),
    };
    writeRecord(state, { command, clientEnv: { ...clientEnvOf(process.env, command), ...notes }, payload });
  } catch (error) {
    fail(`could not store the event in ${state}/inbox: ${describeError(error)}`);
  }
}
