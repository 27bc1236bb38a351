// Which tool call a payload is about: the run's span is named by it (telemetry/), and a run made in
// line and its record are matched by it (transport/bridged-run.ts). A payload's field, read here.

/** The tool call a payload is about (Claude Code's tool_use_id, others' camelCase or call ids), if any. */
export function toolCallIdOf(data: Readonly<Record<string, unknown>>): string | undefined {
  for (const field of ['tool_use_id', 'toolUseId', 'tool_call_id', 'toolCallId', 'call_id']) {
    if (typeof data[field] === 'string' && data[field]) return data[field] as string;
  }
  return undefined;
}
