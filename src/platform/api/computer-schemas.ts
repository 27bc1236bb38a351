// Computers (spec 2.2, 4.6–4.9): the execution hosts sessions run on, and the one update request.
// In answers, every optional field may be null.
import { z } from 'zod';
import { openEnum } from './common-schemas.js';

/** One step of a computer's provisioning; the spec lists the fields, not which are always present. */
export const ProvisioningStepSchema = z.looseObject({
  id: z.string().nullish(),
  name: z.string().nullish(),
  status: z.string().nullish(),
  error: z.string().nullish(),
  startedAt: z.number().nullish(),
  completedAt: z.number().nullish(),
  installSessionId: z.string().nullish(),
});

/** A computer. */
export const ComputerSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  providerType: openEnum(['byom', 'e2b']),
  createdAt: z.number(),
  hostId: z.string().nullish(),
  hostname: z.string().nullish(),
  status: openEnum(['provisioning', 'active', 'error']).nullish(),
  provisioningSteps: z.array(ProvisioningStepSchema).nullish(),
  relayClientUrl: z.string().nullish(),
  relayAgentUrl: z.string().nullish(),
  remoteUser: z.string().nullish(),
});

/** Response of `GET /api/v0/computers` (newest first). */
export const ComputerListSchema = z.looseObject({ computers: z.array(ComputerSchema) });

const shortName = (what: string) =>
  z.string().min(1, `expected a ${what} of 1 to 63 characters`).max(63, `expected a ${what} of 1 to 63 characters`);

// The spec says only "uuid format": any 8-4-4-4-12 hex id, not only RFC 4122 versions and variants.
const HOST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Body of `PATCH /api/v0/computers/{computerId}`; every field optional. */
export const UpdateComputerRequestSchema = z.strictObject({
  name: shortName('name').optional(),
  hostId: z
    .string()
    .regex(HOST_ID, 'expected a UUID (8-4-4-4-12 hex digits) such as 0f8fad5b-d9cb-469f-a165-70867728950e')
    .optional(),
  remoteUser: shortName('user name').optional(),
});

export type Computer = z.infer<typeof ComputerSchema>;
export type ProvisioningStep = z.infer<typeof ProvisioningStepSchema>;
export type UpdateComputerRequest = z.input<typeof UpdateComputerRequestSchema>;
