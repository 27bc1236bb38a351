// Trace context travels (issue 25): a run's span is a child of the client's span when the client's
// environment holds TRACEPARENT (through either bridge), and without it a session's runs share one
// trace derived from the session id. Decoded from http/protobuf as a collector decodes it.
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { stopTestDaemons, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { startReceiver, type Receiver } from './otlp-receiver.js';
import { decodeSpans } from './otlp-protobuf.js';

const receivers: Receiver[] = [];
afterEach(async () => {
  await stopTestDaemons();
  for (const receiver of receivers.splice(0)) await receiver.close();
  cleanupTempDirs();
});

const CLIENT_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT_SPAN = '00f067aa0ba902b7';

async function tracedDaemon(): Promise<{ daemon: TestDaemon; collector: Receiver }> {
  const collector = await startReceiver();
  receivers.push(collector);
  const daemon = testDaemon();
  Object.assign(daemon.env, { OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint, OTEL_BSP_SCHEDULE_DELAY: '100' });
  await daemon.start();
  return { daemon, collector };
}

/** One event through a bridge as the client runs it, with `env` added to the client's environment. */
function throughBridge(daemon: TestDaemon, bridge: 'emit' | 'sync', payload: object, env: Record<string, string> = {}) {
  return execa('sh', ['-c', `hookd ${bridge} -- 'cat >/dev/null'`], {
    env: { ...daemon.env, ...env },
    input: JSON.stringify(payload),
    reject: false,
    timeout: 20_000,
  });
}

describe('trace context', () => {
  it("makes each run's span a child of the client's span, through both bridges, with the GenAI attributes", async () => {
    const { daemon, collector } = await tracedDaemon();
    const env = { TRACEPARENT: `00-${CLIENT_TRACE}-${CLIENT_SPAN}-01`, TRACESTATE: 'vendor=abc', CLAUDECODE: '1' };
    const payload = {
      session_id: 'sess-t',
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_use_id: 'toolu_01',
      cwd: '/',
    };
    await throughBridge(daemon, 'emit', payload, env);
    await throughBridge(daemon, 'sync', payload, env);
    await waitFor('two spans at the collector', () => decodeSpans(collector.received).length === 2, 20_000);
    for (const span of decodeSpans(collector.received)) {
      expect([span.traceId, span.parentSpanId]).toEqual([CLIENT_TRACE, CLIENT_SPAN]);
      expect(span.attributes).toMatchObject({
        'gen_ai.conversation.id': 'sess-t',
        'gen_ai.tool.call.id': 'toolu_01',
        'gen_ai.agent.name': 'claude',
      });
    }
  });

  it("groups a session's runs in one trace when the client sends no context, and keeps sessions apart", async () => {
    const { daemon, collector } = await tracedDaemon();
    await throughBridge(daemon, 'emit', { session_id: 'sess-a', hook_event_name: 'Stop' });
    await throughBridge(daemon, 'sync', { session_id: 'sess-a', hook_event_name: 'Stop' });
    await throughBridge(daemon, 'emit', { session_id: 'sess-b', hook_event_name: 'Stop' });
    // A malformed carrier is no context: the run still lands in its session's trace.
    await throughBridge(
      daemon,
      'sync',
      { session_id: 'sess-b', hook_event_name: 'Stop' },
      { TRACEPARENT: '00-zz-00-01' },
    );
    await waitFor('four spans at the collector', () => decodeSpans(collector.received).length === 4, 20_000);
    const spans = decodeSpans(collector.received);
    const traceOf = (session: string) =>
      new Set(spans.filter((span) => span.attributes['session.id'] === session).map((span) => span.traceId));
    expect(traceOf('sess-a').size).toBe(1);
    expect(traceOf('sess-b').size).toBe(1);
    expect([...traceOf('sess-a')][0]).not.toBe([...traceOf('sess-b')][0]);
    expect(spans.every((span) => span.parentSpanId === '')).toBe(true);
  });
});
