// Runs as OTLP spans (issue 12 item 4), against a real OTLP/HTTP receiver: one span per run with
// the process conventions and the hook's attributes, over http/json and http/protobuf; a collector
// that hangs or is not there costs one warning and holds neither runs nor the stop; and with no
// endpoint set, nothing of OpenTelemetry is loaded.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bridgeOnStop, stopPayload, stopTestDaemons, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { startReceiver, type Receiver } from './otlp-receiver.js';

const receivers: Receiver[] = [];
afterEach(async () => {
  await stopTestDaemons();
  for (const receiver of receivers.splice(0)) await receiver.close();
  cleanupTempDirs();
});

async function receiver(mode: 'answer' | 'hang' = 'answer'): Promise<Receiver> {
  const started = await startReceiver(mode);
  receivers.push(started);
  return started;
}

// Two hooks on Stop: one that succeeds, one that fails with exit 3.
function daemonWith(env: Record<string, string>): TestDaemon {
  const daemon = testDaemon({
    Stop: [
      ...(bridgeOnStop('true', 10) as { Stop: object[] }).Stop,
      ...(bridgeOnStop('echo oops >&2; exit 3', 10) as { Stop: object[] }).Stop,
    ],
  });
  // A short batch delay so that the test does not wait the default 5 s for a batch.
  Object.assign(daemon.env, { OTEL_BSP_SCHEDULE_DELAY: '100', ...env });
  return daemon;
}

const doneRuns = (daemon: TestDaemon, count: number) =>
  waitFor(`${count} outcomes in the history`, () => daemon.history().length >= count);

describe('OTLP traces', () => {
  it('exports one span per run over http/json, with the process and hook attributes, headers and resource', async () => {
    const collector = await receiver();
    const daemon = daemonWith({
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_EXPORTER_OTLP_HEADERS: 'x-team-token=abc123',
      OTEL_SERVICE_NAME: 'hooks-of-dev',
      OTEL_RESOURCE_ATTRIBUTES: 'team=platform',
    });
    await daemon.start();
    await daemon.emit('true', stopPayload({ n: 1 }));
    await daemon.emit('echo oops >&2; exit 3', stopPayload({ n: 2 }));
    await doneRuns(daemon, 2);
    await waitFor('two spans at the receiver', () => collector.spans().length >= 2);
    expect(collector.received[0]?.path).toBe('/v1/traces');
    expect(collector.received[0]?.headers['x-team-token']).toBe('abc123');
    const spans = collector.spans();
    expect(spans).toHaveLength(2);
    const ok = spans.find((span) => span.attributes['hookd.outcome'] === 'ok')!;
    const failed = spans.find((span) => span.attributes['hookd.outcome'] === 'failed')!;
    expect(ok.name).toBe('hook Stop');
    expect(ok.resource).toMatchObject({
      'service.name': 'hooks-of-dev',
      team: 'platform',
      'service.version': expect.any(String),
    });
    expect(ok.attributes).toMatchObject({
      'process.executable.name': 'true',
      'process.exit.code': 0,
      'hookd.event': 'Stop',
      'session.id': 'sess-1',
      'hookd.attempt': 1,
    });
    expect(ok.attributes['hookd.delivery_delay_ms']).toBeGreaterThanOrEqual(0);
    expect(ok.attributes['error.type']).toBeUndefined();
    expect(ok.attributes['process.command_line']).toBeUndefined();
    expect(failed.attributes).toMatchObject({
      'process.executable.name': 'echo',
      'process.exit.code': 3,
      'error.type': '3',
    });
    expect(failed.status).toMatchObject({ code: 2, message: 'failed (exit 3)' });
    // The span runs from the hook's start to its end, as the history has them.
    const entry = daemon.history().find((line) => line.outcome === 'failed')!;
    expect(Number(BigInt(failed.startTimeUnixNano) / 1_000_000n)).toBe(Date.parse(String(entry.startedAt)));
    expect(Number(BigInt(failed.endTimeUnixNano) / 1_000_000n)).toBe(Date.parse(String(entry.endedAt)));
  });

  it('exports over http/protobuf by default, with the command line only when HOOKD_OTEL_COMMAND=1', async () => {
    const collector = await receiver();
    const daemon = daemonWith({
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${collector.endpoint}/v1/traces`,
      HOOKD_OTEL_COMMAND: '1',
    });
    await daemon.start();
    await daemon.emit('true', stopPayload());
    await waitFor('a protobuf export', () => collector.received.length >= 1);
    const request = collector.received[0]!;
    expect(request.headers['content-type']).toBe('application/x-protobuf');
    // Not decoded: the strings of the span are in the message as they are.
    const body = request.body.toString('latin1');
    expect(body).toContain('hook Stop');
    expect(body).toContain('process.command_line');
    expect(body).toContain('hookd.outcome');
  });

  it('a collector that hangs holds neither runs nor the stop, and is said once in the log', async () => {
    const collector = await receiver('hang');
    const daemon = daemonWith({
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_EXPORTER_OTLP_TIMEOUT: '300',
      OTEL_BSP_EXPORT_TIMEOUT: '300',
    });
    await daemon.start();
    await daemon.emit('true', stopPayload({ n: 0 }));
    await waitFor('the collector to hold an export', () => collector.received.length >= 1);
    // While the collector holds that export, more runs go on.
    for (let n = 1; n <= 10; n++) await daemon.emit('true', stopPayload({ n }));
    await doneRuns(daemon, 11);
    await waitFor('the warning in the log', () => daemon.logs().includes('the OTLP collector did not take the spans'));
    await waitFor('a second export tried', () => collector.received.length >= 2);
    expect(daemon.logs().split('the OTLP collector did not take the spans').length - 1).toBe(1);
  });

  it('a collector that hangs past the stop deadline does not hold the stop', async () => {
    const collector = await receiver('hang');
    // The exporter would wait a minute: only the daemon's own flush deadline ends the stop.
    const daemon = daemonWith({
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
      OTEL_EXPORTER_OTLP_TIMEOUT: '60000',
      OTEL_BSP_EXPORT_TIMEOUT: '60000',
    });
    await daemon.start();
    await daemon.emit('true', stopPayload({ n: 0 }));
    await waitFor('the collector to hold an export', () => collector.received.length >= 1);
    await daemon.emit('true', stopPayload({ n: 1 }));
    await doneRuns(daemon, 2);
    // Not daemon.stop(), to see how it ended: a daemon that does not exit by itself is SIGKILLed by execa after 5 s.
    const child = daemon.process!;
    child.kill('SIGTERM');
    const exited = await Promise.race([
      child,
      new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 15_000)),
    ]);
    daemon.process = undefined;
    expect(exited === 'still running' ? exited : { exitCode: exited.exitCode, signal: exited.signal }).toEqual({
      exitCode: 0,
      signal: undefined,
    });
    expect(daemon.logs()).toContain('did not take the last spans before the stop deadline');
    expect(daemon.logs()).toContain('hookd daemon stopped');
  });

  it('a collector that is not there costs one warning, and the runs go on', async () => {
    const gone = await receiver();
    await gone.close();
    const daemon = daemonWith({ OTEL_EXPORTER_OTLP_ENDPOINT: gone.endpoint, OTEL_EXPORTER_OTLP_TIMEOUT: '500' });
    await daemon.start();
    for (let n = 0; n < 3; n++) await daemon.emit('true', stopPayload({ n }));
    await doneRuns(daemon, 3);
    await waitFor('the warning in the log', () => daemon.logs().includes('the OTLP collector did not take the spans'));
    for (let n = 3; n < 6; n++) await daemon.emit('true', stopPayload({ n }));
    await doneRuns(daemon, 6);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(daemon.logs().split('the OTLP collector did not take the spans').length - 1).toBe(1);
  });

  it('refuses an unsupported protocol with a warning and runs hooks as usual', async () => {
    const daemon = daemonWith({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
    });
    await daemon.start();
    await daemon.emit('true', stopPayload());
    await doneRuns(daemon, 1);
    expect(daemon.logs()).toContain('OTEL_EXPORTER_OTLP_PROTOCOL=grpc is not supported');
  });

  // A module loader hook that lists every module the daemon resolves.
  function listModules(daemon: TestDaemon): string {
    const dir = tempDir();
    const list = path.join(dir, 'modules.txt');
    writeFileSync(
      path.join(dir, 'hooks.mjs'),
      `import { appendFileSync } from 'node:fs';\nexport async function resolve(specifier, context, next) {\n  const found = await next(specifier, context);\n  appendFileSync(${JSON.stringify(list)}, found.url + '\\n');\n  return found;\n}\n`,
    );
    writeFileSync(
      path.join(dir, 'register.mjs'),
      `import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n`,
    );
    daemon.env.NODE_OPTIONS = `--import ${path.join(dir, 'register.mjs')}`;
    return list;
  }

  /** The files a daemon loaded, from its list of resolved modules. */
  const loadedFiles = (list: string): string[] =>
    [...new Set(readFileSync(list, 'utf8').split('\n'))]
      .filter((url) => url.startsWith('file:'))
      .map((url) => fileURLToPath(url));

  it('loads nothing of OpenTelemetry when no endpoint is set (and does when one is)', async () => {
    const off = daemonWith({});
    const offList = listModules(off);
    await off.start();
    await off.emit('true', stopPayload());
    await doneRuns(off, 1);
    const collector = await receiver();
    const on = daemonWith({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint });
    const onList = listModules(on);
    await on.start();
    await on.emit('true', stopPayload());
    await doneRuns(on, 1);
    // The daemon runs bundled (dist/bin.js and its chunks): a module of the SDK is known by the
    // path the bundle names it by, in the file that was loaded.
    const sdkLoaded = (list: string) =>
      loadedFiles(list).some((file) =>
        readFileSync(file, 'utf8').includes('node_modules/@opentelemetry/sdk-trace-base/'),
      );
    expect(loadedFiles(offList).some((file) => file.endsWith(path.join('dist', 'bin.js')))).toBe(true);
    expect(sdkLoaded(offList)).toBe(false);
    expect(sdkLoaded(onList)).toBe(true);
  });
});
