// The client's hook configuration, as zod schemas: the single source of truth for the types
// used in code and for the JSON Schema files in schemas/. Only `hooks` is hookd's business;
// every other key of the settings file belongs to the client and passes through untouched.
import { z } from 'zod';

/** One hook command: `{type: "command", command, timeout}` (timeout in seconds). */
export const HookCommandSchema = z.looseObject({
  type: z.literal('command'),
  command: z.string().min(1, 'expected a non-empty command'),
  timeout: z.number().nonnegative('expected a positive number of seconds').optional(),
});

/** A group of hooks, optionally restricted by a matcher. */
export const HookGroupSchema = z.looseObject({
  matcher: z.string().optional(),
  hooks: z.array(HookCommandSchema),
});

/** Event name → groups. Event names are open: clients add new ones over time. */
export const EventMapSchema = z.record(z.string(), z.array(HookGroupSchema));

/** The settings file shape (`settings.json`): hooks under a `hooks` key, other keys kept. */
export const SettingsFileSchema = z
  .looseObject({ hooks: EventMapSchema.optional() })
  .meta({
    $id: 'https://hookd.dev/schemas/settings.schema.json',
    title: 'Agent client settings (hooks)',
    description: 'The client settings file; hookd reads `hooks` and leaves every other key alone.',
  });

/** The separate hooks file shape (`hooks.json`): the event map at the top level. */
export const HooksFileSchema = EventMapSchema.meta({
  $id: 'https://hookd.dev/schemas/hooks.schema.json',
  title: 'Agent client hooks file',
  description: 'A hooks file whose top level is the event map itself.',
});

export type HookCommand = z.infer<typeof HookCommandSchema>;
export type HookGroup = z.infer<typeof HookGroupSchema>;
export type EventMap = z.infer<typeof EventMapSchema>;
