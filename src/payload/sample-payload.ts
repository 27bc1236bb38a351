// Payloads for `hookd run EVENT` without --payload, so hooks can be tried without the agent: the
// bytes a real client sent for that event (samples/<client>/<Event>.json, captured from the clients
// by test/clients/capture-samples.mjs and shipped in the package), else one made up in the same form:
// one line of compact JSON ending in a newline.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CLIENTS, GENERIC } from '../clients/registry.js';
import { packageRoot } from '../common/package-root.js';
import type { ClientProfile } from '../clients/profile.js';

const EXTRA: Record<string, Record<string, unknown>> = {
  Notification: { message: 'Claude needs your permission to use Bash', notification_type: 'permission_prompt' },
  Stop: { stop_hook_active: false, last_assistant_message: 'Done.' },
  SubagentStop: {
    stop_hook_active: false,
    agent_id: 'a1b2c3',
    agent_type: 'general-purpose',
    last_assistant_message: 'Done.',
  },
  SessionEnd: { reason: 'other' },
};

function captured(client: ClientProfile, event: string): Buffer | undefined {
  try {
    return readFileSync(path.join(packageRoot(), 'samples', client.id, `${path.basename(event)}.json`));
  } catch {
    return undefined;
  }
}

/** A sample payload for `event` from `client` (else from the first client that has one), and where it came from. */
export function samplePayload(event: string, client?: ClientProfile): { bytes: Buffer; source: string } {
  // A file of no known client (generic) takes the first client's sample that exists.
  for (const candidate of client && client !== GENERIC ? [client] : CLIENTS) {
    const bytes = captured(candidate, event);
    if (bytes) return { bytes, source: `sample ${event} payload of ${candidate.name}` };
  }
  const sessionId = '00000000-0000-4000-8000-000000000000';
  const payload = {
    [client?.sessionField ?? 'session_id']: sessionId,
    transcript_path: `/home/dev/.claude/projects/-home-dev-src-demo/${sessionId}.jsonl`,
    cwd: process.cwd(),
    hook_event_name: event,
    ...(Object.hasOwn(EXTRA, event) ? EXTRA[event] : {}),
  };
  return { bytes: Buffer.from(`${JSON.stringify(payload)}\n`), source: `sample ${event} payload` };
}
