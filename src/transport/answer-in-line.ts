// The hook endpoint's answer to an http hook of a deciding event (issue 19): the hook runs now
// (run-in-line.ts) and the response carries its decision (http-answer.ts). The run is ended when
// the client stops waiting (it closed the connection: its own timeout, or it quit) or the daemon
// stops, and it is recorded either way.
import type { ServerResponse } from 'node:http';
import { timeoutOf } from '../settings/daemon-hooks.js';
import { answerOf } from './http-answer.js';
import { runInLine } from './run-in-line.js';
import type { HookEntry } from '../settings/config.js';
import type { Payload } from '../payload/parse-payload.js';
import type { RunBus } from '../runs/run-bus.js';
import type { Logger } from '../common/logger.js';

/** What the endpoint hands over for one in-line answer. */
export interface InLineContext {
  runs: RunBus;
  socket: string | undefined;
  logger: Logger;
}

/** The http entries of `entries` that decide: the endpoint runs their command in line. */
export function decidingEntries(entries: readonly HookEntry[]): HookEntry[] {
  return entries.filter((entry) => entry.decides);
}

/** Run `command` for `payload` under the entries' timeout and answer `res` with its decision. */
export async function answerInLine(
  res: ServerResponse,
  command: string,
  payload: Payload,
  entries: readonly HookEntry[],
  context: InLineContext,
): Promise<void> {
  const client = entries[0]!.client;
  const timeoutMs = timeoutOf(entries)!;
  const gone = new AbortController();
  const onClose = () => gone.abort();
  res.on('close', onClose);
  try {
    const { outcome, deadlineMs, finished, published } = await runInLine(
      {
        event: payload.event,
        sessionId: payload.sessionId,
        command,
        payload: payload.bytes,
        cwd: payload.cwd,
        client,
        timeoutMs,
        receivedAt: Date.now(),
        signal: gone.signal,
      },
      context.runs,
      context.socket,
    );
    context.logger.debug(
      { id: finished.eventId, event: payload.event, outcome: finished.outcome, decision: finished.inline?.decision },
      'http hook answered in line',
    );
    if (!res.destroyed && !res.writableEnded) {
      const answer = answerOf(client.contract, payload.event, outcome, deadlineMs);
      res.writeHead(
        answer.status,
        answer.body === undefined
          ? {}
          : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer.body) },
      );
      res.end(answer.body);
    }
    // The answer first: the agent waits on it, not on the history's write.
    await published;
  } finally {
    res.off('close', onClose);
  }
}
