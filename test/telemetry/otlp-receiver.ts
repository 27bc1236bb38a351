// A small OTLP/HTTP receiver for the tests: it takes POST /v1/traces and keeps each request, or
// (hang) takes the request and never answers, as a stuck collector does.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A span of an http/json export, with its attributes flattened to plain values. */
export interface JsonSpan {
  name: string;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  status?: { code?: number; message?: string };
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
}

export interface Receiver {
  endpoint: string;
  received: Received[];
  /** The spans of every http/json request so far. */
  spans(): JsonSpan[];
  close(): Promise<void>;
}

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
const value = (v: AnyValue) =>
  v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.boolValue ?? v.doubleValue));
const flatten = (list: { key: string; value: AnyValue }[] = []) =>
  Object.fromEntries(list.map((a) => [a.key, value(a.value)]));

interface ExportBody {
  resourceSpans: {
    resource: { attributes: { key: string; value: AnyValue }[] };
    scopeSpans: {
      spans: (Omit<JsonSpan, 'attributes' | 'resource'> & { attributes: { key: string; value: AnyValue }[] })[];
    }[];
  }[];
}

/** Start a receiver on a free loopback port; `hang` takes requests and never answers them. */
export async function startReceiver(mode: 'answer' | 'hang' = 'answer'): Promise<Receiver> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      if (mode === 'hang') return;
      res.writeHead(200, { 'content-type': String(req.headers['content-type'] ?? 'application/json') });
      res.end(req.headers['content-type'] === 'application/json' ? '{}' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    received,
    spans: () =>
      received
        .filter((r) => r.headers['content-type'] === 'application/json')
        .flatMap((r) => (JSON.parse(r.body.toString()) as ExportBody).resourceSpans)
        .flatMap((rs) =>
          rs.scopeSpans.flatMap((ss) =>
            ss.spans.map((span) => ({
              ...span,
              attributes: flatten(span.attributes),
              resource: flatten(rs.resource.attributes),
            })),
          ),
        ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
