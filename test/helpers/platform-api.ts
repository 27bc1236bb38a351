// Shared by the API tests: temp dirs, an emulator per test with the test hooks on, a proxy mounted
// on a real node:http server on a unix socket, and the built binary run as a child process.
import http from 'node:http';
import { mkdtempSync, rmSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { execa } from 'execa';
import { onTestFinished } from 'vitest';
import { pino } from 'pino';
import {
  startEmulator,
  type EmulatorOptions,
  type RunningEmulator,
} from '../../src/platform/emulator/start-emulator.js';
import { createProxy, type ProxyOptions } from '../../src/platform/api/proxy.js';
import type { TestHooks, Fault } from '../../src/platform/emulator/test-faults.js';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const BIN = path.join(ROOT, 'bin', 'hookd');

/** A distinctive key, so a search for it in output means something. */
export function makeKey(): string {
  return `sk-test-${randomBytes(12).toString('hex')}`;
}

/** A temp dir removed when the test ends. */
export function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'hookd-api-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export interface TestEmulator extends RunningEmulator {
  key: string;
  hooks: TestHooks;
  fault(fault: Partial<Fault>): void;
}

/** An in-process emulator with the test hooks, closed when the test ends. */
export async function emulator(options: Partial<EmulatorOptions> = {}): Promise<TestEmulator> {
  const key = options.key ?? makeKey();
  const running = await startEmulator({ runMs: 60_000, ...options, key, testHooks: true });
  onTestFinished(() => running.close());
  const hooks = running.testHooks as TestHooks;
  const fault = (input: Partial<Fault>) => {
    const problems = hooks.add(input);
    if (problems.length > 0) throw new Error(problems.join('\n'));
  };
  return { ...running, key, hooks, fault };
}

/** Collected log lines of a pino logger. */
export function captureLogger(): { logger: ProxyOptions['logger']; text: () => string } {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return {
    logger: pino(
      {
        level: 'debug',
        redact: {
          paths: ['apiKey', '*.apiKey', 'headers.authorization', '*.headers.authorization'],
          censor: '[redacted]',
        },
      },
      sink,
    ),
    text: () => chunks.join(''),
  };
}

/** The proxy mounted on a node:http server on a unix socket, as the daemon mounts it. */
export async function proxyServer(
  dir: string,
  options: Omit<ProxyOptions, 'logger'>,
): Promise<{ socket: string; logs: () => string }> {
  const { logger, text } = captureLogger();
  const proxy = createProxy({ ...options, logger });
  const server = http.createServer((req, res) => {
    void proxy.handle(req, res).then((handled) => {
      if (!handled) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('daemon route not found');
      }
    });
  });
  const socket = path.join(dir, 'hookd.sock');
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        proxy.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return { socket, logs: text };
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: () => any;
}

/** One HTTP request over a unix socket. */
export function socketRequest(
  socket: string,
  method: string,
  pathAndQuery: string,
  body?: string | Buffer,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        socketPath: socket,
        method,
        path: pathAndQuery,
        headers: { host: 'hookd', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Run the built binary; never rejects. */
export async function hookd(args: string[], env: Record<string, string | undefined>, input?: string) {
  if (!existsSync(path.join(ROOT, 'dist', 'bin.js')))
    throw new Error('dist/bin.js is missing: run npm run build before the CLI tests');
  const result = await execa(BIN, args, {
    env: { PATH: process.env.PATH, ...env },
    extendEnv: false,
    reject: false,
    timeout: 60_000,
    input: input ?? '',
    stripFinalNewline: false,
  });
  return {
    code: result.exitCode,
    stdout: String(result.stdout),
    stderr: String(result.stderr),
    timedOut: result.timedOut,
  };
}

/** Every regular file under `dir` whose bytes contain `secret` (the key must be in none). */
export function filesContaining(dir: string, secret: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, entry);
    if (statSync(file).isFile() && readFileSync(file).includes(secret)) found.push(file);
  }
  return found;
}
