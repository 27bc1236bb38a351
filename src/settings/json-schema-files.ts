// The JSON Schema files in schemas/, generated from the zod schemas (the single source of truth).
// scripts/write-schemas.mjs (`npm run schemas`) writes them; test/settings/json-schema-files.test.ts fails when the
// committed files drift.
import { z } from 'zod';
import { HooksFileSchema, SettingsFileSchema } from './schema.js';
import {
  GenericPayloadSchema,
  NotificationPayloadSchema,
  SessionEndPayloadSchema,
  StopPayloadSchema,
  SubagentStopPayloadSchema,
} from '../payload/payload-schema.js';

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
    Object.entries(SCHEMAS).map(([name, schema]) => [
      name,
      `${JSON.stringify(z.toJSONSchema(schema, { io: 'input' }), null, 2)}\n`,
    ]),
  );
}
