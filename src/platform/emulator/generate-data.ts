// Deterministic sample data for the emulator: the same four computers, 45 sessions, 25 readiness
// reports and 30 enterprise-control changes on every start, enough for three pages of each list.
import type { Computer } from '../api/computer-schemas.js';
import type { Session } from '../api/session-schemas.js';
import type { ControlChange } from '../api/organization-schemas.js';
import type { EmulatorData, StoredReport } from './emulator-data.js';

const EPOCH = Date.UTC(2026, 0, 1);
const HOUR = 3_600_000;

/** A small seeded PRNG (mulberry32): same seed, same data. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A version-4 UUID from the PRNG. */
export function uuidFrom(next: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
  hex[12] = '4';
  hex[16] = '89ab'[Math.floor(next() * 4)] ?? '8';
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

function computers(next: () => number): Computer[] {
  const step = (status: string, at: number, error?: string) => ({
    id: 'install-deps',
    name: 'Install dependencies',
    status,
    startedAt: at,
    completedAt: at + 60_000,
    ...(error ? { error } : {}),
  });
  return [
    {
      id: 'cmp_004',
      name: 'new-box',
      providerType: 'byom',
      createdAt: EPOCH + 40 * HOUR,
      status: 'provisioning',
      provisioningSteps: [],
    },
    {
      id: 'cmp_003',
      name: 'gpu-box',
      providerType: 'byom',
      createdAt: EPOCH + 30 * HOUR,
      hostId: uuidFrom(next),
      hostname: 'gpu-box.local',
      status: 'error',
      remoteUser: 'ml',
      provisioningSteps: [step('failed', EPOCH + 30 * HOUR, 'npm ci exited with code 1')],
    },
    {
      id: 'cmp_002',
      name: 'ci-runner',
      providerType: 'e2b',
      createdAt: EPOCH + 20 * HOUR,
      status: 'active',
      relayClientUrl: 'https://relay.example.com/c/cmp_002',
      relayAgentUrl: 'https://relay.example.com/a/cmp_002',
      provisioningSteps: [step('completed', EPOCH + 20 * HOUR)],
    },
    {
      id: 'cmp_001',
      name: 'dev-laptop',
      providerType: 'byom',
      createdAt: EPOCH + 10 * HOUR,
      hostId: uuidFrom(next),
      hostname: 'dev-laptop.local',
      status: 'active',
      remoteUser: 'dev',
      provisioningSteps: [step('completed', EPOCH + 10 * HOUR)],
    },
  ];
}

function sessions(next: () => number): Session[] {
  const topics = ['Fix flaky test', 'Add pagination', 'Upgrade dependencies', 'Write README', 'Refactor config loader'];
  return Array.from({ length: 45 }, (_, i) => {
    const createdAt = EPOCH + 50 * HOUR + i * HOUR;
    const tokens = Math.floor(next() * 50_000);
    return {
      sessionId: `ses_${String(i + 1).padStart(4, '0')}`,
      status: 'idle',
      messageCount: 2 + (i % 7),
      createdAt,
      updatedAt: createdAt + 20 * 60_000,
      title: `${topics[i % topics.length]} #${i + 1}`,
      computerId: `cmp_00${(i % 3) + 1}`,
      sessionSettings: {
        model: 'model-large',
        reasoningEffort: 'medium',
        interactionMode: 'auto',
        autonomyLevel: 'low',
        tokenUsage: {
          inputTokens: tokens,
          outputTokens: Math.floor(tokens / 4),
          serviceCredits: Math.round(tokens / 100),
        },
      },
    };
  });
}

function reports(next: () => number): StoredReport[] {
  const repos = ['api', 'web', 'cli'];
  return Array.from({ length: 25 }, (_, i) => {
    const repo = repos[i % repos.length] ?? 'api';
    const passing = 1 + Math.floor(next() * 3);
    return {
      reportId: uuidFrom(next),
      repoId: `repo-${repo}`,
      createdAt: EPOCH + 100 * HOUR + i * HOUR,
      repoUrl: `https://git.example.com/acme/${repo}`,
      apps: { '.': { description: `The ${repo} application` } },
      report: {
        tests_exist: { numerator: passing, denominator: 3, rationale: `${passing} of 3 packages have tests` },
        lint_configured: { numerator: 1, denominator: 1, rationale: 'a linter runs in CI' },
      },
      commitHash: Math.floor(next() * 0xffffffff)
        .toString(16)
        .padStart(8, '0'),
      branch: 'main',
      hasLocalChanges: i % 5 === 0,
      hasNonRemoteCommits: false,
      modelUsed: { id: 'model-large', reasoningEffort: 'medium' },
      agentVersion: `0.${20 + i}.0`,
    };
  });
}

function changes(): ControlChange[] {
  return Array.from({ length: 30 }, (_, i) => ({
    revision: i + 1,
    settings: {
      sessionRetentionDays: 30 + i,
      cloudSessionSync: i % 2 === 0,
      commandDenylist: ['rm -rf /'],
      modelPolicy: { allowCustomModels: i % 3 === 0, blockedModelIds: [] },
    },
    user: { id: `usr_${(i % 4) + 1}`, email: `admin${(i % 4) + 1}@example.com`, name: `Admin ${(i % 4) + 1}` },
    updatedAt: new Date(EPOCH + 200 * HOUR + i * HOUR).toISOString(),
  }));
}

/** The default data set. */
export function generateData(seed = 4): EmulatorData {
  const next = random(seed);
  return {
    computers: computers(next),
    sessions: sessions(next),
    reports: reports(next),
    changes: changes(),
    memberDomain: 'example.com',
  };
}
