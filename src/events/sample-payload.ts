// Realistic payloads for `hookd run EVENT` without --payload, so hooks can be tried without the agent.
import { homedir } from 'node:os';

const EXTRA: Record<string, Record<string, unknown>> = {
  Notification: { message: 'The agent is waiting for your input', notification_type: 'idle_prompt' },
  Stop: { stop_hook_active: false },
  SubagentStop: { stop_hook_active: false },
  SessionEnd: { reason: 'other' },
};

/** A sample payload for `event`, as bytes the way a client sends them. */
export function samplePayload(event: string, cwd = process.cwd()): Buffer {
  const sessionId = '00000000-0000-4000-8000-000000000000';
  const payload = {
    session_id: sessionId,
    transcript_path: `${homedir()}/.agent/projects/sample/${sessionId}.jsonl`,
    cwd,
    permission_mode: 'default',
    hook_event_name: event,
    ...(Object.hasOwn(EXTRA, event) ? EXTRA[event] : {}),
  };
  return Buffer.from(JSON.stringify(payload, null, 2));
}
