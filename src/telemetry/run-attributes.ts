// What a run's span says: its name, times and attributes, after the OpenTelemetry process
// conventions (executable name, exit code, error.type on failure) plus the hook's own (event,
// session, outcome, attempt, delivery delay). The command line only when asked: it may hold secrets.
import { ATTR_ERROR_TYPE } from '@opentelemetry/semantic-conventions';
import type { FinishedRun } from '../runs/run-bus.js';

// Still "incubating" in the conventions; their README asks to copy such names rather than import
// the incubating entry point, whose minor versions may rename them.
const ATTR_PROCESS_EXECUTABLE_NAME = 'process.executable.name';
const ATTR_PROCESS_EXIT_CODE = 'process.exit.code';
const ATTR_PROCESS_COMMAND_LINE = 'process.command_line';
const ATTR_SESSION_ID = 'session.id';

/** A span's worth of one run. */
export interface RunSpan {
  name: string;
  startTime: number;
  endTime: number;
  attributes: Record<string, string | number>;
  /** The failure's one-line reading; undefined when the run did not fail. */
  error?: string;
}

/** The first word of a shell command line, without its folder: `notify-send` of `/usr/bin/notify-send "hi"`. */
export function executableName(command: string): string {
  const first = command.trim().split(/\s+/)[0] ?? '';
  return (
    first
      .replace(/^['"]|['"]$/g, '')
      .split('/')
      .pop() || 'sh'
  );
}

/** The span of a finished run: from its start (or, when no hook ran, from when it was taken) to its end. */
export function runSpan(run: FinishedRun, includeCommand: boolean): RunSpan {
  const attributes: Record<string, string | number> = {
    [ATTR_PROCESS_EXECUTABLE_NAME]: executableName(run.command),
    'hookd.event': run.event,
    [ATTR_SESSION_ID]: run.sessionId,
    'hookd.outcome': run.outcome,
    'hookd.attempt': run.attempt,
    'hookd.event_id': run.eventId,
  };
  // The GenAI conventions' names where they fit: the session is the conversation, the client the agent.
  if (run.sessionId) attributes['gen_ai.conversation.id'] = run.sessionId;
  if (run.toolCallId) attributes['gen_ai.tool.call.id'] = run.toolCallId;
  if (run.client) attributes['gen_ai.agent.name'] = run.client;
  const exitCode = run.result?.exitCode;
  if (exitCode !== undefined && exitCode !== null) attributes[ATTR_PROCESS_EXIT_CODE] = exitCode;
  if (run.inline) Object.assign(attributes, { 'hookd.inline': 'true', 'hookd.decision': run.inline.decision });
  if (run.facts.delayMs !== undefined) attributes['hookd.delivery_delay_ms'] = run.facts.delayMs;
  if (run.result) attributes['hookd.duration_ms'] = run.result.durationMs;
  if (includeCommand) attributes[ATTR_PROCESS_COMMAND_LINE] = run.command;
  const { failed } = run.facts;
  // error.type: the exit code when the hook exited non-zero (the process conventions' choice), else the outcome.
  if (failed)
    attributes[ATTR_ERROR_TYPE] =
      run.outcome === 'failed' && exitCode !== undefined && exitCode !== null ? String(exitCode) : run.outcome;
  const startTime = run.startedAt ?? run.takenAt;
  return {
    name: `hook ${run.event || 'unknown'}`,
    startTime,
    endTime: Math.max(startTime, run.endedAt),
    attributes,
    error: failed ? run.facts.reads : undefined,
  };
}
