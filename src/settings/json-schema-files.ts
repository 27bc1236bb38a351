// The JSON Schema files in schemas/, generated from the zod schemas (the single source of truth).
// `npm run schemas` rewrites them; test/schemas.test.ts fails when the committed files drift.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { HooksFileSchema, SettingsFileSchema } from './settings/schema.js';
import {
  GenericPayloadSchema,
  NotificationPayloadSchema,
  SessionEndPayloadSchema,
  StopPayloadSchema,
  SubagentStopPayloadSchema,
} from './events/payload-schema.js';

const SCHEMAS: Record<string, z.ZodType> = {
  'settings.schema.json': SettingsFileSchema,
  'hooks.schema.json': HooksFileSchema,
  'payload-notification.schema.json': NotificationPayloadSchema,
  'payload-stop.schema.json': StopPayloadSchema,
  'payload-subagentstop.schema.json': SubagentStopPayloadSchema,
  'payload-sessionend.schema.json': SessionEndPayloadSchema,
  'payload-generic.schema.json': GenericPayloadSchema,
};

/** File name → JSON text of every published schema. */
export function jsonSchemaFiles(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(SCHEMAS).map(([name, schema]) => [name, `${JSON.stringify(z.toJSONSchema(schema, { io: 'input' }), null, 2)}\n`]),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = new URL('../schemas/', import.meta.url);
  for (const [name, text] of Object.entries(jsonSchemaFiles())) writeFileSync(new URL(name, dir), text);
}
