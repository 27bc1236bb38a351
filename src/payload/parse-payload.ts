// The edge where payload bytes become a trusted Payload: size, JSON, object, schema.
// The bytes themselves are kept exactly as the client sent them; hooks receive those.
import { PAYLOAD_SCHEMAS, GenericPayloadSchema } from './payload-schema.js';
import { formatIssues } from '../common/format-issues.js';
import { SESSION_FIELDS } from '../clients/registry.js';
import { showSize } from '../common/show-size.js';

/** A payload is a JSON object of at most 32 MiB: a long last_assistant_message runs to megabytes. */
export const MAX_PAYLOAD_BYTES = 32 * 1024 * 1024;

export interface Payload {
  bytes: Buffer;
  data: Record<string, unknown>;
  event: string;
  sessionId: string;
  cwd: string | undefined;
}

export type PayloadResult = { ok: true; payload: Payload } | { ok: false; reason: string };

// Copilot CLI's camelCase payloads (and one client briefly before it): read their names as their
// snake_case twins for the checks. Copilot's permissionRequest names its event as `hookName`.
const CAMEL_TWINS: Record<string, string> = {
  hookEventName: 'hook_event_name',
  hookName: 'hook_event_name',
  sessionId: 'session_id',
  transcriptPath: 'transcript_path',
  permissionMode: 'permission_mode',
  notificationType: 'notification_type',
  stopHookActive: 'stop_hook_active',
  agentType: 'agent_type',
};

/** An event's name without case and underscores: `pre_tool_use` and `PreToolUse` are one. */
const squashed = (name: string) => name.replaceAll('_', '').toLowerCase();

function withSnakeCase(data: Record<string, unknown>): Record<string, unknown> {
  const out = { ...data };
  for (const [camel, snake] of Object.entries(CAMEL_TWINS)) {
    if (out[snake] === undefined && out[camel] !== undefined) out[snake] = out[camel];
  }
  return out;
}

/**
 * Validate payload bytes; `source` names them in the reason (a file, "stdin", "payload").
 * `namedEvent` is the event the bridge entry names (`hookd emit --event NAME`): the event of a
 * payload without `hook_event_name` (Copilot CLI's camelCase events). A payload with neither is
 * still delivered, its event unnamed (''), as the client sent it.
 */
export function parsePayload(bytes: Buffer, source = 'payload', namedEvent?: string): PayloadResult {
  if (bytes.length > MAX_PAYLOAD_BYTES) {
    return {
      ok: false,
      reason: `${source}: ${bytes.length} bytes is over the ${showSize(MAX_PAYLOAD_BYTES)} limit for a payload`,
    };
  }
  if (bytes.length === 0 || bytes.toString('utf8').trim() === '')
    return { ok: false, reason: `${source}: empty; expected a JSON object` };
  let data: unknown;
  try {
    data = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    return { ok: false, reason: `${source}: not valid JSON: ${(error as Error).message}` };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    const got = Array.isArray(data) ? 'an array' : data === null ? 'null' : `a ${typeof data}`;
    return { ok: false, reason: `${source}: expected a JSON object, got ${got}` };
  }
  const normalized = withSnakeCase(data as Record<string, unknown>);
  // `hookName` names the event only where the entry does not: Cline's is an event of its own (`tool_call` for PreToolUse).
  const named =
    (data as Record<string, unknown>).hook_event_name !== undefined ||
    (data as Record<string, unknown>).hookEventName !== undefined;
  // The entry's event spelled in the payload's own style (Grok CLI's `pre_tool_use` for PreToolUse): the
  // entry's spelling, its file's, is the one hookd finds the hook under; checked as an unnamed payload.
  const respelled =
    namedEvent !== undefined &&
    typeof normalized.hook_event_name === 'string' &&
    normalized.hook_event_name !== namedEvent &&
    squashed(normalized.hook_event_name) === squashed(namedEvent);
  const unnamed = normalized.hook_event_name === undefined || (!named && namedEvent !== undefined) || respelled;
  const event = unnamed
    ? (namedEvent ?? '')
    : typeof normalized.hook_event_name === 'string'
      ? normalized.hook_event_name
      : '';
  const schema = PAYLOAD_SCHEMAS.get(event) ?? GenericPayloadSchema;
  // The schemas check the event's name where the payload has one; an unnamed payload is checked as any event's.
  const parsed = unnamed
    ? GenericPayloadSchema.safeParse({ ...normalized, hook_event_name: event || 'unnamed' }, { reportInput: true })
    : schema.safeParse(normalized, { reportInput: true });
  if (!parsed.success) return { ok: false, reason: formatIssues(parsed.error.issues, source).join('; ') };
  // No session field at all: say it as the schema would of the usual one. Where the entry names the
  // event, its client's payloads are its own, and may name none (Kiro CLI's documented ones): delivered.
  if (namedEvent === undefined && !SESSION_FIELDS.some((field) => typeof normalized[field] === 'string'))
    return { ok: false, reason: `${source}: session_id: expected a string, got nothing` };
  return {
    ok: true,
    payload: {
      bytes,
      data: normalized,
      event,
      sessionId: String(
        SESSION_FIELDS.map((field) => normalized[field]).find((value) => typeof value === 'string') ?? '',
      ),
      cwd: typeof normalized.cwd === 'string' ? normalized.cwd : undefined,
    },
  };
}
