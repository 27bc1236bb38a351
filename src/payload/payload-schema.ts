// Hook payload schemas. Loose on purpose: the types of the fields hookd uses are checked, every
// other field is kept and handed on, and no payload is refused for a field hookd does not know.
import { z } from 'zod';

const schemaId = (name: string) => `https://hookd.dev/schemas/payload-${name}.schema.json`;

/** Fields common to every event. The session is `session_id`, or `conversation_id` (Cursor). */
export const BasePayloadSchema = z.looseObject({
  hook_event_name: z.string().min(1),
  session_id: z.string().min(1).optional(),
  conversation_id: z.string().min(1).optional(),
  transcript_path: z.string().optional(),
  cwd: z.string().optional(),
  permission_mode: z.string().optional(),
});

// `message` is Claude Code's; Auggie's Notification names it `notification_message` (and its
// SessionEnd has no `reason`): a real client's event is never refused for a field it does not send.
export const NotificationPayloadSchema = BasePayloadSchema.extend({
  hook_event_name: z.literal('Notification'),
  message: z.string().optional(),
  title: z.string().optional(),
  notification_type: z.string().optional(),
}).meta({ $id: schemaId('notification'), title: 'Notification hook payload' });

export const StopPayloadSchema = BasePayloadSchema.extend({
  hook_event_name: z.literal('Stop'),
  stop_hook_active: z.boolean().optional(),
}).meta({ $id: schemaId('stop'), title: 'Stop hook payload' });

export const SubagentStopPayloadSchema = BasePayloadSchema.extend({
  hook_event_name: z.literal('SubagentStop'),
  stop_hook_active: z.boolean().optional(),
  agent_type: z.string().optional(),
}).meta({ $id: schemaId('subagentstop'), title: 'SubagentStop hook payload' });

// Reasons seen: clear, logout, prompt_input_exit, other, error; any other string is accepted.
export const SessionEndPayloadSchema = BasePayloadSchema.extend({
  hook_event_name: z.literal('SessionEnd'),
  reason: z.string().optional(),
}).meta({ $id: schemaId('sessionend'), title: 'SessionEnd hook payload' });

export const GenericPayloadSchema = BasePayloadSchema.meta({
  $id: schemaId('generic'),
  title: 'Hook payload (any other event)',
});

/** The schema for an event name; events without a dedicated schema get the generic one. */
// A Map, not an object literal: an event named "toString" must not find Object.prototype's.
export const PAYLOAD_SCHEMAS = new Map<string, z.ZodType<Record<string, unknown>>>([
  ['Notification', NotificationPayloadSchema],
  ['Stop', StopPayloadSchema],
  ['SubagentStop', SubagentStopPayloadSchema],
  ['SessionEnd', SessionEndPayloadSchema],
]);
