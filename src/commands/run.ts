// `hookd run EVENT`: run the event's hooks now, in the foreground, and report each outcome, and
// say when the client would act on a hook's output or exit code. How a user tries hooks without
// the agent.
import { readFile } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import { parsePayload } from '../payload/parse-payload.js';
import { samplePayload } from '../payload/sample-payload.js';
import { selectHooks } from '../settings/select-hooks.js';
import { runHook } from '../runner/run-hook.js';
import { hookCwd, hookEnv } from '../runner/hook-env.js';
import { meaningOf } from '../runs/outcome.js';
import { decisionOf } from '../runner/decision-of.js';
import { suggestEvent } from '../settings/suggest-event.js';
import { combine } from '../settings/load-sources.js';
import { chosenClient } from '../clients/find-sources.js';
import { CLIENTS } from '../clients/registry.js';
import { MAX_ANSWER_BYTES } from '../clients/contract.js';
import { HookdError, UsageError, describeError } from '../common/errors.js';
import { readHookFiles, type HookFileOptions } from './hook-files.js';
import type { SourceResult } from '../settings/load-sources.js';
import { cleanLine } from '../common/terminal/clean-text.js';
import { runReport } from './run-report.js';
import type { ClientProfile } from '../clients/profile.js';

export interface RunOptions extends HookFileOptions {
  payload?: string;
  json?: boolean;
}

async function readPayload(event: string, from: string | undefined, client: ClientProfile | undefined): Promise<{ bytes: Buffer; source: string }> {
  if (from === undefined) return samplePayload(event, client);
  if (from === '-') return { bytes: Buffer.from(await text(process.stdin)), source: 'stdin' };
  try {
    return { bytes: await readFile(from), source: from };
  } catch (error) {
    throw new UsageError(`${from}: cannot read the payload: ${describeError(error)}`);
  }
}

/**
 * The files whose hooks can run, and those skipped for their errors. A file named with --settings
 * must be valid, and so must one of the files found, or nothing can run (bad input, exit 2). Else
 * one broken file (a cloned project's, say) does not stop the others' hooks: its errors are
 * printed, it is named as skipped, and the run exits 1 however its hooks did.
 */
function usable(results: SourceResult[]): { loaded: SourceResult[]; broken: SourceResult[] } {
  const skipped = results.filter(({ result }) => !result.ok);
  const errors = skipped.flatMap(({ result }) => (result.ok ? [] : result.errors));
  const loaded = results.filter(({ result }) => result.ok);
  if (skipped.some(({ source }) => source.scope === 'given')) throw new HookdError('ESETTINGS', errors.join('\n'));
  if (skipped.length && loaded.every(({ ignored }) => ignored !== undefined)) {
    throw new HookdError('ESETTINGS', [...errors, 'no valid hook file to run: fix the errors above (hookd validate lists them), or name one file with --settings FILE'].join('\n'));
  }
  for (const { source, result } of skipped) {
    for (const line of result.ok ? [] : result.errors) process.stderr.write(`hookd: ${cleanLine(line)}\n`);
    process.stderr.write(`hookd: skipped ${source.file} (${source.client.name}): it has the errors above, so its hooks did not run; the other files' did (--settings FILE runs one file only)\n`);
  }
  return { loaded, broken: skipped };
}

/** Run every hook configured for `event` and print one line per hook (or JSON). */
export async function runCommand(event: string, options: RunOptions): Promise<void> {
  const { loaded, broken } = usable(await readHookFiles(options));
  const config = combine(loaded.flatMap(({ result }) => (result.ok ? [result.config] : [])));
  const files = loaded.map(({ source }) => source.file).join(', ') || 'the clients found here';
  const client = chosenClient(options.client) ?? (loaded.length === 1 ? loaded[0]!.source.client : undefined);
  const known = client ? client.events : CLIENTS.flatMap((profile) => profile.events);
  if (!config.entries.some((entry) => entry.event === event) && !known.includes(event)) {
    const suggestion = suggestEvent(event, known);
    throw new UsageError(`unknown event "${event}"${suggestion ? `: did you mean "${suggestion}"?` : ''} (no hooks for it in ${files})`);
  }
  const { bytes, source } = await readPayload(event, options.payload, client);
  // A payload that does not name its event (Copilot CLI's camelCase ones) is the event asked for.
  const parsed = parsePayload(bytes, source, event);
  if (!parsed.ok) throw new UsageError(parsed.reason);
  const payload = parsed.payload;
  if (payload.event !== event) process.stderr.write(`hookd: note: the payload is for ${payload.event}; running the ${event} hooks with it\n`);

  const hooks = selectHooks(config, event, payload.data);
  const skipped = config.entries.filter((entry) => entry.event === event && entry.kind === 'other');
  for (const entry of skipped) process.stderr.write(`hookd: note: ${entry.file}: ${entry.location} is a "${entry.type}" hook: ${entry.client.name} runs it, hookd does not\n`);
  if (hooks.length === 0 && !options.json) {
    process.stdout.write(`no hooks for ${event} in ${files}\n`);
    return;
  }
  const eventId = `run-${Date.now()}`;
  const outcomes = await Promise.all(
    hooks.map(async (entry) => {
      // A deciding hook: its whole answer, as the client reads it, so that the decision shown is its.
      const outcome = await runHook({ command: entry.run, payload: payload.bytes, cwd: hookCwd(payload.cwd), env: hookEnv({ eventId, event, attempt: 1, payload: payload.bytes, client: entry.client, entryEnv: entry.env }), timeoutMs: entry.timeoutMs, ...(entry.decides && { outputCap: MAX_ANSWER_BYTES }) });
      return { entry, outcome, decision: decisionOf(entry, outcome) };
    }),
  );
  if (options.json) {
    const rows = outcomes.map(({ entry, outcome, decision }) => ({ command: entry.run, kind: entry.kind, file: entry.file, client: entry.client.id, location: entry.location, timeoutMs: entry.timeoutMs, decision: decision ?? null, ...outcome }));
    process.stdout.write(`${JSON.stringify({ event, settings: loaded.map(({ source: s }) => s.file), hooks: rows, skipped: broken.map(({ source: s, result }) => ({ file: s.file, client: s.client.id, errors: result.ok ? [] : result.errors })) }, null, 2)}\n`);
  } else {
    process.stdout.write(runReport(outcomes));
  }
  if (outcomes.some(({ outcome }) => meaningOf(outcome.status).failed) || broken.length > 0) process.exitCode = 1;
}
