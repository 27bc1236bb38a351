// Adding a message to a session (spec 2.4, 4.5): text, base64 images and files, an optional
// computer to route to. The data of an attachment must be base64 (wrapped or unpadded base64 is
// normalised, see base64.ts); its media type a type/subtype.
import { z } from 'zod';
import { IdSchema, openEnum } from './common-schemas.js';
import { normalizeBase64 } from './base64.js';

const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;

/** Base64 data, normalised to the padded, unwrapped, standard form that is sent. */
const Base64Data = z.string().transform((value, ctx) => {
  const normal = normalizeBase64(value);
  if (normal !== undefined) return normal;
  ctx.addIssue({
    code: 'custom',
    message: 'expected base64 data (the standard or URL-safe alphabet, wrapped or not)',
    input: value,
  });
  return z.NEVER;
});
const MediaType = z.string().regex(MEDIA_TYPE, 'expected a media type such as image/png');

/** An image attachment. */
export const ImageSchema = z.strictObject({
  type: z.literal('base64'),
  data: Base64Data,
  mediaType: MediaType,
});

/** A file attachment (PDFs, text files). */
export const FileSchema = z.strictObject({
  type: z.literal('base64'),
  mediaType: MediaType,
  data: Base64Data,
  parsedData: z.string().optional(),
  name: z.string().min(1).optional(),
  path: z.string().min(1).optional(),
});

/** Body of `POST /api/v0/sessions/{sessionId}/messages`. */
export const MessageRequestSchema = z.strictObject({
  // The spec asks only for a string: "" is a message too (attachments alone, say).
  text: z.string(),
  images: z.array(ImageSchema).optional(),
  files: z.array(FileSchema).optional(),
  computerId: IdSchema.optional(),
});

/** Response: the id of the created user message and the agent's status after submission. */
export const MessageResultSchema = z.looseObject({
  messageId: z.string(),
  status: openEnum(['idle', 'pending', 'running']),
});

export type Image = z.infer<typeof ImageSchema>;
export type FileAttachment = z.infer<typeof FileSchema>;
export type MessageRequest = z.input<typeof MessageRequestSchema>;
export type MessageResult = z.infer<typeof MessageResultSchema>;
