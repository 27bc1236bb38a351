// GET /metrics: the daemon's counters on the socket, and a real Prometheus server (Debian's
// `prometheus`, installed by .ci/run) scraping the loopback TCP listener with the token file,
// then asked through its HTTP API for the runs this test made.
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa, type ResultPromise } from 'execa';
import { testDaemon, stopPayload, stopTestDaemons, type TestDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { freePort } from '../../bench/free-port.mjs';

const PROMETHEUS = '/usr/bin/prometheus';
let prometheus: ResultPromise | undefined;

afterEach(async () => {
  prometheus?.kill('SIGKILL');
  await prometheus;
  prometheus = undefined;
  await stopTestDaemons();
  cleanupTempDirs();
});

async function runAndWait(
  daemon: TestDaemon,
  command: string,
  n: number,
  env: Record<string, string> = {},
): Promise<void> {
  const before = daemon.history().length;
  await daemon.emit(command, stopPayload({ n }), env);
  await waitFor(`the run of ${command}`, () => daemon.history().length > before);
}

const metricsText = async (daemon: TestDaemon) => String((await daemon.request('GET', '/metrics')).body);

describe('/metrics', () => {
  it('counts runs by event and outcome, their times, the queue, the inbox, reload failures and proxy answers', async () => {
    const daemon = testDaemon();
    await daemon.start();
    await runAndWait(daemon, 'true', 1);
    await runAndWait(daemon, 'exit 3', 2);
    // Sent as Claude Code sends it: the client label says so (issue 23).
    await runAndWait(daemon, 'true', 3, { CLAUDECODE: '1' });
    // A record whose payload cannot be read has no event name: `other`, as docs/observability.md says.
    const beforeRejected = daemon.history().length;
    await daemon.emit('true', 'not json');
    await waitFor('the rejected record', () => daemon.history().length > beforeRejected);
    // Event names no client sends (a payload chooses its own) share one label, so series stay bounded.
    for (const name of ['Made-Up-1', 'Made-Up-2']) {
      const before = daemon.history().length;
      await daemon.emit('true', stopPayload({ hook_event_name: name }));
      await waitFor(`the run of ${name}`, () => daemon.history().length > before);
    }
    writeFileSync(daemon.settings, '{ "hooks": ');
    await waitFor('the failed reload', async () =>
      /^hookd_settings_reload_failures_total 1$/m.test(await metricsText(daemon)),
    );
    const proxied = await daemon.request('GET', '/api/v0/sessions');
    const text = await metricsText(daemon);
    expect(text).toMatch(/^hookd_runs_total\{event="Stop",outcome="ok",client="other"\} 1$/m);
    expect(text).toMatch(/^hookd_runs_total\{event="Stop",outcome="ok",client="claude"\} 1$/m);
    expect(text).toMatch(/^hookd_runs_total\{event="Stop",outcome="failed",client="other"\} 1$/m);
    expect(text).toMatch(/^hookd_runs_total\{event="other",outcome="ok",client="other"\} 2$/m);
    expect(text).toMatch(/^hookd_runs_total\{event="other",outcome="rejected",client="other"\} 1$/m);
    expect(text).not.toMatch(/unknown/);
    expect(text).not.toMatch(/Made-Up/);
    expect(text).toMatch(/^hookd_run_duration_seconds_count\{event="Stop"\} 3$/m);
    expect(text).toMatch(/^hookd_delivery_delay_seconds_count\{event="Stop"\} 3$/m);
    expect(text).toMatch(/^hookd_delivery_delay_seconds_bucket\{le="\+Inf",event="Stop"\} 3$/m);
    expect(text).toMatch(/^hookd_queue_depth 0$/m);
    expect(text).toMatch(/^hookd_inbox_backlog 0$/m);
    expect(text).toMatch(new RegExp(`^hookd_proxy_requests_total\\{status="${proxied.status}"\\} 1$`, 'm'));
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('is scraped by a real Prometheus over the loopback listener with the token file', async () => {
    const daemon = testDaemon();
    await daemon.start(['--tcp-port', '0']);
    const port = await daemon.loopbackPort();
    for (let n = 0; n < 3; n++) await runAndWait(daemon, 'true', n);
    await runAndWait(daemon, 'exit 1', 9);

    const config = path.join(daemon.dir, 'prometheus.yml');
    writeFileSync(
      config,
      [
        'global:',
        '  scrape_interval: 1s',
        'scrape_configs:',
        '  - job_name: hookd',
        '    scrape_interval: 1s',
        '    authorization:',
        `      credentials_file: ${path.join(daemon.stateDir, 'local-token')}`,
        '    static_configs:',
        `      - targets: ['127.0.0.1:${port}']`,
        '',
      ].join('\n'),
    );
    const web = await freePort();
    prometheus = execa(
      PROMETHEUS,
      [
        `--config.file=${config}`,
        `--storage.tsdb.path=${path.join(daemon.dir, 'tsdb')}`,
        `--web.listen-address=127.0.0.1:${web}`,
      ],
      { reject: false, all: true, buffer: true },
    );
    type Result = { metric: { event: string; outcome: string; job: string }; value: [number, string] };
    const query = async (promql: string): Promise<Result[]> => {
      try {
        const response = await fetch(`http://127.0.0.1:${web}/api/v1/query?query=${encodeURIComponent(promql)}`);
        return ((await response.json()) as { data: { result: Result[] } }).data.result;
      } catch {
        return [];
      }
    };
    const runs = await waitFor(
      'Prometheus to have scraped hookd_runs_total',
      async () => {
        const result = await query('hookd_runs_total');
        return result.length === 2 ? result : undefined;
      },
      60_000,
    );
    const byOutcome = Object.fromEntries(runs.map((r) => [r.metric.outcome, Number(r.value[1])]));
    expect(byOutcome).toEqual({ ok: 3, failed: 1 });
    expect(runs[0]!.metric).toMatchObject({ event: 'Stop', job: 'hookd' });
    const up = await query('up{job="hookd"}');
    expect(up.map((r) => r.value[1])).toEqual(['1']);
  });
});
