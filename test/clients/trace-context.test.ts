// Trace context with a real client (issue 25): Claude Code 2.1.330's turn, offline against a fake
// Messages API, with TRACEPARENT in the environment it was started with (as a tracing parent
// process sets it); its hooks, through both bridges, reach the OTLP collector as spans under that
// span. A turn without it: the session's runs share one trace. Decoded from http/protobuf.
import { afterAll, describe, expect, it } from 'vitest';
import { stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { startReceiver, type Receiver } from '../telemetry/otlp-receiver.js';
import { decodeSpans } from '../telemetry/otlp-protobuf.js';
import { scrubClientVariables } from './real-client-helpers.js';
import { prepareClient, startFake } from './run-client.mjs';

scrubClientVariables();

const TRACE = '0af7651916cd43dd8448eb211c80319c';
const SPAN = 'b7ad6b7169203331';
const quoted = (command: string) => `'${command.replace(/'/g, `'\\''`)}'`;

async function turn(collector: Receiver, env: Record<string, string>) {
  const fake = await startFake('claude');
  const daemon = testDaemon();
  Object.assign(daemon.env, { OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint, OTEL_BSP_SCHEDULE_DELAY: '100' });
  const hooks = {
    UserPromptSubmit: [{ hooks: [{ type: 'command' as const, command: `hookd sync -- ${quoted('cat >/dev/null')}` }] }],
    Stop: [{ hooks: [{ type: 'command' as const, command: `hookd sync -- ${quoted('cat >/dev/null')}` }] }],
    SessionEnd: [{ hooks: [{ type: 'command' as const, command: `hookd emit -- ${quoted('cat >/dev/null')}` }] }],
  };
  const client = prepareClient('claude', {
    dir: tempDir('hookd-trace-'),
    fakeUrl: fake.url,
    stateDir: daemon.stateDir,
    hooks,
    env,
  });
  await daemon.start(['--settings', client.settingsFile]);
  const result = await client.run({ prompt: 'say hi', timeoutMs: 90_000 });
  expect(result.exitCode).toBe(0);
  await waitFor('the three runs in the history', () => daemon.history().length === 3, 30_000);
  await fake.close();
  return daemon.history().map((entry) => entry.session);
}

describe('Claude Code 2.1.330 with trace context', () => {
  afterAll(async () => {
    await stopTestDaemons();
    cleanupTempDirs();
  });

  it("puts the hooks' spans under the span in the client's TRACEPARENT, and one session's runs in one trace without it", async () => {
    const collector = await startReceiver();
    try {
      await turn(collector, { TRACEPARENT: `00-${TRACE}-${SPAN}-01` });
      await waitFor('three spans at the collector', () => decodeSpans(collector.received).length === 3, 30_000);
      const traced = decodeSpans(collector.received);
      expect(traced.map((span) => span.name).sort()).toEqual(['hook SessionEnd', 'hook Stop', 'hook UserPromptSubmit']);
      for (const span of traced)
        expect([span.traceId, span.parentSpanId, span.attributes['gen_ai.agent.name']]).toEqual([
          TRACE,
          SPAN,
          'claude',
        ]);

      const sessions = await turn(collector, {});
      await waitFor('three more spans at the collector', () => decodeSpans(collector.received).length === 6, 30_000);
      const untraced = decodeSpans(collector.received).slice(3);
      expect(new Set(sessions).size).toBe(1);
      expect(
        untraced.every((span) => span.attributes['gen_ai.conversation.id'] === sessions[0] && span.parentSpanId === ''),
      ).toBe(true);
      expect(new Set(untraced.map((span) => span.traceId)).size).toBe(1);
      expect(untraced[0]!.traceId).not.toBe(TRACE);
    } finally {
      await collector.close();
    }
  });
});
