// Requests to a test daemon's hook endpoint the way a client sends them, one connection each, and
// raw ones that break the rules; the listener's port is read from the daemon's log.
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestDaemon } from '../helpers/daemon-process.js';
import { waitFor } from '../helpers/wait-for.js';
import { hookdUrl } from '../../src/settings/hookd-url.js';

export interface HookAnswer {
  status: number;
  body: string;
}

/** The port of the daemon's loopback listener (it listens on any free port in tests) and the user's token. */
export async function hookTarget(daemon: TestDaemon): Promise<{ port: number; token: string }> {
  let port = 0;
  await waitFor(
    'the hook endpoint to listen',
    () => (port = Number(/hook endpoint listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(daemon.logs())?.[1] ?? 0)) > 0,
  );
  return { port, token: readFileSync(path.join(daemon.stateDir, 'local-token'), 'utf8').trim() };
}

/** The request target (path and query) a client posts `event` for `command` to. */
export function hookPath(port: number, event: string, command: string): string {
  const url = new URL(hookdUrl(port, event, command));
  return url.pathname + url.search;
}

export interface RawOptions {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Send only these bytes of the body, then wait (a client that stalls). */
  sendOnly?: number;
}

/** One request on a new connection; resolves with the answer (or rejects on a connection error). */
export function rawRequest(port: number, options: RawOptions): Promise<HookAnswer> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : Buffer.from(options.body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'POST',
        path: options.path,
        headers: options.headers,
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (body && options.sendOnly !== undefined) req.write(body.subarray(0, options.sendOnly));
    else req.end(body);
  });
}

/** The headers Claude Code sends (2.1.330: axios, JSON, the entry's Authorization). */
export function clientHeaders(port: number, token: string, body: string | Buffer): Record<string, string> {
  return {
    host: `127.0.0.1:${port}`,
    'content-type': 'application/json',
    authorization: `Bearer ${token}`,
    'content-length': String(Buffer.byteLength(body)),
  };
}
