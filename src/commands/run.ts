// `hookd run EVENT`: run the event's hooks now, in the foreground, as their clients run them
// (run-as-client.ts), and report each outcome, say when the client would act on a hook's output or
// exit code, and name the hooks whose matcher passed over the payload. How a user tries hooks
// without the agent.
import { readFile } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import { parsePayload } from '../payload/parse-payload.js';
import { samplePayload } from '../payload/sample-payload.js';
import { matcherMisses, selectHooks } from '../settings/select-hooks.js';
import { suggestEvent } from '../settings/suggest-event.js';
import { combine } from '../settings/load-sources.js';
import { chosenClient } from '../clients/find-sources.js';
import { CLIENTS } from '../clients/registry.js';
import { HookdError, UsageError, describeError } from '../common/errors.js';
import { readHookFiles, type HookFileOptions } from './hook-files.js';
import type { SourceResult } from '../settings/load-sources.js';
import { cleanLine } from '../common/terminal/clean-text.js';
import { missReport, runReport } from './run-report.js';
import { groupOf } from '../settings/config.js';
import { runAsClient, verdictOf } from './run-as-client.js';
import type { ClientProfile } from '../clients/profile.js';

export interface RunOptions extends HookFileOptions {
  payload?: string;
  json?: boolean;
}

async function readPayload(
  event: string,
  from: string | undefined,
  client: ClientProfile | undefined,
): Promise<{ bytes: Buffer; source: string }> {
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
    throw new HookdError(
      'ESETTINGS',
      [
        ...errors,
        'no valid hook file to run: fix the errors above (hookd validate lists them), or name one file with --settings FILE',
      ].join('\n'),
    );
  }
  for (const { source, result } of skipped) {
    for (const line of result.ok ? [] : result.errors) process.stderr.write(`hookd: ${cleanLine(line)}\n`);
    process.stderr.write(
      `hookd: skipped ${source.file} (${source.client.name}): it has the errors above, so its hooks did not run; the other files' did (--settings FILE runs one file only)\n`,
    );
  }
  return { loaded, broken: skipped };
}

/**
 * The one client whose files hold `event`'s hooks (else whose files were read), whose sample payload
 * and event names apply: a project's file and a plugin's beside the user's are all Claude Code's.
 */
function onlyClient(loaded: readonly SourceResult[], event: string): ClientProfile | undefined {
  const holding = loaded.filter(
    ({ result }) => result.ok && result.config.entries.some((entry) => entry.event === event),
  );
  const clients = new Set((holding.length ? holding : loaded).map(({ source }) => source.client));
  return clients.size === 1 ? [...clients][0] : undefined;
}

/** Run every hook configured for `event` and print one line per hook (or JSON). */
export async function runCommand(event: string, options: RunOptions): Promise<void> {
  const { loaded, broken } = usable(await readHookFiles(options));
  const config = combine(loaded.flatMap(({ result }) => (result.ok ? [result.config] : [])));
  const files = loaded.map(({ source }) => source.file).join(', ') || 'the clients found here';
  const client = chosenClient(options.client) ?? onlyClient(loaded, event);
  const known = client ? client.events : CLIENTS.flatMap((profile) => profile.events);
  if (!config.entries.some((entry) => entry.event === event) && !known.includes(event)) {
    const suggestion = suggestEvent(event, known);
    throw new UsageError(
      `unknown event "${event}"${suggestion ? `: did you mean "${suggestion}"?` : ''} (no hooks for it in ${files})`,
    );
  }
  const { bytes, source } = await readPayload(event, options.payload, client);
  // A payload that does not name its event (Copilot CLI's camelCase ones) is the event asked for.
  const parsed = parsePayload(bytes, source, event);
  if (!parsed.ok) throw new UsageError(parsed.reason);
  const payload = parsed.payload;
  if (payload.event !== event)
    process.stderr.write(`hookd: note: the payload is for ${payload.event}; running the ${event} hooks with it\n`);

  const hooks = selectHooks(config, event, payload.data);
  const misses = matcherMisses(config, event, payload.data);
  const skipped = config.entries.filter((entry) => entry.event === event && entry.kind === 'other');
  for (const entry of skipped)
    process.stderr.write(
      `hookd: note: ${entry.file}: ${entry.location} is a "${entry.type}" hook: ${entry.client.name} runs it, hookd does not\n`,
    );
  if (hooks.length === 0 && !options.json) {
    process.stdout.write(misses.length ? missReport(event, misses) : `no hooks for ${event} in ${files}\n`);
    return;
  }
  // The project is where hookd run runs, as the client runs in its project (its project files were read from here).
  const place = {
    eventId: `run-${Date.now()}`,
    payload,
    projectDir: process.cwd(),
    sources: new Map(loaded.map(({ source: s }) => [s.file, s])),
  };
  const ran = await Promise.all(hooks.map((entry) => runAsClient(entry, place)));
  if (options.json) {
    const rows = ran.map((hook) => {
      const { entry, outcome, decision, block } = hook;
      return {
        command: entry.run,
        kind: entry.kind,
        file: entry.file,
        client: entry.client.id,
        location: entry.location,
        timeoutMs: entry.timeoutMs,
        decision: decision ?? null,
        verdict: verdictOf(hook),
        block: block ?? null,
        ...outcome,
      };
    });
    const missed = misses.map((miss) => ({
      file: miss.entry.file,
      client: miss.entry.client.id,
      location: groupOf(miss.entry),
      matcher: miss.entry.matcher ?? null,
      field: miss.field,
      value: miss.value ?? null,
    }));
    process.stdout.write(
      `${JSON.stringify({ event, settings: loaded.map(({ source: s }) => s.file), hooks: rows, missed, skipped: broken.map(({ source: s, result }) => ({ file: s.file, client: s.client.id, errors: result.ok ? [] : result.errors })) }, null, 2)}\n`,
    );
  } else {
    process.stdout.write(runReport(ran));
    if (misses.length) process.stdout.write(missReport(event, misses));
  }
  // A failure (or a file skipped) outranks a block: exit 1; a block alone is 3, told apart from both (cli/exit-codes.ts).
  const verdicts = new Set(ran.map(verdictOf));
  if (verdicts.has('failed') || broken.length > 0) process.exitCode = 1;
  else if (verdicts.has('blocked')) process.exitCode = 3;
}
