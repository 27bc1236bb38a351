// The emulator's state: computers, sessions, readiness reports, enterprise-control changes and
// credit limits, in memory. It is seeded from a JSON file (checked against the API's response
// schemas, so a seed looks like real answers) or generated deterministically (generate-data.ts).
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { UsageError, describeError } from '../../common/errors.js';
import { formatIssues } from '../../common/format-issues.js';
import { ComputerSchema, type Computer } from '../api/computer-schemas.js';
import { SessionSchema, type Session } from '../api/session-schemas.js';
import {
  ControlChangeSchema,
  ReadinessReportSchema,
  type ControlChange,
  type ReadinessReport,
} from '../api/organization-schemas.js';

/** A readiness report as the emulator keeps it: `repoId` lets the `repoId` filter work. */
export type StoredReport = ReadinessReport & { repoId?: string };

export interface EmulatorData {
  computers: Computer[];
  sessions: Session[];
  reports: StoredReport[];
  changes: ControlChange[];
  /** E-mail domain of the organization's members; limits for other addresses fail per user. */
  memberDomain: string;
}

/** The shape of a `--data` file; every list is optional and defaults to empty. */
export const DataFileSchema = z.strictObject({
  computers: z.array(ComputerSchema).default([]),
  sessions: z.array(SessionSchema).default([]),
  reports: z.array(ReadinessReportSchema.extend({ repoId: z.string().optional() })).default([]),
  changes: z.array(ControlChangeSchema).default([]),
  memberDomain: z.string().min(1).default('example.com'),
});

/** Read and check a `--data` file. */
export function loadData(file: string): EmulatorData {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`${file}: cannot read the emulator data: ${describeError(error)}`);
  }
  const parsed = DataFileSchema.safeParse(raw);
  if (!parsed.success) throw new UsageError(formatIssues(parsed.error.issues, file).join('\n'));
  return parsed.data;
}

/** Newest first, then by id, so pages are stable. */
export function byNewest<T extends { createdAt: number }>(key: (item: T) => string) {
  return (a: T, b: T) => b.createdAt - a.createdAt || key(a).localeCompare(key(b));
}
