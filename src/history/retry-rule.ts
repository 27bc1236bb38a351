// Which kept runs a retry (`hookd retry`, the page's Retry) may run again: only a command the
// settings still name for its event, in a file the daemon follows (bridge or http entry) or in the
// project's own files the run came from, as the live config answers for a record (LiveConfig.entryFor).
// A retry used to run whatever the kept record said, however long ago the command had been removed
// from every file (issue 21).
import { parsePayload } from '../payload/parse-payload.js';
import { clip } from '../common/clip-text.js';
import type { RecordContent } from '../inbox/record-format.js';
import type { LiveConfig } from '../settings/live-config.js';

/** A check over the live settings: why `record` may not be retried for `event`, or undefined when it may. */
export function retryRule(
  config: Pick<LiveConfig, 'entryFor'>,
): (event: string, record: RecordContent) => Promise<string | undefined> {
  return async (event, record) => {
    const parsed = parsePayload(record.payload, 'payload');
    const cwd = parsed.ok ? parsed.payload.cwd : undefined;
    if (await config.entryFor(event, record.command, { clientEnv: record.clientEnv, cwd })) return undefined;
    return `no settings file names ${JSON.stringify(clip(record.command))} for ${event} any more (neither those the daemon follows nor the project's)`;
  };
}
