// `hookd run EVENT`: run the event's hooks now, in the foreground, and report each outcome.
// This is how a user tries hooks without the agent.
import { readFile } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import { parsePayload } from '../events/parse-payload.js';
import { samplePayload } from '../events/sample-payload.js';
import { selectHooks } from '../runner/select-hooks.js';
import { runHook, type Outcome } from '../runner/run-hook.js';
import { hookCwd, hookEnv } from '../runner/hook-env.js';
import { describeOutcome, firstLine } from '../runner/describe-outcome.js';
import { KNOWN_EVENTS, suggestEvent } from '../settings/known-events.js';
import { settingsPath } from '../common/paths.js';
import { UsageError, describeError } from '../common/errors.js';
import { loadSettingsOrFail } from './load-settings-or-fail.js';
import type { HookEntry } from '../settings/config.js';

export interface RunOptions {
  settings?: string;
  payload?: string;
  json?: boolean;
}

async function readPayload(event: string, from: string | undefined): Promise<{ bytes: Buffer; source: string }> {
  if (from === undefined) return { bytes: samplePayload(event), source: 'sample payload' };
  if (from === '-') return { bytes: Buffer.from(await text(process.stdin)), source: 'stdin' };
  try {
    return { bytes: await readFile(from), source: from };
  } catch (error) {
    throw new UsageError(`${from}: cannot read the payload: ${describeError(error)}`);
  }
}

function report(entry: HookEntry, outcome: Outcome): string {
  const seconds = `${(outcome.durationMs / 1000).toFixed(2)}s`.padStart(7);
  const mark = outcome.status === 'ok' ? '✓' : '✗';
  const detail = outcome.status === 'ok' ? '' : firstLine(outcome);
  const timeout = outcome.status === 'timed_out' ? ` after ${entry.timeoutMs / 1000}s` : '';
  return `${mark} ${describeOutcome(outcome)}${timeout}  ${seconds}  ${entry.run}${detail ? `  — ${detail}` : ''}`;
}

/** Run every hook configured for `event` and print one line per hook (or JSON). */
export async function runCommand(event: string, options: RunOptions): Promise<void> {
  const file = settingsPath(options.settings);
  const config = await loadSettingsOrFail(file, 2);
  const configured = config.entries.some((entry) => entry.event === event);
  if (!configured && !KNOWN_EVENTS.has(event)) {
    const suggestion = suggestEvent(event);
    throw new UsageError(`unknown event "${event}"${suggestion ? `: did you mean "${suggestion}"?` : ''} (no hooks for it in ${file})`);
  }
  const { bytes, source } = await readPayload(event, options.payload);
  const parsed = parsePayload(bytes, source);
  if (!parsed.ok) throw new UsageError(parsed.reason);
  const payload = parsed.payload;
  if (payload.event !== event) process.stderr.write(`hookd: note: the payload is for ${payload.event}; running the ${event} hooks with it\n`);

  const hooks = selectHooks(config, event, payload.data);
  if (hooks.length === 0 && !options.json) {
    process.stdout.write(`no hooks for ${event} in ${file}\n`);
    return;
  }
  const eventId = `run-${Date.now()}`;
  const outcomes = await Promise.all(
    hooks.map(async (entry) => {
      const outcome = await runHook({
        command: entry.run,
        payload: payload.bytes,
        cwd: hookCwd(payload.cwd),
        env: hookEnv({ eventId, event, attempt: 1 }),
        timeoutMs: entry.timeoutMs,
      });
      return { entry, outcome };
    }),
  );
  if (options.json) {
    const rows = outcomes.map(({ entry, outcome }) => ({ command: entry.run, kind: entry.kind, location: entry.location, timeoutMs: entry.timeoutMs, ...outcome }));
    process.stdout.write(`${JSON.stringify({ event, settings: file, hooks: rows }, null, 2)}\n`);
  } else {
    for (const { entry, outcome } of outcomes) process.stdout.write(`${report(entry, outcome)}\n`);
  }
  if (outcomes.some(({ outcome }) => outcome.status !== 'ok')) process.exitCode = 1;
}
