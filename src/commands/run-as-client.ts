// One hook of `hookd run`, run as its client runs it: with the client's variables (project
// directory, plugin folder, session: runner/client-vars.ts), in the directory the client uses (the
// entry's own `cwd`, else the payload's, else the project: the directory `hookd run` runs in, as
// the client runs in its project), and read as the client reads it: a blocking exit or answer is a block, not a failure.
import path from 'node:path';
import { inProcessExecutor } from '../executor/platform.js';
import { hookCwd, hookEnv } from '../runner/hook-env.js';
import { clientVariables } from '../runner/client-vars.js';
import { blockOf, decisionOf } from '../runner/decision-of.js';
import { pluginRootOf } from '../clients/plugin-root.js';
import { MAX_ANSWER_BYTES } from '../clients/contract.js';
import { meaningOf } from '../runs/outcome.js';
import type { HookSource } from '../clients/hook-source.js';
import type { HookEntry } from '../settings/config.js';
import type { Payload } from '../payload/parse-payload.js';
import type { RanHook } from './run-report.js';
import { outcomeInClientTerms } from '../hif/outcome-in-client-terms.js';

/** What every hook of one `hookd run` shares. */
export interface RunPlace {
  eventId: string;
  payload: Payload;
  /** The project: the directory `hookd run` runs in. */
  projectDir: string;
  /** The file each entry came from, by path. */
  sources: ReadonlyMap<string, Pick<HookSource, 'file' | 'scope'>>;
}

/** How a hook's run reads for `hookd run`'s summary and exit code: it succeeded, it blocked, or it failed. */
export type Verdict = 'ok' | 'blocked' | 'failed';

/** The verdict of a hook that ran: a block is the hook deciding, whatever its exit code. */
export function verdictOf({ outcome, block }: Pick<RanHook, 'outcome' | 'block'>): Verdict {
  if (block !== undefined) return 'blocked';
  return meaningOf(outcome.status).failed ? 'failed' : 'ok';
}

/** Run `entry` as its client would, and say what the client makes of it. */
export async function runAsClient(entry: HookEntry, place: RunPlace): Promise<RanHook> {
  const { payload, projectDir } = place;
  const source = place.sources.get(entry.file);
  const session = payload.data[entry.client.sessionField];
  const clientVars = clientVariables(entry.client, {
    projectDir,
    cwd: payload.cwd,
    pluginRoot: source && pluginRootOf(source),
    sessionId: typeof session === 'string' && session !== '' ? session : undefined,
    hookDir: path.dirname(entry.file),
  });
  const env = hookEnv({
    eventId: place.eventId,
    event: entry.event,
    attempt: 1,
    payload: payload.bytes,
    client: entry.client,
    clientVars,
    entryEnv: entry.env,
    canonical: entry.canonical,
  });
  // An entry that names its directory (Copilot CLI's `cwd`, relative to the repository) runs there.
  const cwd = entry.cwd ? path.resolve(projectDir, entry.cwd) : hookCwd(payload.cwd, projectDir);
  // A deciding hook: its whole answer, as the client reads it, so that the decision shown is its.
  const ran = await inProcessExecutor.run({
    command: entry.run,
    payload: payload.bytes,
    cwd,
    env,
    timeoutMs: entry.timeoutMs,
    ...(entry.decides && { outputCap: MAX_ANSWER_BYTES }),
  });
  // A canonical hook behind hookd sync: what its client is handed is the translated answer (hif/).
  const { outcome, said } =
    entry.canonical && entry.kind === 'sync' ? outcomeInClientTerms(entry.client, entry.event, ran) : { outcome: ran };
  const decision = [said, decisionOf(entry, outcome)].filter(Boolean).join('\n      ') || undefined;
  return { entry, outcome, decision, block: blockOf(entry, outcome) };
}
