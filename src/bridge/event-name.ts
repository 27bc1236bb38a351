// The event a payload names, for a synchronous bridge run without --event: the string value of the
// top-level "hook_event_name" of a JSON object, as JSON.parse reads it; a nested one never counts
// (a tool's input can hold any text). native/event-name.c reads it the same way, without a parser.

/** The payload's top-level `hook_event_name` when it is a string, else ''. */
export function eventNameOf(payload: Buffer): string {
  try {
    const parsed: unknown = JSON.parse(payload.toString('utf8'));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return '';
    const event = (parsed as Record<string, unknown>).hook_event_name;
    return typeof event === 'string' ? event : '';
  } catch {
    return '';
  }
}
