// What the OpenTelemetry variables ask for, bad values included: a setting hookd cannot honour turns
// the export off with a reason (the daemon logs it once and runs on), never a crash or a silent
// export to nowhere.
import { describe, expect, it } from 'vitest';
import { otlpChoice } from '../../src/telemetry/otlp-config.js';

describe('otlpChoice', () => {
  it('exports to the endpoint given, traces path added, in the protocol given', () => {
    expect(otlpChoice({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318/' })).toEqual({
      on: true,
      config: { protocol: 'http/protobuf', endpoint: 'http://127.0.0.1:4318/v1/traces', includeCommand: false },
    });
    expect(
      otlpChoice({
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://otel.example/t',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        HOOKD_OTEL_COMMAND: '1',
      }),
    ).toEqual({
      on: true,
      config: { protocol: 'http/json', endpoint: 'https://otel.example/t', includeCommand: true },
    });
    expect(otlpChoice({})).toEqual({ on: false });
    expect(otlpChoice({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'TRUE' })).toEqual({
      on: false,
    });
  });

  it('refuses an endpoint that is not an http URL, and a protocol it does not speak, with the reason', () => {
    for (const endpoint of ['not a url', 'localhost:4318', 'file:///etc/passwd', 'grpc://127.0.0.1:4317']) {
      const choice = otlpChoice({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint });
      expect(choice, endpoint).toMatchObject({
        on: false,
        problem: expect.stringMatching(/is not an http:\/\/ or https:\/\/ URL.*Runs are not exported/),
      });
    }
    expect(
      otlpChoice({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_EXPORTER_OTLP_PROTOCOL: 'xml' }),
    ).toMatchObject({ on: false, problem: expect.stringMatching(/OTEL_EXPORTER_OTLP_PROTOCOL=xml is not supported/) });
  });
});
